import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContactMessage } from '@zema/contracts/contact/contact-admin';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetBootstrapStore } from '#src/lib/bootstrap-store';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { mockApi, ok } from '#test/mock-api';
import { renderRoutes } from '#test/render-app';
import AdminContactMessagesPage from './admin-contact-messages-page';

beforeEach(() => {
  resetBootstrapStore();
  localStorage.clear();
});

const message = (id: number, over: Partial<ContactMessage> = {}): ContactMessage => ({
  id,
  name: 'Selam Tesfaye',
  email: 'selam@example.com',
  message: 'Can the band play on Saturday?\nWe are in Addis.',
  language: 'en',
  user_id: null,
  ip: '10.0.0.1',
  read_at: null,
  created_at: '2026-11-28T10:00:00Z',
  mail: {
    status: 'sent',
    attempts: 1,
    next_attempt_at: null,
    last_error: null,
    notified_to: 'hello@zema.test',
    notified_at: '2026-11-28T10:00:01Z',
    copy_sent_at: '2026-11-28T10:00:01Z',
  },
  ...over,
});

function serve(rows: ContactMessage[]) {
  return mockApi((call) => {
    if (call.path === '/api/v1/admin/contact-messages')
      return ok({ data: rows, total: rows.length, current_page: 1, per_page: 15, last_page: 1, unread: 1 });
    if (call.path === '/api/v1/admin/contact-messages/mark-read') {
      const { read } = call.body as { read: boolean };
      return ok({ message: `Marked 1 message as ${read ? 'read' : 'unread'}.`, count: 1 });
    }
    return undefined;
  });
}

const admin = makeBootstrap({
  user: makeUser({ permissions: [{ id: 1, name: 'admin', restrictions: [] }] }),
});

describe('the contact messages list', () => {
  it('opens a message whole, marks it read, and offers a reply by mail', async () => {
    const calls = serve([
      message(1),
      message(2, { name: 'Dawit', email: 'dawit@example.com', read_at: '2026-11-27T00:00:00Z' }),
    ]);
    renderRoutes(
      [{ path: '/admin/contact-messages', element: <AdminContactMessagesPage /> }],
      '/admin/contact-messages',
      admin,
    );
    const table = await screen.findByRole('table', { name: 'Contact messages' });
    await within(table).findByText('Selam Tesfaye');
    expect(screen.getByText('unread')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/v1/admin/contact-messages/export',
    );

    await userEvent.click(within(table).getByRole('button', { name: /Selam Tesfaye/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Message from Selam Tesfaye' });
    expect(within(dialog).getByText(/Can the band play on Saturday\?/)).toBeTruthy();
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/mark-read'))?.body).toEqual({ ids: [1], read: true }),
    );
    const reply = within(dialog).getByRole('link', { name: 'Reply by email' }).getAttribute('href')!;
    expect(reply.startsWith('mailto:selam@example.com?subject=Re%3A%20Your%20message%20to%20')).toBe(true);

    await userEvent.click(await within(dialog).findByRole('button', { name: 'Mark as unread' }));
    // The list refreshes after each change; the last change asked is "unread".
    const marks = () => calls.filter((c) => c.path.endsWith('/mark-read')).map((c) => c.body);
    await waitFor(() =>
      expect(marks()).toEqual([
        { ids: [1], read: true },
        { ids: [1], read: false },
      ]),
    );
    expect(await within(dialog).findByRole('button', { name: 'Mark as read' })).toBeTruthy();
  });
});
