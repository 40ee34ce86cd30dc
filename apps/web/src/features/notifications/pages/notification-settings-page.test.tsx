import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NotificationSubscriptionSettings } from '@zema/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetBootstrapStore } from '#src/lib/bootstrap-store';
import { clearToasts, ToastRegion } from '#src/ui/toast';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { type ApiHandler, mockApi, ok } from '#test/mock-api';
import { renderRoutes } from '#test/render-app';
import { PUSH_TEXTS } from '../components/browser-push-control';
import NotificationSettingsPage from './notification-settings-page';

beforeEach(() => resetBootstrapStore());
afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const settings: NotificationSubscriptionSettings = {
  available_channels: ['email', 'browser'],
  subscriptions: [
    {
      group_name: 'Workspaces',
      items: [
        { notif_id: 'workspace.invitation', name: 'You are invited to a workspace' },
        { notif_id: 'workspace.role_changed', name: 'Your role in a workspace changes' },
        { notif_id: 'workspace.removed', name: 'You are removed from a workspace' },
      ],
    },
    {
      group_name: 'Music',
      items: [{ notif_id: 'music.new_release', name: 'New releases by artists you follow' }],
    },
  ],
  user_selections: [
    { notif_id: 'workspace.invitation', channels: { email: true, browser: false } },
    { notif_id: 'workspace.role_changed', channels: { email: false, browser: false } },
    // Offered by push only: no email column in its row.
    { notif_id: 'workspace.removed', channels: { browser: true } },
    { notif_id: 'music.new_release', channels: { email: true, browser: true } },
  ],
};

function open(handler: ApiHandler) {
  const calls = mockApi(handler);
  renderRoutes(
    [
      {
        path: '/notifications/settings',
        element: (
          <>
            <NotificationSettingsPage />
            <ToastRegion />
          </>
        ),
      },
      { path: '/', element: <p>home page</p> },
    ],
    '/notifications/settings',
    makeBootstrap({
      user: makeUser(),
      settings: { notifications: { integrated: true }, notif: { subs: { integrated: true } } },
    }),
  );
  return calls;
}

const answer: ApiHandler = (call) => {
  if (call.path === '/api/v1/notifications/me/subscriptions' && call.method === 'GET') return ok(settings);
  if (call.path === '/api/v1/notifications/me/subscriptions' && call.method === 'PUT') return ok(settings);
  return undefined;
};

const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('/notifications/settings', () => {
  it('shows a labelled checkbox per channel per item, from the user selections', async () => {
    open(answer);
    expect(await screen.findByRole('heading', { level: 1, name: 'Notification settings' })).toBeTruthy();
    await screen.findByRole('checkbox', { name: 'You are invited to a workspace by email' });
    expect(box('You are invited to a workspace by email').checked).toBe(true);
    expect(box('You are invited to a workspace by browser').checked).toBe(false);
    expect(box('New releases by artists you follow by browser').checked).toBe(true);
    expect(screen.queryByRole('checkbox', { name: 'You are removed from a workspace by email' })).toBeNull();
    expect(screen.getByText('You are removed from a workspace is not sent by email')).toBeTruthy();
    // The group's email column is half on: shown mixed.
    expect(box('Email for all of Workspaces').indeterminate).toBe(true);
    expect(box('Email for all of Music').checked).toBe(true);
  });

  it('a column toggle checks or clears the channel for its whole group, and Save sends every choice', async () => {
    const calls = open(answer);
    await screen.findByRole('checkbox', { name: 'Email for all of Workspaces' });
    await userEvent.click(box('Email for all of Workspaces'));
    expect(box('You are invited to a workspace by email').checked).toBe(true);
    expect(box('Your role in a workspace changes by email').checked).toBe(true);
    await userEvent.click(box('Email for all of Workspaces'));
    expect(box('You are invited to a workspace by email').checked).toBe(false);
    expect(box('Your role in a workspace changes by email').checked).toBe(false);
    // Other groups are untouched.
    expect(box('New releases by artists you follow by email').checked).toBe(true);
    await userEvent.click(box('Browser for all of Workspaces'));

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Notification settings saved')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({
      selections: [
        { notif_id: 'workspace.invitation', channels: { email: false, browser: true } },
        { notif_id: 'workspace.role_changed', channels: { email: false, browser: true } },
        { notif_id: 'workspace.removed', channels: { browser: true } },
        { notif_id: 'music.new_release', channels: { email: true, browser: true } },
      ],
    });
  });

  it('goes to / when there are no subscriptions to choose', async () => {
    open((call) =>
      call.path === '/api/v1/notifications/me/subscriptions'
        ? ok({ available_channels: ['email'], subscriptions: [], user_selections: [] })
        : undefined,
    );
    expect(await screen.findByText('home page')).toBeTruthy();
  });
});

