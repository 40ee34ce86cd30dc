import type { FailedJob, JobQueue } from '@zema/contracts/jobs/jobs.operations';
import { createPostgresBackend, type Job, Queue, runMigrations, UnrecoverableError, Worker } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { SendOptions } from '#src/platform/jobs';
import type { ScheduledTask } from '#src/platform/schedule';
import {
  COMPLETED_KEPT,
  FAILED_KEPT,
  type FailureReport,
  type JobEngine,
  PermanentJobError,
  type QueueSpec,
  runTry,
  type SentJob,
  sentJob,
} from './engine';
import { errorText } from './error-text';

/** `prefix`: the install's REDIS_PREFIX (config.redisPrefix), before BullMQ's `zema-jobs`. */
export type BullmqTarget =
  | { kind: 'redis'; url: string; prefix?: string }
  | { kind: 'postgres'; url: string };

type Entry = {
  queue: Queue;
  worker?: Worker;
  kind: 'queue' | 'periodic';
  everyMs: number | null;
  concurrency: number;
  attempts: number;
  backoffMs: number;
};

/** BullMQ forbids `:` in queue names: a namespace such as `test-ab12:` becomes `test-ab12-`. */
const queueName = (namespace: string, name: string) => `${namespace.replace(/[^\w-]/g, '-')}${name}`;

/**
 * BullMQ on Redis (REDIS_URL) or on PostgreSQL (DATABASE_URL; BullMQ's own schema `bullmq`): jobs
 * are stored there, so they survive restarts and any instance may run them. Each queue's global
 * concurrency holds across instances; a periodic task is a job scheduler (one job per period,
 * whichever instance takes it). Failed jobs stay in the queue's failed set (the newest
 * FAILED_KEPT) until retried. A job's error is stored scrubbed (errorText).
 */
