/**
 * Work handed to a queue (module `jobs`): a module declares its queues (`ServerModule.queues`),
 * anything with `deps` adds jobs (`deps.jobs.send`), and the engine runs them — on BullMQ (Redis or
 * PostgreSQL) where the install has one, else in this process. A job's data is plain JSON (ids,
 * never secrets: it is stored by the engine and shown to admins when it fails).
 */
export type JobQueueDefinition<T = unknown> = {
  /** Lower-case letters, digits and dashes; unique across the server. */
  name: string;
  run(data: T): Promise<unknown>;
  /** Jobs of this queue running at once, all instances together (default 1). */
  concurrency?: number;
  /** Tries before a job fails for good and joins the failed list (default 5). */
  attempts?: number;
  /** Wait before the first retry; it doubles for each further one (default 10 s). */
  backoffMs?: number;
};

export type SendOptions = {
  /** At most one waiting or running job per key: adding another while one is pending does nothing. */
  key?: string;
  /** Not before this many milliseconds from now. */
  delayMs?: number;
};
