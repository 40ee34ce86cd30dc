import type { FastifyBaseLogger } from 'fastify';

/**
 * Periodic work of the server process (decision 0030: scheduled releases, abandoned-upload clean-up).
 * Each task runs every `everyMs` after a first delay; a run never overlaps the previous one; a
 * failure is logged by name and the next run tries again. Every task must be safe to run on
 * several instances at once (row locks, idempotent deletes): each instance runs its own schedule.
 * Timers are unref'd, and `stop()` waits for the runs in progress (decision 0030).
 */
export type ScheduledTask = { name: string; everyMs: number; run: () => Promise<unknown> };

export type Schedule = { stop(): Promise<void> };

export function startSchedule(tasks: readonly ScheduledTask[], log: FastifyBaseLogger): Schedule {
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();

  const plan = (task: ScheduledTask, delay: number) => {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      const run = task
        .run()
        .then(
          () => undefined,
          (err: unknown) => log.error({ err, task: task.name }, 'scheduled task failed'),
        )
        .finally(() => {
          running.delete(run);
          plan(task, task.everyMs);
        });
      running.add(run);
    }, delay);
    timer.unref();
    timers.add(timer);
  };

  // Spread the first runs a little, so tasks of instances started together do not all coincide.
  for (const task of tasks) plan(task, Math.min(task.everyMs, 5_000 + Math.floor(Math.random() * 5_000)));

  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all([...running]);
    },
  };
}