export function createBullmqEngine(
  target: BullmqTarget,
  namespace: string,
  log: FastifyBaseLogger,
  onFailure: FailureReport,
): JobEngine {
  const entries = new Map<string, Entry>();
  const connections: { redis?: Redis; pool?: pg.Pool } = {};
  const onError = (err: Error) => log.error({ err }, 'job queue connection error');

  const connection = () => {
    if (target.kind === 'redis') {
      // Workers block on this connection's duplicates; BullMQ requires no retry limit per command.
      connections.redis ??= new Redis(target.url, { maxRetriesPerRequest: null, lazyConnect: false });
      return { opts: { connection: connections.redis, prefix: `${target.prefix ?? ''}zema-jobs` } };
    }
    if (!connections.pool) {
      // BullMQ's statements name its tables unqualified: every connection of this pool looks in
      // its schema first (as the pools BullMQ builds itself do).
      connections.pool = new pg.Pool({
        connectionString: target.url,
        // For the queues' calls; each worker adds one for its LISTEN (work()).
        max: 4,
        options: '-c search_path=bullmq',
      });
      connections.pool.on('error', onError);
    }
    return { opts: { connection: connections.pool }, backend: createPostgresBackend };
  };

  // BullMQ's tables live in their own schema (`bullmq`), created or updated once, under its lock.
  let migrated: Promise<void> | undefined;
  const prepare = () => {
    if (target.kind !== 'postgres') return Promise.resolve();
    connection();
    migrated ??= runMigrations(connections.pool!).then(() => undefined);
    return migrated;
  };

  const open = (name: string, init: Omit<Entry, 'queue'>): Entry => {
    const existing = entries.get(name);
    if (existing) return existing;
    const { opts, backend } = connection();
    const queue = backend
      ? new Queue(queueName(namespace, name), opts as never, backend as never)
      : new Queue(queueName(namespace, name), opts as never);
    queue.on('error', onError);
    const entry = { ...init, queue };
    entries.set(name, entry);
    return entry;
  };

  const work = async (entry: Entry, name: string, run: QueueSpec['run']) => {
    const { opts, backend } = connection();
    // On PostgreSQL each worker keeps one connection of the pool to LISTEN for its jobs: the pool
    // grows by one per worker, so the queues' own calls (add, counts, moves) always find one.
    if (connections.pool) (connections.pool as unknown as { options: { max: number } }).options.max += 1;
    const processor = async (job: Job<SentJob>) => {
      try {
        return await runTry(name, run, job.data, job.attemptsMade, job.opts.attempts ?? 1);
      } catch (err) {
        // What BullMQ stores as the failed reason: scrubbed, never a bound value or an email. A
        // permanent failure is BullMQ's unrecoverable one: failed at once, whatever tries are left.
        if (err instanceof PermanentJobError) throw new UnrecoverableError(errorText(err));
        throw new Error(errorText(err));
      }
    };
    const workerOpts = { ...opts, concurrency: entry.concurrency } as never;
    const worker = backend
      ? new Worker(queueName(namespace, name), processor, workerOpts, backend as never)
      : new Worker(queueName(namespace, name), processor, workerOpts);
    worker.on('error', onError);
    worker.on('failed', (job, err) => {
      if (!job) return;
      if (err.name === 'UnrecoverableError' || job.attemptsMade >= (job.opts.attempts ?? 1))
        onFailure(name, err);
      else
        log.warn(
          { queue: name, job: job.id, attempt: job.attemptsMade, error: err.message },
          'job failed, will retry',
        );
    });
    entry.worker = worker;
    await entry.queue.setGlobalConcurrency(entry.concurrency);
  };

  const idleOf = async (entry: Entry) => {
    const c = await entry.queue.getJobCounts('waiting', 'active', 'prioritized');
    return (c.waiting ?? 0) + (c.active ?? 0) + (c.prioritized ?? 0) === 0;
  };

  return {
    kind: target.kind,
    async start(specs: readonly QueueSpec[]) {
      await prepare();
      for (const spec of specs) {
        const entry = open(spec.name, {
          kind: 'queue',
          everyMs: null,
          concurrency: spec.concurrency,
          attempts: spec.attempts,
          backoffMs: spec.backoffMs,
        });
        await work(entry, spec.name, spec.run);
      }
      // Queues without a worker here (declared elsewhere) are still listed once sent to.
    },
    async startPeriodic(tasks: readonly ScheduledTask[]) {
      await prepare();
      for (const task of tasks) {
        const entry = open(task.name, {
          kind: 'periodic',
          everyMs: task.everyMs,
          concurrency: 1,
          attempts: 1,
          backoffMs: 0,
        });
        entry.kind = 'periodic';
        entry.everyMs = task.everyMs;
        // Upserted by every instance at start: one scheduler, one job per period.
        await entry.queue.upsertJobScheduler(
          task.name,
          { every: task.everyMs },
          {
            name: task.name,
            opts: { attempts: 1, removeOnComplete: COMPLETED_KEPT, removeOnFail: FAILED_KEPT },
          },
        );
        await work(entry, task.name, () => task.run());
      }
    },
    async send(name, data, opts: SendOptions = {}) {
      const entry = entries.get(name);
      if (entry?.kind !== 'queue') throw new Error(`No job queue named ${name}`);
      await entry.queue.add(name, sentJob(data), {
        attempts: entry.attempts,
        backoff: { type: 'exponential', delay: entry.backoffMs },
        removeOnComplete: COMPLETED_KEPT,
        removeOnFail: FAILED_KEPT,
        ...(opts.delayMs ? { delay: opts.delayMs } : {}),
        ...(opts.key ? { deduplication: { id: opts.key.replace(/:/g, '-') } } : {}),
      });
    },
    async overview() {
      const list: JobQueue[] = [];
      for (const [name, entry] of entries) {
        const c = await entry.queue.getJobCounts(
          'waiting',
          'prioritized',
          'active',
          'delayed',
          'failed',
          'completed',
        );
        list.push({
          name,
          kind: entry.kind,
          every_ms: entry.everyMs,
          concurrency: entry.concurrency,
          attempts: entry.attempts,
          waiting: (c.waiting ?? 0) + (c.prioritized ?? 0),
          active: c.active ?? 0,
          delayed: c.delayed ?? 0,
          failed: c.failed ?? 0,
          completed: c.completed ?? 0,
        });
      }
      return list;
    },
    async failed(name, limit) {
      const entry = entries.get(name);
      if (!entry) return undefined;
      const jobs = await entry.queue.getFailed(0, limit - 1);
      return jobs.map(
        (job): FailedJob => ({
          id: String(job.id),
          queue: name,
          attempts: job.attemptsMade,
          failed_at: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
          error: job.failedReason ?? '',
        }),
      );
    },
    async retry(name, id) {
      const entry = entries.get(name);
      const job = entry ? await entry.queue.getJob(id) : undefined;
      if (!job || (await job.getState()) !== 'failed') return false;
      await job.retry('failed', { resetAttemptsMade: true });
      return true;
    },
    async flush() {
      for (;;) {
        const idle = await Promise.all([...entries.values()].filter((e) => e.worker).map(idleOf));
        if (idle.every(Boolean)) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async stop() {
      await Promise.all([...entries.values()].map((e) => e.worker?.close()));
      await Promise.all([...entries.values()].map((e) => e.queue.close()));
      entries.clear();
      if (connections.redis) await connections.redis.quit().catch(() => connections.redis?.disconnect());
      await connections.pool?.end();
    },
  };
}
