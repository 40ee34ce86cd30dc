import type { FailedJob, JobQueue } from '@zema/contracts/jobs/jobs.operations';
import type { FastifyBaseLogger } from 'fastify';
import type { SendOptions } from '#src/platform/jobs';
import { type Schedule, type ScheduledTask, startSchedule } from '#src/platform/schedule';
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

type Job = SentJob & { id: string; key?: string; attempt: number };
type Failed = { job: Job; at: Date; error: string };
type QueueState = {
  spec: QueueSpec | undefined;
  waiting: Job[];
  active: Set<Job>;
  delayed: Map<Job, NodeJS.Timeout>;
  failed: Failed[];
  completed: number;
};
type PeriodicState = { task: ScheduledTask; active: number; failed: Failed[]; completed: number };

/**
 * The embedded engine: jobs live in this process's memory, so a job not finished when the process
 * stops is lost — the queues that use it keep their state in the database as well (a track draft
 * stays `queued` and is sent again at start). Periodic tasks run on each instance's own schedule
 * (decision 0030). Retries wait `backoffMs`, doubled for each further try; timers are unref'd.
 */
export function createInProcessEngine(log: FastifyBaseLogger, onFailure: FailureReport): JobEngine {
  const queues = new Map<string, QueueState>();
  const periodic = new Map<string, PeriodicState>();
  const idle = new Set<() => void>();
  let schedule: Schedule | undefined;
  let stopped = false;
  let nextId = 1;

  const stateOf = (name: string): QueueState => {
    let state = queues.get(name);
    if (!state) {
      state = {
        spec: undefined,
        waiting: [],
        active: new Set(),
        delayed: new Map(),
        failed: [],
        completed: 0,
      };
      queues.set(name, state);
    }
    return state;
  };
  const busy = () => [...queues.values()].some((q) => q.waiting.length > 0 || q.active.size > 0);
  const settle = () => {
    if (busy()) return;
    for (const resolve of idle) resolve();
    idle.clear();
  };

  const pump = (state: QueueState) => {
    const spec = state.spec;
    while (spec && !stopped && state.active.size < spec.concurrency && state.waiting.length) {
      const job = state.waiting.shift()!;
      state.active.add(job);
      job.attempt += 1;
      // After this turn's I/O, as deps.background does: a sender's answer never waits for its job.
      void new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => runTry(spec.name, spec.run, job, job.attempt - 1, spec.attempts))
        .then(
          () => {
            state.completed = Math.min(state.completed + 1, Number.MAX_SAFE_INTEGER);
          },
          (err: unknown) => {
            if (job.attempt < spec.attempts && !stopped && !(err instanceof PermanentJobError)) {
              const timer = setTimeout(
                () => {
                  state.delayed.delete(job);
                  state.waiting.push(job);
                  pump(state);
                },
                spec.backoffMs * 2 ** (job.attempt - 1),
              );
              timer.unref();
              state.delayed.set(job, timer);
              log.warn(
                { queue: spec.name, job: job.id, attempt: job.attempt, error: errorText(err) },
                'job failed, will retry',
              );
              return;
            }
            state.failed.unshift({ job, at: new Date(), error: errorText(err) });
            state.failed.length = Math.min(state.failed.length, FAILED_KEPT);
            onFailure(spec.name, err);
          },
        )
        .finally(() => {
          state.active.delete(job);
          pump(state);
          settle();
        });
    }
  };

  const pending = (state: QueueState, key: string) =>
    state.waiting.some((j) => j.key === key) ||
    [...state.active].some((j) => j.key === key) ||
    [...state.delayed.keys()].some((j) => j.key === key);

  const counts = (name: string, spec: { concurrency: number; attempts: number }) => ({
    name,
    concurrency: spec.concurrency,
    attempts: spec.attempts,
  });
  const failedView = (queue: string, f: Failed): FailedJob => ({
    id: f.job.id,
    queue,
    attempts: f.job.attempt,
    failed_at: f.at.toISOString(),
    error: f.error,
  });

  return {
    kind: 'in-process',
    async start(specs) {
      for (const spec of specs) stateOf(spec.name).spec = spec;
      for (const state of queues.values()) pump(state);
    },
    async startPeriodic(tasks) {
      const counted = tasks.map((task): ScheduledTask => {
        const state: PeriodicState = { task, active: 0, failed: [], completed: 0 };
        periodic.set(task.name, state);
        return {
          ...task,
          run: async () => {
            state.active += 1;
            try {
              await task.run();
              state.completed += 1;
            } catch (err) {
              state.failed.unshift({
                job: { id: `${nextId++}`, data: null, attempt: 1 },
                at: new Date(),
                error: errorText(err),
              });
              state.failed.length = Math.min(state.failed.length, FAILED_KEPT);
              onFailure(task.name, err);
            } finally {
              state.active -= 1;
            }
          },
        };
      });
      schedule = startSchedule(counted, log);
    },
    async send(queue, data, opts: SendOptions = {}) {
      const state = stateOf(queue);
      if (opts.key && pending(state, opts.key)) return;
      const job: Job = { ...sentJob(data), id: String(nextId++), key: opts.key, attempt: 0 };
      if (opts.delayMs && opts.delayMs > 0) {
        const timer = setTimeout(() => {
          state.delayed.delete(job);
          state.waiting.push(job);
          pump(state);
        }, opts.delayMs);
        timer.unref();
        state.delayed.set(job, timer);
        return;
      }
      state.waiting.push(job);
      pump(state);
    },
    async overview() {
      const list: JobQueue[] = [];
      for (const [name, q] of queues) {
        if (!q.spec) continue;
        list.push({
          ...counts(name, q.spec),
          kind: 'queue',
          every_ms: null,
          waiting: q.waiting.length,
          active: q.active.size,
          delayed: q.delayed.size,
          failed: q.failed.length,
          completed: Math.min(q.completed, COMPLETED_KEPT),
        });
      }
      for (const [name, p] of periodic) {
        list.push({
          ...counts(name, { concurrency: 1, attempts: 1 }),
          kind: 'periodic',
          every_ms: p.task.everyMs,
          waiting: 0,
          active: p.active,
          delayed: p.active ? 0 : 1,
          failed: p.failed.length,
          completed: Math.min(p.completed, COMPLETED_KEPT),
        });
      }
      return list;
    },
    async failed(queue, limit) {
      const q = queues.get(queue);
      if (q?.spec) return q.failed.slice(0, limit).map((f) => failedView(queue, f));
      const p = periodic.get(queue);
      return p ? p.failed.slice(0, limit).map((f) => failedView(queue, f)) : undefined;
    },
    async retry(queue, id) {
      const q = queues.get(queue);
      if (q?.spec) {
        const at = q.failed.findIndex((f) => f.job.id === id);
        if (at < 0) return false;
        const [{ job }] = q.failed.splice(at, 1) as [Failed];
        job.attempt = 0;
        q.waiting.push(job);
        pump(q);
        return true;
      }
      const p = periodic.get(queue);
      const at = p ? p.failed.findIndex((f) => f.job.id === id) : -1;
      if (!p || at < 0) return false;
      // A periodic task has no data: trying again is running it now.
      p.failed.splice(at, 1);
      void p.task.run().catch((err: unknown) => onFailure(queue, err));
      return true;
    },
    flush() {
      if (!busy()) return Promise.resolve();
      return new Promise<void>((resolve) => idle.add(resolve));
    },
    async stop() {
      stopped = true;
      await schedule?.stop();
      for (const q of queues.values()) for (const timer of q.delayed.values()) clearTimeout(timer);
      while ([...queues.values()].some((q) => q.active.size)) {
        await new Promise<void>((resolve) => idle.add(resolve));
        if (![...queues.values()].some((q) => q.active.size)) break;
      }
    },
  };
}
