import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACTIVE_WORKSPACE_COOKIE, type Notification } from '@zema/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getBootstrapData, resetBootstrapStore } from '#src/lib/bootstrap-store';
import { getCookie, removeCookie } from '#src/lib/cookies';
import { clearToasts, ToastRegion } from '#src/ui/toast';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { type ApiCall, type ApiHandler, fail, mockApi, ok } from '#test/mock-api';
import { makeNotification, notificationsPage } from '#test/notifications';
import { renderRoutes } from '#test/render-app';
import { notificationKeys } from '../api/keys';
import NotificationsPage from './notifications-page';

beforeEach(() => resetBootstrapStore());
afterEach(() => {
  clearToasts();
  removeCookie(ACTIVE_WORKSPACE_COOKIE);
});

function open(handler: ApiHandler, { unread = 0, subs = true } = {}) {
  const calls = mockApi(handler);
  const result = renderRoutes(
    [
      {
        path: '/notifications',
        element: (
          <>
            <NotificationsPage />
            <ToastRegion />
          </>
        ),
      },
      { path: '/profile/:id', element: <p>profile page</p> },
    ],
    '/notifications',
    makeBootstrap({
      user: makeUser({ unread_notifications_count: unread }),
      settings: { notifications: { integrated: true }, notif: { subs: { integrated: subs } } },
    }),
  );
  return { calls, ...result };
}

const invitation = (id: number, read_at: string | null = null): Notification =>
  makeNotification(id, {
    type: 'workspace.invitation',
    read_at,
    data: {
      inviteId: 'inv-abc',
      icon: 'users',
      lines: [
        { type: 'primary', content: 'Selam invited you to Addis Records' },
        { type: 'secondary', content: 'Role: Editor', icon: 'user-cog' },
      ],
      buttonActions: [
        { label: 'Join', action: 'workspace.join' },
        { label: 'Decline', action: 'workspace.decline' },
      ],
    },
  });

const listCalls = (calls: ApiCall[]) =>
  calls.filter((c) => c.path === '/api/v1/notifications' && c.method === 'GET');

