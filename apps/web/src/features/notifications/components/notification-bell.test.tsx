import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getBootstrapData, resetBootstrapStore } from '#src/lib/bootstrap-store';
import { clearToasts } from '#src/ui/toast';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { mockApi, ok } from '#test/mock-api';
import { makeNotification, notificationsPage } from '#test/notifications';
import { renderInRouter } from '#test/render-app';
import { NotificationBell } from './notification-bell';

beforeEach(() => resetBootstrapStore());
afterEach(() => clearToasts());

function renderBell(unread: number, { subs = true, integrated = true } = {}) {
  return renderInRouter(
    <NotificationBell />,
    makeBootstrap({
      user: makeUser({ unread_notifications_count: unread }),
      settings: { notifications: { integrated }, notif: { subs: { integrated: subs } } },
    }),
  );
}

describe('notification bell', () => {
  it('shows a badge with the unread count, and none at zero', () => {
    const { unmount } = renderBell(3);
    expect(screen.getByRole('button', { name: 'Notifications, 3 unread' })).toBeTruthy();
    expect(screen.getByTestId('notification-badge').textContent).toBe('3');
    unmount();
    renderBell(0);
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(screen.queryByTestId('notification-badge')).toBeNull();
  });

  it('is not there when notifications are not integrated', () => {
    renderBell(2, { integrated: false });
    expect(screen.queryByRole('button', { name: /Notifications/ })).toBeNull();
  });

  it('opens a popover with the list, the settings link (new tab) and Mark all as read, which clears the badge', async () => {
    const calls = mockApi((call) => {
      if (call.path === '/api/v1/notifications' && call.method === 'GET')
        return ok(
          notificationsPage([makeNotification(1), makeNotification(2, { read_at: '2026-01-01T00:00:00Z' })]),
        );
      if (call.path === '/api/v1/notifications/mark-all-as-read') return ok({ unreadCount: 0 });
      return undefined;
    });
    renderBell(1);
    await userEvent.click(screen.getByRole('button', { name: 'Notifications, 1 unread' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(dialog).findByRole('button', { name: 'Notification 1, unread' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Notification 2' })).toBeTruthy();
    expect(within(dialog).getAllByTestId('unread-dot')).toHaveLength(1);
    expect(calls[0]?.query.get('perPage')).toBe('30');
    const settingsLink = within(dialog).getByRole('link', { name: 'Notification settings' });
    expect(settingsLink.getAttribute('href')).toBe('/notifications/settings');
    expect(settingsLink.getAttribute('target')).toBe('_blank');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(screen.queryByTestId('notification-badge')).toBeNull());
    expect(getBootstrapData()?.user?.unread_notifications_count).toBe(0);
    expect(
      calls.some((c) => c.path === '/api/v1/notifications/mark-all-as-read' && c.method === 'POST'),
    ).toBe(true);
    // The list is asked again after marking (read dots go away).
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/v1/notifications').length).toBe(2));
    expect(within(dialog).queryByRole('button', { name: 'Mark all as read' })).toBeNull();
  });

  it('has no Mark all as read without unread ones, and no settings link unless subscriptions are integrated', async () => {
    mockApi((call) => (call.path === '/api/v1/notifications' ? ok(notificationsPage([])) : undefined));
    renderBell(0, { subs: false });
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(dialog).findByText('Hang tight!')).toBeTruthy();
    expect(within(dialog).getByText('Notifications will start showing up here soon.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Mark all as read' })).toBeNull();
    expect(within(dialog).queryByRole('link', { name: 'Notification settings' })).toBeNull();
  });
});
