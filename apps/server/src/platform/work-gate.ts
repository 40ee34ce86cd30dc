/**
 * Bounds costly work that requests start (search rankings on the embedded database, whose single
 * thread one slow statement holds for everyone): at most `concurrency` tasks run at once, at most
 * `queue` more wait their turn in arrival order, and any beyond that are refused at once with
 * `GateFull` instead of queueing without end (the caller answers 503 with Retry-After). A task
 * that fails frees its slot like one that succeeds.
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
