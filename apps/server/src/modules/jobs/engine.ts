import type { FailedJob, JobEngine as JobEngineKind, JobQueue } from '@zema/contracts/jobs/jobs.operations';
import type { JobQueueDefinition, SendOptions } from '#src/platform/jobs';
import type { ScheduledTask } from '#src/platform/schedule';
import { currentReqId, currentTrace, inJobSpan, runDetached } from '#src/platform/work-context';

export const DEFAULT_ATTEMPTS = 5;
export const DEFAULT_BACKOFF_MS = 10_000;
/** Failed jobs kept per queue (the dead-letter list), and finished ones counted. */
export const FAILED_KEPT = 100;
export const COMPLETED_KEPT = 100;

/**
 * Thrown by a job's `run` when trying again cannot help (a mail server refused the message for
 * good): the job fails at once, whatever tries are left, and joins the failed list with its
 * cause's text. The one way to say it, whichever engine runs the job (BullMQ: it becomes its
 * `UnrecoverableError`).
 */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

/** A run's try as the engines tell it: `made` tries failed before this one. */
export const jobRun = (made: number, attempts: number) => ({
  attempt: made + 1,
  attempts,
  last: made + 1 >= attempts,
});

/** A job as an engine keeps it: its data, and the id and trace (W3C headers) of the request that sent it. */
export type SentJob = { data: unknown; reqId?: string; trace?: Record<string, string> };

/** `data` as a job sent now, from the current request (work-context.ts). */
export const sentJob = (data: unknown): SentJob => ({ data, reqId: currentReqId(), trace: currentTrace() });

/**
 * Runs one try of a job of `queue`: with the id of the request that sent it (its log lines) and as
 * a span of that request's trace when tracing is on. `made` tries failed before this one.
 */
export const runTry = (
  queue: string,
  run: QueueSpec['run'],
  job: SentJob | undefined,
  made: number,
  attempts: number,
) =>
  runDetached(job?.reqId, () => inJobSpan(queue, job?.trace, () => run(job?.data, jobRun(made, attempts))));

/** A queue's settings with the defaults filled in. */
export type QueueSpec = Required<Omit<JobQueueDefinition, 'run'>> & Pick<JobQueueDefinition, 'run'>;

export const specOf = (q: JobQueueDefinition): QueueSpec => ({
  name: q.name,
  run: q.run,
  concurrency: q.concurrency ?? 1,
  attempts: q.attempts ?? DEFAULT_ATTEMPTS,
  backoffMs: q.backoffMs ?? DEFAULT_BACKOFF_MS,
});

/** What an engine tells the module about a job that failed for good, or a periodic run that failed. */
export type FailureReport = (queue: string, err: unknown) => void;

/** One way of running jobs: in this process, or on BullMQ (Redis or PostgreSQL). */
export interface JobEngine {
  readonly kind: JobEngineKind;
  /** Starts running the jobs of these queues (jobs sent before are kept and run then). */
  start(queues: readonly QueueSpec[]): Promise<void>;
  /** Runs these tasks every `everyMs`, once across the instances sharing the engine. */
  startPeriodic(tasks: readonly ScheduledTask[]): Promise<void>;
  send(queue: string, data: unknown, opts?: SendOptions): Promise<void>;
  /** Counts of every queue and periodic task this instance knows. */
  overview(): Promise<JobQueue[]>;
  /** The newest failed jobs of a queue (undefined: no such queue). */
  failed(queue: string, limit: number): Promise<FailedJob[] | undefined>;
  /** Puts a failed job back to be tried again; false when there is no such failed job. */
  retry(queue: string, id: string): Promise<boolean>;
  /** Resolves once no job of this instance's queues waits or runs (delayed retries aside). */
  flush(): Promise<void>;
  /** Takes no new jobs, waits for the running ones, closes what it opened. */
  stop(): Promise<void>;
}
