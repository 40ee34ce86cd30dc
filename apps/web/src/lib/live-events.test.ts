import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isLiveEventsOpen, liveEventsConfig, openLiveEvents, subscribeLiveEvent } from './live-events';

/** A stand-in for the browser's EventSource: the test plays the server's frames and errors. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  closed = false;
  private listeners = new Map<string, Set<(e: Event) => void>>();
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(name: string, fn: (e: Event) => void) {
    if (!this.listeners.has(name)) this.listeners.set(name, new Set());
    this.listeners.get(name)?.add(fn);
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(name: string, data: unknown) {
    const event = new MessageEvent(name, { data: typeof data === 'string' ? data : JSON.stringify(data) });
    for (const fn of this.listeners.get(name) ?? []) fn(event);
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    for (const fn of this.listeners.get('open') ?? []) fn(new Event('open'));
  }
  fail(readyState: number) {
    this.readyState = readyState;
    for (const fn of this.listeners.get('error') ?? []) fn(new Event('error'));
  }
}

const latest = () => FakeEventSource.instances.at(-1) as FakeEventSource;
const notification = {
  id: 5,
  type: 'user.followed',
  read_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
  data: { lines: [{ type: 'primary', content: 'Sara followed you' }] },
};

let release: (() => void) | null = null;
beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  release?.();
  release = null;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('live events', () => {
  it('opens one stream per tab on /api/v1/events, however many callers, and closes it with the last', () => {
    const a = openLiveEvents();
    const b = openLiveEvents();
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(latest().url).toBe('/api/v1/events');
    a();
    a(); // releasing twice counts once
    expect(latest().closed).toBe(false);
    b();
    expect(latest().closed).toBe(true);
    expect(isLiveEventsOpen()).toBe(false);
  });

  it('hands each event, parsed with its contract schema, to the handlers of its name', () => {
    const created = vi.fn();
    const count = vi.fn();
    const off = subscribeLiveEvent('notification.created', created);
    subscribeLiveEvent('notification.count', count);
    release = openLiveEvents();
    latest().emit('notification.created', { notification, unreadCount: 3 });
    latest().emit('notification.count', { unreadCount: 0 });
    expect(created).toHaveBeenCalledWith({ notification, unreadCount: 3 });
    expect(count).toHaveBeenCalledWith({ unreadCount: 0 });
    off();
    latest().emit('notification.created', { notification, unreadCount: 4 });
    expect(created).toHaveBeenCalledTimes(1);
  });

  it('skips frames that are not JSON or do not match the contract', () => {
    const count = vi.fn();
    subscribeLiveEvent('notification.count', count);
    release = openLiveEvents();
    latest().emit('notification.count', 'not json');
    latest().emit('notification.count', { unreadCount: 'three' });
    expect(count).not.toHaveBeenCalled();
  });

  it('leaves reconnecting to the browser, and opens a new stream only after the browser gave up', () => {
    vi.useFakeTimers();
    liveEventsConfig.retryDelaysMs = [1000, 5000];
    release = openLiveEvents();
    const first = latest();
    first.open();
    first.fail(FakeEventSource.CONNECTING); // the browser retries by itself (Last-Event-ID)
    vi.advanceTimersByTime(10_000);
    expect(FakeEventSource.instances).toHaveLength(1);

    first.fail(FakeEventSource.CLOSED); // an HTTP error: the browser stopped
    expect(first.closed).toBe(true);
    vi.advanceTimersByTime(999);
    expect(FakeEventSource.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.instances).toHaveLength(2);

    latest().fail(FakeEventSource.CLOSED); // a second failure waits longer
    vi.advanceTimersByTime(4999);
    expect(FakeEventSource.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.instances).toHaveLength(3);
  });

  it('closes on logout and does not come back on a pending retry', () => {
    vi.useFakeTimers();
    liveEventsConfig.retryDelaysMs = [1000];
    const close = openLiveEvents();
    latest().fail(FakeEventSource.CLOSED);
    close();
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(isLiveEventsOpen()).toBe(false);
  });
});
