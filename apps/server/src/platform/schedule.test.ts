import { describe, expect, it, vi } from 'vitest';
import { startSchedule } from './schedule';

const log = { error: vi.fn() } as unknown as Parameters<typeof startSchedule>[1];

describe('startSchedule', () => {
  it('runs each task again after it finishes, never overlapping, and survives a failure', async () => {
    vi.useFakeTimers();
    try {
      let active = 0;
      let maxActive = 0;
      let runs = 0;
      const schedule = startSchedule(
        [
          {
            name: 'work',
            everyMs: 1000,
            run: async () => {
              active++;
              maxActive = Math.max(maxActive, active);
              runs++;
              await new Promise((resolve) => setTimeout(resolve, 2500));
              active--;
              if (runs === 1) throw new Error('first run fails');
            },
          },
        ],
        log,
      );
      await vi.advanceTimersByTimeAsync(30_000);
      expect(runs).toBeGreaterThanOrEqual(5);
      expect(maxActive).toBe(1);
      expect(log.error).toHaveBeenCalledWith(
        expect.objectContaining({ task: 'work' }),
        'scheduled task failed',
      );
      const before = runs;
      const stopping = schedule.stop();
      await vi.advanceTimersByTimeAsync(3000);
      await stopping;
      await vi.advanceTimersByTimeAsync(30_000);
      expect(runs).toBe(before);
    } finally {
      vi.useRealTimers();
    }
  });
});
