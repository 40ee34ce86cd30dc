import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PERMISSIONS, type Track } from '@zema/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetBootstrapStore } from '#src/lib/bootstrap-store';
import { clearToasts, ToastRegion } from '#src/ui/toast';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { mockApi, ok } from '#test/mock-api';
import { renderInRouter } from '#test/render-app';
import { personalWorkspacesApi } from '#test/workspaces-api';
import BackstageTracksPage from './backstage-tracks-page';

beforeEach(() => {
  resetBootstrapStore();
  // The backstage frame's workspace switcher asks for the user's workspaces.
  mockApi(personalWorkspacesApi);
});
afterEach(() => clearToasts());

const track = (id: number, name: string): Track => ({
  id,
  name,
  number: 1,
  duration_ms: 185_000,
  explicit: false,
  image: null,
  plays: 12,
  stream_url: null,
  format: 'mp3',
  bitrate: 128,
  artists: [{ id: 7, name: 'Selam', verified: false, image_small: null }],
  album: null,
});

const page = (data: Track[]) => ({ current_page: 1, per_page: 20, last_page: 1, total: data.length, data });

function show() {
  const user = makeUser({
    permissions: [
      { id: 1, name: 'music.view', restrictions: [] },
      { id: 2, name: PERMISSIONS.backstageAccess, restrictions: [] },
    ],
  });
  renderInRouter(
    <>
      <BackstageTracksPage />
      <ToastRegion />
    </>,
    makeBootstrap({ user }),
  );
}

describe('/backstage/tracks', () => {
  it("lists the artist's tracks, searches by name, edits and deletes one", async () => {
    const calls = mockApi((call) => {
      if (call.path === '/api/v1/backstage/artists')
        return ok({
          artists: [
            { id: 7, name: 'Selam', verified: false, image_small: null, role: 'artist', workspace: null },
          ],
        });
      if (call.path === '/api/v1/backstage/artists/7/tracks')
        return ok(
          page(call.query.get('query') ? [track(2, 'Tizita')] : [track(1, 'Ambassel'), track(2, 'Tizita')]),
        );
      if (call.method === 'PUT' && call.path === '/api/v1/backstage/tracks/1')
        return ok({ track: { ...track(1, 'Ambassel (Live)') } });
      if (call.method === 'DELETE' && call.path === '/api/v1/backstage/tracks/2')
        return ok({ message: 'Deleted.' });
      return undefined;
    });
    show();
    const list = await screen.findByRole('list', { name: 'Tracks' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getAllByText('3:05 · 12 plays')).toHaveLength(2);

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search tracks' }), 'Tiz');
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Tracks' })).getAllByRole('listitem')).toHaveLength(1),
    );
    expect(calls.some((c) => c.query.get('query') === 'Tiz')).toBe(true);
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search tracks' }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Tracks' })).getAllByRole('listitem')).toHaveLength(2),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Edit Ambassel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Ambassel' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Ambassel (Live)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save track' }));
    expect(await screen.findByText('Track saved')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ name: 'Ambassel (Live)', number: 1 });

    await userEvent.click(screen.getByRole('button', { name: 'Delete Tizita' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Tizita?' });
    expect(within(confirm).getByText(/audio file are removed/)).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete track' }));
    expect(await screen.findByText('Track deleted')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/v1/backstage/tracks/2')).toBe(true);
  });
});
