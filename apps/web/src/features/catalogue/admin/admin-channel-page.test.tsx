import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ArtistRef } from '@zema/contracts';
import type { AdminChannel, ChannelPreviewRequest } from '@zema/contracts/admin';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetBootstrapStore } from '#src/lib/bootstrap-store';
import { SELECT_EMPTY_TEXT } from '#src/ui/select';
import { makeBootstrap } from '#test/bootstrap-factory';
import { type ApiCall, fail, mockApi, ok } from '#test/mock-api';
import { renderRoutes } from '#test/render-app';
import AdminChannelPage from './admin-channel-page';

beforeEach(() => resetBootstrapStore());

const artist = (id: number, name: string): ArtistRef => ({ id, name, verified: false, image_small: null });
const CATALOGUE = [artist(1, 'Aster Aweke'), artist(2, 'Mahmoud Ahmed'), artist(3, 'Tilahun Gessesse')];

const saved: AdminChannel = {
  id: 7,
  name: 'Golden voices',
  slug: 'golden-voices',
  description: null,
  config: { contentType: 'artist', rule: 'manual', layout: 'grid', limit: 20 },
  items_count: 2,
  updated_at: '2026-01-01T00:00:00Z',
  items: [
    { id: 1, name: 'Aster Aweke', image: null, subtitle: null },
    { id: 2, name: 'Mahmoud Ahmed', image: null, subtitle: null },
  ],
};

/** The server of these tests: the picker's search, the preview, the channel and its save. */
function server(opts: { save?: (call: ApiCall) => ReturnType<typeof ok> } = {}) {
  return mockApi((call) => {
    if (call.path === '/api/v1/admin/channel-items') {
      const q = (call.query.get('query') ?? '').toLowerCase();
      const items = CATALOGUE.filter((a) => a.name.toLowerCase().includes(q)).map((a) => ({
        id: a.id,
        name: a.name,
        image: null,
        subtitle: null,
      }));
      return ok({ items });
    }
    if (call.path === '/api/v1/admin/channels/preview') {
      const body = call.body as ChannelPreviewRequest;
      const ids = body.config.rule === 'manual' ? (body.items ?? []) : [3];
      return ok({
        content: { type: 'artist', items: ids.map((id) => CATALOGUE.find((a) => a.id === id)!) },
      });
    }
    if (call.path === '/api/v1/admin/channels/7') return ok({ channel: saved });
    if (call.path === '/api/v1/channels' || call.path === '/api/v1/channels/7') {
      if (opts.save) return opts.save(call);
      return ok({ channel: { ...saved, content: { type: 'artist', items: [] } } });
    }
    return undefined;
  });
}

function open(path: string) {
  // The page alone: its route's permission guard is the router's (app/router.tsx).
  return renderRoutes(
    [
      { path: '/admin/channels/:channelId', element: <AdminChannelPage /> },
      { path: '/admin/channels', element: <p>Channels list</p> },
    ],
    path,
    makeBootstrap(),
  );
}

const previews = (calls: ApiCall[]) =>
  calls
    .filter((c) => c.path === '/api/v1/admin/channels/preview')
    .map((c) => c.body as ChannelPreviewRequest);

async function pick(name: string, typed: string) {
  await userEvent.type(screen.getByRole('combobox', { name: 'Add an artist' }), typed);
  const listbox = await screen.findByRole('listbox');
  await userEvent.click(await within(listbox).findByRole('option', { name }));
}

/** The chosen list's order, read from each row's drag handle ("Move {name}"). */
const order = () =>
  within(screen.getByRole('grid', { name: 'Chosen artists, in order' }))
    .getAllByRole('button', { name: /^Move (?!.* (up|down)$)/ })
    .map((b) => b.getAttribute('aria-label')!.replace(/^Move /, ''));

