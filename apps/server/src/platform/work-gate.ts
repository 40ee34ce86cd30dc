/**
 * Bounds costly work that requests start (search rankings on the embedded database, whose single
 * thread one slow statement holds for everyone): at most `concurrency` tasks run at once, at most
 * `queue` more wait their turn in arrival order, and any beyond that are refused at once with
 * `GateFull` instead of queueing without end (the caller answers 503 with Retry-After). With
 * `maxWaitMs`, a waiting task not started within that time is refused the same way: a burst
 * queues for a moment instead of being turned away, and only a real overload (a wait longer than
 * a person would accept) is refused. A task that fails frees its slot like one that succeeds.
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

export function createWorkGate({
  concurrency,
  queue,
  maxWaitMs,
}: {
  concurrency: number;
  queue: number;
  /** Refuse a task still waiting after this long (default: it waits for its turn). */
  maxWaitMs?: number;
}): WorkGate {
  if (!(concurrency >= 1)) throw new Error('concurrency must be at least 1');
  let running = 0;
  const waiting: (() => void)[] = [];

  const release = () => {
    const next = waiting.shift();
    // The slot passes straight to the next in line, so a newcomer can never overtake it.
    if (next) next();
    else running--;
  };

  const waitTurn = () =>
    new Promise<void>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const start = () => {
        if (timer) clearTimeout(timer);
        resolve();
      };
      waiting.push(start);
      if (maxWaitMs !== undefined)
        timer = setTimeout(() => {
          // Still in line: it leaves it, and the slot it never took stays with the others.
          const at = waiting.indexOf(start);
          if (at >= 0) waiting.splice(at, 1);
          reject(new GateFull());
        }, maxWaitMs);
    });

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < concurrency) running++;
      else if (waiting.length < queue) await waitTurn();
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
