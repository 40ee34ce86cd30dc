import type { FastifyBaseLogger } from 'fastify';
import { currentReqId, runDetached } from './work-context';

/**
 * Work a request starts but does not wait for (so its answer and timing do not depend on it).
 * A task starts after the current answer has been written (setImmediate runs after the I/O of
 * this turn), can never fail the request, and a failure is logged by task name and error code
 * only: a database error's message can carry the bound parameters (emails, hashes).
 * `flush()` waits for every task (shutdown, tests); tasks run in this process, so one that has
 * not finished when the process dies is lost — only use it for work the user can ask for again.
 */
export type BackgroundTasks = {
  run(name: string, task: () => Promise<unknown>): void;
  flush(): Promise<void>;
};

function errorSummary(err: unknown) {
  const e = err as { name?: unknown; code?: unknown } | null;
  return {
    name: typeof e?.name === 'string' ? e.name : typeof err,
    ...(typeof e?.code === 'string' || typeof e?.code === 'number' ? { code: e.code } : {}),
  };
}

/**
 * `onFailure` also gets the error itself, for the admin's error log (written scrubbed, to a file
 * only admins read), where the task's stack is what makes the failure fixable.
 */
export function createBackgroundTasks(
  log: FastifyBaseLogger,
  onFailure?: (name: string, err: unknown) => void,
): BackgroundTasks {
  const pending = new Set<Promise<void>>();
  return {
    run(name, task) {
      // Its log lines carry the id of the request that started it (work-context.ts).
      const reqId = currentReqId();
      const job: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => runDetached(reqId, task))
        .then(
          () => undefined,
          (err: unknown) => {
            log.error({ task: name, reqId, error: errorSummary(err) }, 'background task failed');
            onFailure?.(name, err);
          },
        )
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async flush() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}
