import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, dismissToast, ToastRegion, toast } from './toast';

function renderRegion() {
  return render(<ToastRegion />);
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function toastElement(text: string): HTMLElement {
  const el = screen.getByText(text).closest<HTMLElement>('[role="alertdialog"]');
  if (!el) throw new Error(`no toast around "${text}"`);
  return el;
}

describe('toast', () => {
  // The region's view loads lazily: loaded and rendered once here, so the first test does not
  // depend on how long its first import takes (run alone, it took longer than a render).
  beforeAll(async () => {
    const first = renderRegion();
    act(() => {
      toast('Loading the region');
    });
    await screen.findByText('Loading the region');
    act(() => clearToasts());
    first.unmount();
  });
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    act(() => clearToasts());
    vi.useRealTimers();
  });

  it('removes a default toast after 3000 ms, not before', () => {
    renderRegion();
    act(() => {
      toast('Saved');
    });
    expect(screen.getByText('Saved')).toBeTruthy();
    advance(2999);
    expect(screen.queryByText('Saved')).not.toBeNull();
    advance(1);
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('positive toasts also last 3000 ms', () => {
    renderRegion();
    act(() => {
      toast.positive('Email sent');
    });
    advance(2999);
    expect(screen.queryByText('Email sent')).not.toBeNull();
    advance(1);
    expect(screen.queryByText('Email sent')).toBeNull();
  });

  it('keeps a danger toast for 8000 ms', () => {
    renderRegion();
    act(() => {
      toast.danger('There was an issue. Please try again.');
    });
    advance(7999);
    expect(screen.queryByText('There was an issue. Please try again.')).not.toBeNull();
    advance(1);
    expect(screen.queryByText('There was an issue. Please try again.')).toBeNull();
  });

  it('honours an explicit duration', () => {
    renderRegion();
    act(() => {
      toast('Custom', { duration: 1000 });
    });
    advance(999);
    expect(screen.queryByText('Custom')).not.toBeNull();
    advance(1);
    expect(screen.queryByText('Custom')).toBeNull();
  });

  it('never times out a loading toast and gives it no close button', () => {
    renderRegion();
    let id = '';
    act(() => {
      id = toast.loading('Uploading…');
    });
    advance(60_000);
    const el = toastElement('Uploading…');
    expect(el.querySelector('[aria-label="Close"]')).toBeNull();
    act(() => dismissToast(id));
    expect(screen.queryByText('Uploading…')).toBeNull();
  });

  it('gives other toasts a close button that removes them', () => {
    renderRegion();
    act(() => {
      toast.positive('Joined workspace');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Joined workspace')).toBeNull();
  });

  it('replaces a toast with the same id', () => {
    renderRegion();
    act(() => {
      toast.loading('Uploading…', { id: 'upload' });
    });
    act(() => {
      toast.positive('Uploaded avatar', { id: 'upload' });
    });
    expect(screen.queryByText('Uploading…')).toBeNull();
    expect(screen.getByText('Uploaded avatar')).toBeTruthy();
    // The replacement is a positive toast: it now times out like one.
    advance(3000);
    expect(screen.queryByText('Uploaded avatar')).toBeNull();
  });

  it('shows only one toast at a time: a new one drops the older', () => {
    renderRegion();
    act(() => {
      toast('First');
      toast('Second');
      toast.danger('Third');
    });
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    expect(screen.getByText('Third')).toBeTruthy();
    expect(screen.queryByText('First')).toBeNull();
    expect(screen.queryByText('Second')).toBeNull();
    // Dropped toasts do not come back when the newest one goes.
    advance(8000);
    expect(screen.queryAllByRole('alertdialog')).toHaveLength(0);
  });

  it('pauses on hover and resumes with the remaining time', () => {
    renderRegion();
    act(() => {
      toast('Hover me');
    });
    advance(1000);
    fireEvent.mouseEnter(toastElement('Hover me'));
    advance(10_000);
    expect(screen.queryByText('Hover me')).not.toBeNull();
    fireEvent.mouseLeave(toastElement('Hover me'));
    advance(1999);
    expect(screen.queryByText('Hover me')).not.toBeNull();
    advance(1);
    expect(screen.queryByText('Hover me')).toBeNull();
  });

  it('pauses while focused', () => {
    renderRegion();
    act(() => {
      toast.danger('Focus me');
    });
    advance(500);
    act(() => toastElement('Focus me').focus());
    advance(20_000);
    expect(screen.queryByText('Focus me')).not.toBeNull();
    act(() => toastElement('Focus me').blur());
    advance(7499);
    expect(screen.queryByText('Focus me')).not.toBeNull();
    advance(1);
    expect(screen.queryByText('Focus me')).toBeNull();
  });

  it('renders an action that runs and closes the toast', () => {
    renderRegion();
    const onAction = vi.fn();
    act(() => {
      toast.danger('Could not save', { action: { label: 'Retry', onAction } });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onAction).toHaveBeenCalledOnce();
    expect(screen.queryByText('Could not save')).toBeNull();
  });

  it('sits at the bottom center by default and follows the position option', () => {
    renderRegion();
    act(() => {
      toast('Where am I');
    });
    const region = screen.getByRole('region', { name: 'Notifications' });
    // 1rem above whatever bar is fixed to the bottom of the screen (the player).
    expect(region.className).toContain('bottom-[calc(var(--bottom-bar-inset)+1rem)]');
    expect(region.className).toContain('left-1/2');
    act(() => {
      toast('Up here', { position: 'top-right' });
    });
    const moved = screen.getByRole('region', { name: 'Notifications' });
    expect(moved.className).toContain('top-4');
    expect(moved.className).toContain('right-4');
  });

  it('announces the message through an alert', () => {
    renderRegion();
    act(() => {
      toast.positive('Updated account details');
    });
    expect(screen.getByRole('alert').textContent).toContain('Updated account details');
  });
});
