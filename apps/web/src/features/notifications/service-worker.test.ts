import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

// public/sw.js runs in the browser's service worker scope: here it runs in a fresh context with a
// stand-in `self` that records its listeners, and the test plays the push service and the clicks.
const source = readFileSync(resolve(__dirname, '../../../public/sw.js'), 'utf8');
const ORIGIN = 'https://zema.example';

interface FakeClient {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  postMessage: ReturnType<typeof vi.fn>;
}

function loadWorker(windows: FakeClient[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const showNotification = vi.fn(async () => undefined);
  const openWindow = vi.fn(async (url: string) => ({ url }));
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (name: string, fn: (event: unknown) => void) => listeners.set(name, fn),
    skipWaiting: vi.fn(),
    registration: { showNotification },
    clients: { claim: vi.fn(), matchAll: vi.fn(async () => windows), openWindow },
    Notification: { maxActions: 2 },
  };
  runInNewContext(source, { self, URL });
  const fire = async (name: string, event: Record<string, unknown>) => {
    let done: Promise<unknown> = Promise.resolve();
    listeners.get(name)?.({ ...event, waitUntil: (p: Promise<unknown>) => (done = p) });
    await done;
  };
  return { fire, showNotification, openWindow };
}

const pushEvent = (payload: unknown) => ({
  data: { json: () => payload, text: () => JSON.stringify(payload) },
});

describe('service worker', () => {
  it('shows a pushed notification with its body, icon, tag and action buttons', async () => {
    const sw = loadWorker();
    await sw.fire(
      'push',
      pushEvent({
        title: 'Selam invited you to Addis Records',
        body: 'Role: Editor',
        tag: 'notification-5',
        url: '/notifications',
        actions: [
          { action: 'workspace.join', title: 'Join' },
          { action: 'workspace.decline', title: 'Decline' },
          { action: 'third', title: 'Too many' },
        ],
      }),
    );
    const [title, options] = sw.showNotification.mock.calls[0] as unknown as [
      string,
      NotificationOptions & { actions: unknown[] },
    ];
    expect(title).toBe('Selam invited you to Addis Records');
    expect(options.body).toBe('Role: Editor');
    expect(options.tag).toBe('notification-5');
    expect(options.icon).toBe('/icons/icon-192.png');
    expect(options.actions).toEqual([
      { action: 'workspace.join', title: 'Join' },
      { action: 'workspace.decline', title: 'Decline' },
    ]);
    expect(options.data).toEqual({
      url: `${ORIGIN}/notifications`,
      actionUrls: {
        'workspace.join': `${ORIGIN}/notifications`,
        'workspace.decline': `${ORIGIN}/notifications`,
      },
    });
  });

  it('reads a notification data payload (SPEC §3 lines) too, and never targets another site', async () => {
    const sw = loadWorker();
    await sw.fire(
      'push',
      pushEvent({
        data: {
          mainAction: { label: 'View', action: 'https://evil.example/x' },
          image: '/storage/a.jpg',
          lines: [
            { type: 'primary', content: 'New release: Tizita' },
            { type: 'secondary', content: 'by Mulatu' },
          ],
        },
      }),
    );
    const [title, options] = sw.showNotification.mock.calls[0] as unknown as [string, NotificationOptions];
    expect(title).toBe('New release: Tizita');
    expect(options.body).toBe('by Mulatu');
    expect(options.icon).toBe('/storage/a.jpg');
    expect((options.data as { url: string }).url).toBe(`${ORIGIN}/notifications`);
  });

  it("a click opens the action's page, or focuses an open tab of the site and shows the page there", async () => {
    const close = vi.fn();
    const notification = {
      close,
      data: { url: `${ORIGIN}/notifications`, actionUrls: { view: `${ORIGIN}/album/3` } },
    };
    const none = loadWorker();
    await none.fire('notificationclick', { action: 'view', notification });
    expect(close).toHaveBeenCalled();
    expect(none.openWindow).toHaveBeenCalledWith(`${ORIGIN}/album/3`);

    const tab: FakeClient = { url: `${ORIGIN}/library`, focus: vi.fn(), postMessage: vi.fn() };
    tab.focus.mockResolvedValue(tab);
    const open = loadWorker([tab]);
    await open.fire('notificationclick', { action: '', notification });
    expect(tab.focus).toHaveBeenCalled();
    expect(tab.postMessage).toHaveBeenCalledWith({
      source: 'zema-sw',
      type: 'navigate',
      url: `${ORIGIN}/notifications`,
    });
    expect(open.openWindow).not.toHaveBeenCalled();
  });
});
