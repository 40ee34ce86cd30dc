import { describe, expect, it } from 'vitest';
import { cx } from './cx';

describe('cx', () => {
  it('joins class names and skips falsy values', () => {
    expect(cx('a', false, null, undefined, '', 'b')).toBe('a b');
  });

  it('lets a later Tailwind class win over an earlier one of the same property', () => {
    expect(cx('px-4 py-2', 'px-0')).toBe('py-2 px-0');
    expect(cx('size-11', 'size-6')).toBe('size-6');
    expect(cx('rounded-theme', 'rounded-full')).toBe('rounded-full');
    expect(cx('text-sm text-fg', 'text-current')).toBe('text-sm text-current');
  });

  it('keeps the theme’s colours apart from sizes', () => {
    expect(cx('text-muted', 'text-xs')).toBe('text-muted text-xs');
    expect(cx('bg-paper', 'bg-bg-alt')).toBe('bg-bg-alt');
  });
});
