import { describe, expect, it } from 'vitest';
import { formatBytes, formatUptime } from './format';

describe('formatBytes', () => {
  it('picks the unit and keeps one decimal only for small values', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(15 * 1024 * 1024)).toBe('15 MB');
    expect(formatBytes(3.25 * 1024 ** 3)).toBe('3.3 GB');
    expect(formatBytes(5 * 1024 ** 5)).toBe('5120 TB');
  });
  it('shows a dash for what is not a size', () => {
    expect(formatBytes(-1)).toBe('—');
    expect(formatBytes(Number.NaN)).toBe('—');
  });
});

describe('formatUptime', () => {
  it('reads as seconds, minutes, hours and days', () => {
    expect(formatUptime(42.9)).toBe('42s');
    expect(formatUptime(60)).toBe('1m');
    expect(formatUptime(3 * 3600 + 5 * 60 + 9)).toBe('3h 5m');
    expect(formatUptime(86_400 + 2 * 3600 + 3 * 60)).toBe('1d 2h 3m');
    expect(formatUptime(-5)).toBe('0s');
  });
});