describe('/notifications', () => {
  it('loads 30 a page and the next page as the list goes on', async () => {
    const first = Array.from({ length: 30 }, (_, i) => makeNotification(100 - i));
    const second = [makeNotification(1, { read_at: '2026-01-01T00:00:00Z' })];
    const { calls } = open((call) => {
      if (call.path !== '/api/v1/notifications') return undefined;
      return call.query.get('page') === '2'
        ? ok(notificationsPage(second, 2, 2))
        : ok(notificationsPage(first, 1, 2));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('notification')).toHaveLength(30));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('notification')).toHaveLength(31));
    expect(listCalls(calls).map((c) => c.query.get('perPage'))).toEqual(['30', '30']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getAllByText('a few seconds ago').length).toBeGreaterThan(0);
  });

  it('marks an unread one read when clicked, refreshes the list, follows its main action and takes the count', async () => {
    let read = false;
    const n = makeNotification(9, {
      data: {
        mainAction: { label: 'View', action: '/profile/3' },
        lines: [{ type: 'primary', content: 'Sara followed you' }],
      },
    });
    const { calls, queryClient } = open(
      (call) => {
        if (call.path === '/api/v1/notifications' && call.method === 'GET')
          return ok(notificationsPage([read ? { ...n, read_at: '2026-01-01T00:00:00Z' } : n]));
        if (call.path === '/api/v1/notifications/mark-as-read') {
          read = true;
          return ok({ unreadCount: 0 });
        }
        return undefined;
      },
      { unread: 1 },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Sara followed you, unread' }));
    expect(await screen.findByText('profile page')).toBeTruthy();
    const mark = calls.find((c) => c.path === '/api/v1/notifications/mark-as-read');
    expect(mark?.body).toEqual({ ids: [9] });
    await waitFor(() => expect(getBootstrapData()?.user?.unread_notifications_count).toBe(0));
    // The list left the screen with the navigation: it is refreshed when it is shown again.
    await waitFor(() =>
      expect(queryClient.getQueryState(notificationKeys.list(30))?.isInvalidated).toBe(true),
    );
  });

  it('an unread one without a main action is marked read and the list refreshed in place', async () => {
    let read = false;
    const { calls } = open(
      (call) => {
        if (call.path === '/api/v1/notifications' && call.method === 'GET')
          return ok(
            notificationsPage([makeNotification(3, { read_at: read ? '2026-01-01T00:00:00Z' : null })]),
          );
        if (call.path === '/api/v1/notifications/mark-as-read') {
          read = true;
          return ok({ unreadCount: 2 });
        }
        return undefined;
      },
      { unread: 3 },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Notification 3, unread' }));
    expect(await screen.findByRole('button', { name: 'Notification 3' })).toBeTruthy();
    expect(screen.queryByTestId('unread-dot')).toBeNull();
    expect(listCalls(calls)).toHaveLength(2);
    expect(getBootstrapData()?.user?.unread_notifications_count).toBe(2);
  });

  it('a read one is not marked again', async () => {
    const { calls } = open((call) =>
      call.path === '/api/v1/notifications'
        ? ok(notificationsPage([makeNotification(4, { read_at: '2026-01-01T00:00:00Z' })]))
        : undefined,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Notification 4' }));
    expect(calls.some((c) => c.path.endsWith('mark-as-read'))).toBe(false);
  });

  const ADDIS = { id: 4, name: 'Addis Records', members_count: 2, default: false };

  it('shows lines with their icons, the type icon and the buttons; Join joins and says so', async () => {
    const { calls } = open((call) => {
      if (call.path === '/api/v1/notifications') return ok(notificationsPage([invitation(7)]));
      if (call.path === '/api/v1/workspace/join/inv-abc') return ok({ workspace: ADDIS });
      if (call.path === '/api/v1/workspaces')
        return ok({ workspaces: [{ id: 0, name: 'Default', members_count: 1, default: true }, ADDIS] });
      return undefined;
    });
    const item = (await screen.findAllByTestId('notification'))[0] as HTMLElement;
    expect(within(item).getByText('Role: Editor')).toBeTruthy();
    expect(item.querySelectorAll('svg').length).toBeGreaterThanOrEqual(2);
    await userEvent.click(within(item).getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('Joined workspace')).toBeTruthy();
    await waitFor(() =>
      expect(getBootstrapData()?.workspaces.some((w) => w.id === 4 && w.name === 'Addis Records')).toBe(true),
    );
    const join = calls.find((c) => c.path === '/api/v1/workspace/join/inv-abc');
    expect(join?.method).toBe('GET');
    // Joining refreshes the notifications (and the workspaces list).
    await waitFor(() => expect(listCalls(calls).length).toBe(2));
    // The button press is the action alone: the item is not marked read by it.
    expect(calls.some((c) => c.path.endsWith('mark-as-read'))).toBe(false);
  });

  it('Join makes the joined workspace the active one', async () => {
    const { calls } = open((call) => {
      if (call.path === '/api/v1/notifications') return ok(notificationsPage([invitation(7)]));
      if (call.path === '/api/v1/workspace/join/inv-abc') return ok({ workspace: ADDIS });
      if (call.path === '/api/v1/workspaces')
        return ok({ workspaces: [{ id: 0, name: 'Default', members_count: 1, default: true }, ADDIS] });
      return undefined;
    });
    expect(getCookie(ACTIVE_WORKSPACE_COOKIE)).not.toBe('4');
    await userEvent.click(await screen.findByRole('button', { name: 'Join' }));
    expect(await screen.findByText('Joined workspace')).toBeTruthy();
    expect(getCookie(ACTIVE_WORKSPACE_COOKIE)).toBe('4');
    // What is shown next is asked for in the joined workspace.
    await waitFor(() => expect(listCalls(calls).some((c) => c.query.get('workspaceId') === '4')).toBe(true));
  });

  it('Decline declines and says so', async () => {
    const { calls } = open((call) => {
      if (call.path === '/api/v1/notifications') return ok(notificationsPage([invitation(7)]));
      if (call.path === '/api/v1/workspace/invite/inv-abc') return ok({ message: 'Declined' });
      if (call.path === '/api/v1/workspaces')
        return ok({ workspaces: [{ id: 0, name: 'Default', members_count: 1, default: true }, ADDIS] });
      return undefined;
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Declined workspace invitation')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/v1/workspace/invite/inv-abc')?.method).toBe('DELETE');
  });

  it('an invitation no longer valid (404) says so and refreshes the notifications', async () => {
    const { calls } = open((call) => {
      if (call.path === '/api/v1/notifications') return ok(notificationsPage([invitation(7)]));
      if (call.path === '/api/v1/workspace/join/inv-abc') return fail(404, { message: 'Not found' });
      if (call.path === '/api/v1/workspaces')
        return ok({ workspaces: [{ id: 0, name: 'Default', members_count: 1, default: true }, ADDIS] });
      return undefined;
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Join' }));
    expect(await screen.findByText('This invite is no longer valid')).toBeTruthy();
    await waitFor(() => expect(listCalls(calls).length).toBe(2));
  });

  it('the empty state says to hang tight, with the settings link only when subscriptions are integrated', async () => {
    const { unmount } = open((call) =>
      call.path === '/api/v1/notifications' ? ok(notificationsPage([])) : undefined,
    );
    expect(await screen.findByText('Hang tight!')).toBeTruthy();
    expect(screen.getByText('Notifications will start showing up here soon.')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Notification settings' }).length).toBeGreaterThan(0);
    unmount();
    resetBootstrapStore();
    open((call) => (call.path === '/api/v1/notifications' ? ok(notificationsPage([])) : undefined), {
      subs: false,
    });
    expect(await screen.findByText('Hang tight!')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Notification settings' })).toBeNull();
  });
});
