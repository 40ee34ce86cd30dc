import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedValue } from './use-debounced-value';

describe('useDebouncedValue', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives the value once it has stopped changing for the delay, and nothing in between', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const seen: string[] = [];
    const { rerender } = renderHook(
      ({ value }) => {
        const debounced = useDebouncedValue(value, 250);
        if (seen.at(-1) !== debounced) seen.push(debounced);
        return debounced;
      },
      { initialProps: { value: '' } },
    );
    // Keys 100 ms apart: each one restarts the pause.
    for (const value of ['s', 'se', 'sel', 'sela', 'selam']) {
      rerender({ value });
      act(() => vi.advanceTimersByTime(100));
    }
    expect(seen).toEqual(['']);
    act(() => vi.advanceTimersByTime(149));
    expect(seen).toEqual(['']);
    act(() => vi.advanceTimersByTime(1));
    expect(seen).toEqual(['', 'selam']);
  });
});
