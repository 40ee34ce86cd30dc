import { describe, expect, it } from 'vitest';
import { formatDuration, formatTotalDuration } from './format-duration';

describe('formatDuration', () => {
  it('prints m:ss under an hour and h:mm:ss past it, floored', () => {
    expect(formatDuration(187.9)).toBe('3:07');
    expect(formatDuration(5)).toBe('0:05');
    expect(formatDuration(3723)).toBe('1:02:03');
  });

  it('prints 0:00 for nothing, negative or not a number (metadata not loaded yet)', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(-3)).toBe('0:00');
    expect(formatDuration(Number.NaN)).toBe('0:00');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('0:00');
  });
});

describe('formatTotalDuration', () => {
  it('prints minutes, and hours past an hour', () => {
    expect(formatTotalDuration(42 * 60 + 10)).toBe('42 min');
    expect(formatTotalDuration(3900)).toBe('1 hr 5 min');
    expect(formatTotalDuration(0)).toBe('0 min');
  });
});
