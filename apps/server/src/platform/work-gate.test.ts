import { describe, expect, it, vi } from 'vitest';
import { createWorkGate, GateFull } from './work-gate';

/** A task held until the test lets it go. */
function held<T>() {
  let release!: (value: T) => void;
  let fail!: (err: Error) => void;
  let started = false;
  const promise = new Promise<T>((resolve, reject) => {
    release = resolve;
    fail = reject;
  });
  return {
    task: () => {
      started = true;
      return promise;
    },
    release,
    fail,
    get started() {
      return started;
    },
  };
}

/** Lets queued continuations run, and the event loop turn once (no timers). */
const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
  await new Promise((resolve) => setImmediate(resolve));
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

describe('work gate', () => {
  it('runs up to `concurrency` tasks, queues up to `queue`, and refuses the rest at once', async () => {
    const gate = createWorkGate({ concurrency: 2, queue: 1 });
    const [a, b, c, d] = [held<string>(), held<string>(), held<string>(), held<string>()];
    const ra = gate.run(a.task);
    const rb = gate.run(b.task);
    const rc = gate.run(c.task);
    await settle();
    expect([a.started, b.started, c.started]).toEqual([true, true, false]);
    expect([gate.running, gate.waiting]).toEqual([2, 1]);
    // Full: the fourth is refused without ever starting, while the others are still held.
    await expect(gate.run(d.task)).rejects.toBeInstanceOf(GateFull);
    expect(d.started).toBe(false);

    a.release('a');
    expect(await ra).toBe('a');
    await settle();
    // The waiting task took the freed slot.
    expect(c.started).toBe(true);
    expect([gate.running, gate.waiting]).toEqual([2, 0]);
    b.release('b');
    c.release('c');
    expect(await Promise.all([rb, rc])).toEqual(['b', 'c']);
    expect([gate.running, gate.waiting]).toEqual([0, 0]);
  });

  it('frees the slot of a failing task and hands slots out in arrival order', async () => {
    const gate = createWorkGate({ concurrency: 1, queue: 2 });
    const [a, b, c] = [held<number>(), held<number>(), held<number>()];
    const order: string[] = [];
    const ra = gate.run(a.task);
    const rb = gate.run(async () => {
      order.push('b');
      return b.task();
    });
    const rc = gate.run(async () => {
      order.push('c');
      return c.task();
    });
    await settle();
    expect(a.started).toBe(true);
    a.fail(new Error('boom'));
    await expect(ra).rejects.toThrow('boom');
    await settle();
    expect(order).toEqual(['b']);
    // A newcomer while b runs and c waits: queued behind c, not ahead of it.
    const late = held<number>();
    const rl = gate.run(async () => {
      order.push('late');
      return late.task();
    });
    b.release(2);
    await rb;
    await settle();
    expect(order).toEqual(['b', 'c']);
    c.release(3);
    late.release(4);
    expect(await Promise.all([rc, rl])).toEqual([3, 4]);
    expect(order).toEqual(['b', 'c', 'late']);
    expect([gate.running, gate.waiting]).toEqual([0, 0]);
  });

  it('starts a task on a later turn of the event loop, so requests already read are admitted first', async () => {
    const gate = createWorkGate({ concurrency: 1, queue: 1 });
    const a = held<number>();
    const ra = gate.run(a.task);
    // Promise callbacks alone (what PGlite's statements run in) never start it...
    for (let i = 0; i < 50; i++) await Promise.resolve();
    expect(a.started).toBe(false);
    // ...so requests read in the same turn are still admitted or refused against the full gate.
    expect([gate.running, gate.waiting]).toEqual([1, 0]);
    await new Promise((resolve) => setImmediate(resolve));
    await Promise.resolve();
    expect(a.started).toBe(true);
    a.release(1);
    expect(await ra).toBe(1);
  });

  it('refuses at once when nothing may wait (queue 0)', async () => {
    const gate = createWorkGate({ concurrency: 1, queue: 0 });
    const a = held<number>();
    const ra = gate.run(a.task);
    await expect(gate.run(async () => 1)).rejects.toBeInstanceOf(GateFull);
    a.release(1);
    expect(await ra).toBe(1);
    expect(await gate.run(async () => 2)).toBe(2);
  });

  it('lets a burst wait its turn, and refuses only a task still waiting after maxWaitMs', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const gate = createWorkGate({ concurrency: 1, queue: 100, maxWaitMs: 1_000 });
      const a = held<number>();
      const ra = gate.run(a.task);
      // Many at once: all queue, none refused.
      const waiters = Array.from({ length: 20 }, (_, i) => gate.run(async () => i));
      expect(gate.waiting).toBe(20);
      // The first finishes in time: the next start, and their timers are cancelled.
      vi.advanceTimersByTime(999);
      a.release(-1);
      expect(await ra).toBe(-1);
      await settle();
      expect(await Promise.all(waiters)).toEqual(Array.from({ length: 20 }, (_, i) => i));
      vi.advanceTimersByTime(5_000);
      expect([gate.running, gate.waiting]).toEqual([0, 0]);

      // Held past the limit: the ones still waiting are refused, and leave the line.
      const b = held<number>();
      const rb = gate.run(b.task);
      const late = gate.run(async () => 1);
      const lateResult = late.catch((err: unknown) => err);
      vi.advanceTimersByTime(1_000);
      expect(await lateResult).toBeInstanceOf(GateFull);
      expect(gate.waiting).toBe(0);
      b.release(2);
      expect(await rb).toBe(2);
      await settle();
      // The slot it never took is free for the next.
      expect(gate.running).toBe(0);
      expect(await gate.run(async () => 3)).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
