import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminChannelRow } from '@zema/contracts/admin';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetBootstrapStore } from '#src/lib/bootstrap-store';
import { makeBootstrap } from '#test/bootstrap-factory';
import { mockApi, ok } from '#test/mock-api';
import { renderRoutes } from '#test/render-app';
import AdminChannelsPage from './admin-channels-page';

beforeEach(() => {
  resetBootstrapStore();
  localStorage.clear();
});

const row = (id: number, name: string, over: Partial<AdminChannelRow> = {}): AdminChannelRow => ({
  id,
  name,
  slug: name.toLowerCase().replace(/ /g, '-'),
  description: null,
  config: { contentType: 'album', rule: 'manual', layout: 'grid', limit: 20 },
  items_count: 3,
  updated_at: '2026-01-02T00:00:00Z',
  ...over,
});
const ROWS = [
  row(1, 'Fresh albums', { items_count: 4 }),
  row(2, 'Hot tracks', {
    config: { contentType: 'track', rule: 'popular_week', layout: 'track_table', limit: 10 },
    items_count: 0,
  }),
];

function serve() {
  return mockApi((call) => {
    if (call.path === '/api/v1/admin/channels') {
      const type = call.query.get('type');
      const data = ROWS.filter((r) => !type || r.config.contentType === type);
      return ok({ data, total: data.length, current_page: 1, per_page: 15, last_page: 1 });
    }
    if (call.path === '/api/v1/admin/channels/bulk-delete')
      return ok({ message: 'Deleted 1 channel.', count: 1 });
    return undefined;
  });
}

describe('the channels list', () => {
  it('shows each channel with its content, how it is filled and its layout; filters by content type', async () => {
    const calls = serve();
    renderRoutes(
      [{ path: '/admin/channels', element: <AdminChannelsPage /> }],
      '/admin/channels',
      makeBootstrap(),
    );
    const table = await screen.findByRole('table', { name: 'Channels' });
    await within(table).findByText('Fresh albums');
    expect(within(table).getByText('/channel/fresh-albums')).toBeTruthy();
    expect(within(table).getByText('Chosen by hand (4)')).toBeTruthy();
    expect(within(table).getByText('Most played this week')).toBeTruthy();
    expect(within(table).getByText('Track list')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: /Content type/ }));
    await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Tracks' }));
    await waitFor(() => expect(within(table).queryByText('Fresh albums')).toBeNull());
    expect(calls.at(-1)?.query.get('type')).toBe('track');
    // The export downloads the same filter.
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/v1/admin/channels/export?type=track',
    );
  });

  it('deletes the selected channels after a confirmation that says what goes', async () => {
    const calls = serve();
    renderRoutes(
      [{ path: '/admin/channels', element: <AdminChannelsPage /> }],
      '/admin/channels',
      makeBootstrap(),
    );
    await screen.findByText('Fresh albums');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Fresh albums?' });
    expect(dialog.textContent).toContain('Its list of 4 chosen items goes with it');
    expect(dialog.textContent).toContain('a homepage set to it falls back to the default home channel');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/v1/admin/channels/bulk-delete')?.body).toEqual({ ids: [1] }),
    );
  });
});
