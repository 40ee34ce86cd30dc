/**
 * Work handed to a queue (module `jobs`): a module declares its queues (`ServerModule.queues`),
 * anything with `deps` adds jobs (`deps.jobs.send`), and the engine runs them — on BullMQ (Redis or
 * PostgreSQL) where the install has one, else in this process. A job's data is plain JSON (ids,
 * never secrets: it is stored by the engine and shown to admins when it fails).
 */
export type JobQueueDefinition<T = unknown> = {
  /** Lower-case letters, digits and dashes; unique across the server. */
  name: string;
  /**
   * Runs one job; a throw fails this try (tried again after the backoff while tries are left). A
   * `PermanentJobError` (module `jobs`) fails it for good at once.
   */
  run(data: T, job: JobRun): Promise<unknown>;
  /** Jobs of this queue running at once, all instances together (default 1). */
  concurrency?: number;
  /** Tries before a job fails for good and joins the failed list (default 5). */
  attempts?: number;
  /** Wait before the first retry; it doubles for each further one (default 10 s). */
  backoffMs?: number;
};

/** Which try of a job this is, told to `run` by either engine (1-based). */
export type JobRun = {
  attempt: number;
  attempts: number;
  /** No try is left after this one: a job that must not stay half-done settles now. */
  last: boolean;
};

export type SendOptions = {
  /** At most one waiting or running job per key: adding another while one is pending does nothing. */
  key?: string;
  /** Not before this many milliseconds from now. */
  delayMs?: number;
};
