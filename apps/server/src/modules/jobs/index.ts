/**
 * Jobs: background work handed over by requests (`deps.jobs.send`) and the periodic tasks, on an
 * engine made for it — BullMQ on Redis or on PostgreSQL where the install has one (retries with
 * backoff, a failed list, periodic tasks once across instances, concurrency per queue across
 * instances), else the embedded in-process runner behind the same interface (decision 0059).
 * Admins list the queues, read failed jobs' errors and retry them.
 *
 * This file is the module's one public face (decision 0051): other modules and the composition
 * (app.ts, deps.ts, server-modules.ts) import only what it exports.
 */
import { Gauge } from 'prom-client';
import type { Deps, ServerModule } from '#src/platform/deps';
import type { JobQueueDefinition, SendOptions } from '#src/platform/jobs';
import type { ScheduledTask } from '#src/platform/schedule';
import { createBullmqEngine } from './bullmq';
import { type JobEngine, specOf } from './engine';
import { errorText } from './error-text';
import { createInProcessEngine } from './in-process';
import { jobsRoutes } from './jobs.routes';

export type { JobQueueDefinition, JobRun, SendOptions } from '#src/platform/jobs';
export { PermanentJobError } from './engine';

export type Jobs = {
  engine: JobEngine;
  /** Adds a job to a declared queue; it runs after this resolves, on whichever instance takes it. */
  send(queue: string, data: unknown, opts?: SendOptions): Promise<void>;
  /** Starts the workers of the modules' queues (every app) — `buildApp` calls it. */
  start(queues: readonly JobQueueDefinition[]): Promise<void>;
  /** Starts the periodic tasks (the server process only) — `buildApp` calls it. */
  startPeriodic(tasks: readonly ScheduledTask[]): Promise<void>;
  /** Resolves once no job waits or runs (tests; delayed retries aside). */
  flush(): Promise<void>;
};

declare module '#src/platform/deps' {
  interface Deps {
    jobs: Jobs;
  }
}

/** The engine this install's settings name (JOB_ENGINE, `auto`: Redis, else PostgreSQL, else in-process). */
export function engineKindOf(config: Deps['config']): JobEngine['kind'] {
  const wanted = config.jobEngine;
  if (wanted === 'redis' && !config.redisUrl) throw new Error('JOB_ENGINE=redis needs REDIS_URL');
  if (wanted === 'postgres' && !config.databaseUrl) throw new Error('JOB_ENGINE=postgres needs DATABASE_URL');
  if (wanted !== 'auto') return wanted;
  return config.redisUrl ? 'redis' : config.databaseUrl ? 'postgres' : 'in-process';
}

export function createEngine(deps: Deps): JobEngine {
  const onFailure = (queue: string, err: unknown) => {
    deps.log.error({ queue, error: errorText(err) }, 'job failed for good');
    deps.ops.taskFailed(queue);
  };
  const kind = engineKindOf(deps.config);
  if (kind === 'in-process') return createInProcessEngine(deps.log, onFailure);
  // On Redis the install's REDIS_PREFIX starts BullMQ's key prefix, as it starts every other key;
  // the queues' names keep only what follows it in the bus namespace (a test's), so the prefix
  // never renames the queues of the PostgreSQL engine.
  const { redisPrefix } = deps.config;
  const namespace = deps.busNamespace.startsWith(redisPrefix)
    ? deps.busNamespace.slice(redisPrefix.length)
    : deps.busNamespace;
  const target =
    kind === 'redis'
      ? { kind, url: deps.config.redisUrl!, prefix: redisPrefix }
      : { kind, url: deps.config.databaseUrl! };
  return createBullmqEngine(target, namespace, deps.log, onFailure);
}

export const jobsModule: ServerModule = {
  name: 'jobs',
  register(deps) {
    const engine = createEngine(deps);
    deps.jobs = {
      engine,
      send: (queue, data, opts) => engine.send(queue, data, opts),
      start: (queues) => engine.start(queues.map(specOf)),
      startPeriodic: (tasks) => engine.startPeriodic(tasks),
      flush: () => engine.flush(),
    };
    new Gauge({
      name: 'zema_job_queue_jobs',
      help: 'Jobs per queue (and periodic task) by state: waiting, active, delayed, failed',
      labelNames: ['queue', 'state'],
      registers: [deps.ops.metrics.registry],
      async collect() {
        for (const q of await engine.overview().catch(() => [])) {
          for (const state of ['waiting', 'active', 'delayed', 'failed'] as const) {
            this.labels(q.name, state).set(q[state]);
          }
        }
      },
    });
  },
  apiRoutes: [jobsRoutes],
  async close(deps) {
    await deps.jobs.engine.stop();
  },
};
