import { act, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadingPage } from './loading-page';
import { useDelayedVisibility } from './spinner';

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useDelayedVisibility', () => {
  it('becomes visible only after 500 ms of being active', () => {
    const { result } = renderHook(({ active }) => useDelayedVisibility(active), {
      initialProps: { active: true },
    });
    advance(499);
    expect(result.current).toBe(false);
    advance(1);
    expect(result.current).toBe(true);
  });

  it('never shows when the activity ends before the delay', () => {
    const { result, rerender } = renderHook(({ active }) => useDelayedVisibility(active), {
      initialProps: { active: true },
    });
    advance(400);
    rerender({ active: false });
    advance(1000);
    expect(result.current).toBe(false);
  });

  it('once visible stays at least 200 ms after becoming inactive', () => {
    const { result, rerender } = renderHook(({ active }) => useDelayedVisibility(active), {
      initialProps: { active: true },
    });
    advance(500);
    expect(result.current).toBe(true);
    advance(50);
    rerender({ active: false });
    advance(149);
    expect(result.current).toBe(true);
    advance(1);
    expect(result.current).toBe(false);
  });

  it('hides at once when it has already been visible for 200 ms', () => {
    const { result, rerender } = renderHook(({ active }) => useDelayedVisibility(active), {
      initialProps: { active: true },
    });
    advance(900);
    rerender({ active: false });
    expect(result.current).toBe(false);
  });

  it('takes custom timings', () => {
    const { result, rerender } = renderHook(
      ({ active }) => useDelayedVisibility(active, { delay: 100, minVisible: 1000 }),
      { initialProps: { active: true } },
    );
    advance(100);
    expect(result.current).toBe(true);
    rerender({ active: false });
    advance(999);
    expect(result.current).toBe(true);
    advance(1);
    expect(result.current).toBe(false);
  });
});

describe('LoadingPage', () => {
  it("says 'Loading page...' at once and shows the spinner from 500 ms", () => {
    render(<LoadingPage />);
    expect(screen.getByRole('status').textContent).toContain('Loading page...');
    advance(499);
    expect(screen.queryByRole('progressbar')).toBeNull();
    advance(1);
    expect(screen.getByRole('progressbar', { name: 'Loading page...' })).toBeTruthy();
  });

  it('keeps the spinner at least 200 ms after loading ends', () => {
    const { rerender } = render(<LoadingPage isLoading />);
    advance(500);
    rerender(<LoadingPage isLoading={false} />);
    advance(199);
    expect(screen.queryByRole('progressbar')).not.toBeNull();
    advance(1);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
