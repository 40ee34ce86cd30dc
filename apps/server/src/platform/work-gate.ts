/**
 * Bounds costly work that requests start (search rankings on the embedded database, whose single
 * thread one slow statement holds for everyone): at most `concurrency` tasks run at once, at most
 * `queue` more wait their turn in arrival order, and any beyond that are refused at once with
 * `GateFull` instead of queueing without end (the caller answers 503 with Retry-After). A task
 * that fails frees its slot like one that succeeds.
 *
 * Admission is decided at once, but a task starts only on a later turn of the event loop
 * (setImmediate). PGlite runs its statements inside promise callbacks: a task started at once would
 * run all of them before the server reads the next request, so requests would reach the gate one
 * by one and the queue would never fill. Yielding first lets every waiting request be read and
 * admitted or refused before the database is taken again.
 */
export class GateFull extends Error {
  override name = 'GateFull';
  constructor() {
    super('The work queue is full.');
  }
}

export type WorkGate = {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running and waiting now (for tests and diagnostics). */
  readonly running: number;
  readonly waiting: number;
};

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createWorkGate({ concurrency, queue }: { concurrency: number; queue: number }): WorkGate {
  if (!(concurrency >= 1)) throw new Error('concurrency must be at least 1');
  let running = 0;
  const waiting: (() => void)[] = [];

  const release = () => {
    const next = waiting.shift();
    // The slot passes straight to the next in line, so a newcomer can never overtake it.
    if (next) next();
    else running--;
  };

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < concurrency) running++;
      else if (waiting.length < queue) await new Promise<void>((resolve) => waiting.push(resolve));
      else throw new GateFull();
      try {
        await nextTurn();
        return await task();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}
