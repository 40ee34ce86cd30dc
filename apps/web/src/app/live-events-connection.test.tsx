import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationBell } from '#src/features/notifications/components/notification-bell';
import { getBootstrapData, resetBootstrapStore, setBootstrapData } from '#src/lib/bootstrap-store';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { makeNotification } from '#test/notifications';
import { renderInRouter } from '#test/render-app';
import { LiveEventsConnection } from './live-events-connection';

class FakeEventSource {
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = 0;
  closed = false;
  private listeners = new Map<string, ((e: Event) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(name: string, fn: (e: Event) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  emit(name: string, data: unknown) {
    for (const fn of this.listeners.get(name) ?? [])
      fn(new MessageEvent(name, { data: JSON.stringify(data) }));
  }
}

beforeEach(() => {
  resetBootstrapStore();
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => vi.unstubAllGlobals());

const signedIn = () =>
  makeBootstrap({
    user: makeUser({ unread_notifications_count: 0 }),
    settings: { notifications: { integrated: true } },
  });

describe('live events in the app shell', () => {
  it('raises the bell badge from a live notification, without a reload, and sets it from a count event', () => {
    renderInRouter(
      <>
        <LiveEventsConnection />
        <NotificationBell />
      </>,
      signedIn(),
    );
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(screen.queryByTestId('notification-badge')).toBeNull();
    const stream = FakeEventSource.instances[0] as FakeEventSource;
    act(() => stream.emit('notification.created', { notification: makeNotification(1), unreadCount: 1 }));
    expect(screen.getByTestId('notification-badge').textContent).toBe('1');
    act(() => stream.emit('notification.count', { unreadCount: 0 }));
    expect(screen.queryByTestId('notification-badge')).toBeNull();
    expect(getBootstrapData()?.user?.unread_notifications_count).toBe(0);
  });

  it('has no stream for a visitor, and closes it on logout', () => {
    renderInRouter(<LiveEventsConnection />, signedIn());
    const stream = FakeEventSource.instances[0] as FakeEventSource;
    act(() => setBootstrapData(makeBootstrap({})));
    expect(stream.closed).toBe(true);
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('opens no stream for an account that must verify its email first (the server would refuse it), and opens it once verified', () => {
    const unverified = () =>
      makeBootstrap({
        user: makeUser({ email_verified_at: null }),
        settings: { require_email_confirmation: true },
      });
    renderInRouter(<LiveEventsConnection />, unverified());
    expect(FakeEventSource.instances).toEqual([]);
    act(() =>
      setBootstrapData(
        makeBootstrap({
          user: makeUser({ email_verified_at: '2026-11-29T00:00:00.000Z' }),
          settings: { require_email_confirmation: true },
        }),
      ),
    );
    expect(FakeEventSource.instances).toHaveLength(1);
  });
});