describe('the channel editor', () => {
  it('derives the slug from the title until it is edited', async () => {
    server();
    open('/admin/channels/new');
    const title = await screen.findByRole('textbox', { name: 'Title' });
    const slug = screen.getByRole('textbox', { name: 'Slug' }) as HTMLInputElement;
    await userEvent.type(title, 'Éthio Jazz, 1970s!');
    expect(slug.value).toBe('ethio-jazz-1970s');
    await userEvent.clear(slug);
    await userEvent.type(slug, 'jazz');
    await userEvent.type(title, ' more');
    expect(slug.value).toBe('jazz');
  });

  it('adds items with the picker, reorders and removes them, previews and saves the list in order', async () => {
    let body: unknown;
    const calls = server({
      save: (call) => {
        body = call.body;
        return ok({ channel: { ...saved, content: { type: 'artist', items: [] } } });
      },
    });
    const { router } = open('/admin/channels/new');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Title' }), 'Golden voices');
    // Albums by default; this channel shows artists.
    await userEvent.click(screen.getByRole('button', { name: /Content type/ }));
    await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Artists' }));

    await pick('Aster Aweke', 'aster');
    await pick('Mahmoud Ahmed', 'ma');
    await pick('Tilahun Gessesse', 'til');
    expect(order()).toEqual(['Aster Aweke', 'Mahmoud Ahmed', 'Tilahun Gessesse']);
    // A chosen item is not offered again.
    await userEvent.type(screen.getByRole('combobox', { name: 'Add an artist' }), 'a');
    expect(await screen.findByText(SELECT_EMPTY_TEXT)).toBeTruthy();
    expect(screen.queryByRole('option', { name: /Aster|Mahmoud|Tilahun/ })).toBeNull();
    // An emptied field closes its list.
    await userEvent.clear(screen.getByRole('combobox', { name: 'Add an artist' }));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Move Aster Aweke down' }));
    expect(order()).toEqual(['Mahmoud Ahmed', 'Aster Aweke', 'Tilahun Gessesse']);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Tilahun Gessesse' }));
    expect(order()).toEqual(['Mahmoud Ahmed', 'Aster Aweke']);

    // The preview follows the unsaved list, in its order.
    const preview = screen.getByRole('region', { name: 'Preview' });
    await waitFor(() => expect(previews(calls).at(-1)?.items).toEqual([2, 1]));
    await waitFor(() =>
      expect(
        within(preview)
          .getAllByRole('link')
          .map((l) => l.textContent),
      ).toEqual(expect.arrayContaining(['Mahmoud Ahmed', 'Aster Aweke'])),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Create channel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/channels/7'));
    expect(body).toEqual({
      name: 'Golden voices',
      slug: 'golden-voices',
      description: null,
      config: { contentType: 'artist', rule: 'manual', layout: 'grid', limit: 20 },
      items: [2, 1],
    });
  });

  it("previews what a rule picks, without the chosen list, and hides the list's editor", async () => {
    const calls = server();
    open('/admin/channels/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Golden voices' })).toBeTruthy();
    expect(order()).toEqual(['Aster Aweke', 'Mahmoud Ahmed']);
    await userEvent.click(screen.getByRole('button', { name: /Filled by/ }));
    await userEvent.click(
      within(screen.getByRole('listbox')).getByRole('option', { name: 'Most played this week' }),
    );
    expect(screen.queryByRole('grid', { name: 'Chosen artists, in order' })).toBeNull();
    await waitFor(() =>
      expect(previews(calls).at(-1)).toEqual({
        id: 7,
        config: { contentType: 'artist', rule: 'popular_week', layout: 'grid', limit: 20 },
      }),
    );
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(await within(preview).findByText('Tilahun Gessesse')).toBeTruthy();
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
  });

  it('asks before leaving with unsaved changes', async () => {
    server();
    const { router } = open('/admin/channels/7');
    await screen.findByRole('heading', { level: 1, name: 'Golden voices' });
    await userEvent.click(screen.getByRole('button', { name: 'Remove Aster Aweke' }));
    await userEvent.click(screen.getByRole('link', { name: 'Channels' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/admin/channels/7');
    expect(order()).toEqual(['Mahmoud Ahmed']);
    await userEvent.click(screen.getByRole('link', { name: 'Channels' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Leave without saving?' })).getByRole('button', {
        name: 'Leave',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/channels'));
  });

  it("places the server's field errors on their fields", async () => {
    server({
      save: () =>
        fail(422, {
          message: 'The given data was invalid.',
          errors: { slug: ['This address is taken.'], 'config.limit': ['Too many.'] },
        }) as ReturnType<typeof ok>,
    });
    open('/admin/channels/7');
    await screen.findByRole('heading', { level: 1, name: 'Golden voices' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), 'Voices of the golden age');
    await userEvent.click(screen.getByRole('button', { name: 'Save channel' }));
    const slug = await screen.findByRole('textbox', { name: 'Slug' });
    await waitFor(() => expect(slug.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('This address is taken.')).toBeTruthy();
    expect(screen.getByText('Too many.')).toBeTruthy();
    expect(screen.getByRole('spinbutton', { name: 'Items per page' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
  });
});