describe('enable browser notifications', () => {
  function fakePush(permission: NotificationPermission, afterAsk: NotificationPermission) {
    const requestPermission = vi.fn(async () => afterAsk);
    vi.stubGlobal('Notification', { permission, requestPermission });
    vi.stubGlobal('PushManager', class {});
    const subscription = {
      endpoint: 'https://push.example.com/send/abc',
      options: { applicationServerKey: null },
      toJSON: () => ({
        endpoint: 'https://push.example.com/send/abc',
        keys: { p256dh: 'p-key', auth: 'a-key' },
      }),
    };
    const subscribe = vi.fn(async (_options: PushSubscriptionOptionsInit) => subscription);
    const registration = { pushManager: { getSubscription: async () => null, subscribe } };
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: {
        register: vi.fn(async () => registration),
        ready: Promise.resolve(registration),
        getRegistration: async () => undefined,
      },
    });
    return { requestPermission, subscribe };
  }

  const withPush: ApiHandler = (call) => {
    if (call.path === '/api/v1/notifications/push/key') return ok({ public_key: 'BAEC' });
    if (call.path === '/api/v1/notifications/push/subscriptions' && call.method === 'POST')
      return ok({
        subscription: {
          id: 1,
          device: 'Chrome on Linux',
          service: 'push.example.com',
          created_at: '2026-01-01T00:00:00Z',
          last_used_at: null,
        },
      });
    return answer(call);
  };

  it('asks permission from the click, subscribes with the site key and stores the subscription', async () => {
    const { requestPermission, subscribe } = fakePush('default', 'granted');
    const calls = open(withPush);
    await userEvent.click(await screen.findByRole('button', { name: PUSH_TEXTS.enable }));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(PUSH_TEXTS.done)).toBeTruthy();
    const options = subscribe.mock.calls[0]?.[0] as PushSubscriptionOptionsInit;
    expect(options.userVisibleOnly).toBe(true);
    expect([...(options.applicationServerKey as Uint8Array)]).toEqual([4, 1, 2]);
    const post = calls.find((c) => c.path === '/api/v1/notifications/push/subscriptions');
    expect(post?.body).toEqual({
      endpoint: 'https://push.example.com/send/abc',
      keys: { p256dh: 'p-key', auth: 'a-key' },
    });
  });

  it('tells how to unblock when the browser blocks notifications', async () => {
    fakePush('default', 'denied');
    const calls = open(withPush);
    await userEvent.click(await screen.findByRole('button', { name: PUSH_TEXTS.enable }));
    expect(
      await screen.findByText(
        'Notifications blocked. Please enable them for this site from browser settings.',
      ),
    ).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/v1/notifications/push/subscriptions')).toBe(false);
  });

  it('says so at once when they were blocked before', async () => {
    fakePush('denied', 'denied');
    open(withPush);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(PUSH_TEXTS.blocked)).toBeTruthy();
    expect(screen.queryByRole('button', { name: PUSH_TEXTS.enable })).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy());
  });
});
