import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminArtistRow } from '@zema/contracts/admin';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetBootstrapStore } from '#src/lib/bootstrap-store';
import { useListParams } from '#src/lib/list-params';
import { makeBootstrap } from '#test/bootstrap-factory';
import { mockApi } from '#test/mock-api';
import { renderRoutes } from '#test/render-app';
import { CatalogueFilterPicker } from './admin-filters';

beforeEach(() => resetBootstrapStore());

const artist = (id: number, name: string): AdminArtistRow => ({
  id,
  name,
  verified: false,
  image_small: null,
  plays: 0,
  genres: [],
  albums_count: 0,
  tracks_count: 0,
  created_at: '2026-01-01T00:00:00.000Z',
});
const ARTISTS = [artist(7, 'Meklit Hadero'), artist(8, 'Mahmoud Ahmed'), artist(9, 'Tsehay Yohannes')];

/** GET admin/artists: `ids` as the server answers it, or a name search. */
function server() {
  return mockApi((call) => {
    if (call.method !== 'GET' || call.path !== '/api/v1/admin/artists') return undefined;
    const ids = call.query.get('ids')?.split(',').map(Number);
    const query = call.query.get('query')?.toLowerCase();
    const data = ARTISTS.filter((a) =>
      ids ? ids.includes(a.id) : a.name.toLowerCase().includes(query ?? ''),
    );
    return { status: 200, body: { current_page: 1, per_page: 15, total: data.length, data } };
  });
}

/** The picker bound to the URL as the tables bind it. */
function Page() {
  const [params, setParams] = useListParams(['artist']);
  return (
    <CatalogueFilterPicker
      kind="artist"
      value={params.filters.artist}
      onChange={(id) => setParams({ filters: { artist: id } })}
    />
  );
}

function visit(path: string) {
  return renderRoutes([{ path: '/admin/tracks', element: <Page /> }], path, makeBootstrap());
}

describe('CatalogueFilterPicker', () => {
  it('names the artist of a reloaded URL, and its clear button makes it "any" again', async () => {
    const calls = server();
    const { router } = visit('/admin/tracks?artist=7&page=2');
    const field = screen.getByRole('combobox', { name: 'Artist' });
    await waitFor(() => expect((field as HTMLInputElement).value).toBe('Meklit Hadero'));
    expect(calls.some((c) => c.query.get('ids') === '7')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Clear the artist filter' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect((field as HTMLInputElement).value).toBe('');
    expect(field.getAttribute('placeholder')).toBe('Any artist');
  });

  it('searches as you type; a choice goes into the URL, back on page 1, and the list closes', async () => {
    server();
    const { router } = visit('/admin/tracks?page=3');
    const field = screen.getByRole('combobox', { name: 'Artist' });
    await userEvent.type(field, 'tseh');
    const option = await screen.findByRole('option', { name: 'Tsehay Yohannes' });
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    await userEvent.click(option);
    await waitFor(() => expect(router.state.location.search).toBe('?artist=9'));
    expect((field as HTMLInputElement).value).toBe('Tsehay Yohannes');
    // The name it gets from the server after the choice does not open the list again.
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(field.getAttribute('aria-expanded')).toBe('false');
  });
});
