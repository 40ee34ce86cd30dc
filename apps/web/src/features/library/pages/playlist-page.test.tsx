import { screen, waitFor } from '@testing-library/react';
import type { Playlist, PlaylistEntry, UserRef } from '@zema/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetBootstrapStore } from '#src/lib/bootstrap-store';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { mockApi, ok } from '#test/mock-api';
import { track } from '#test/player';
import { renderRoutes } from '#test/render-app';
import PlaylistPage from './playlist-page';

beforeEach(() => resetBootstrapStore());

const owner: UserRef = { id: 1, display_name: 'Owner Olana', avatar: null };

function playlist(rights: Pick<Playlist, 'can_edit' | 'can_add_tracks'>): Playlist {
  return {
    id: 7,
    name: 'Road trip',
    description: null,
    image: null,
    public: true,
    collaborative: true,
    owner,
    collaborators: [],
    tracks_count: 2,
    duration_ms: 360_000,
    created_at: '2024-01-01T00:00:00.000Z',
    updated_at: '2024-01-01T00:00:00.000Z',
    ...rights,
  };
}

const entries: PlaylistEntry[] = [1, 2].map((id) => ({
  entry_id: 100 + id,
  position: id - 1,
  added_at: '2024-01-01T00:00:00.000Z',
  added_by: owner,
  track: track(id, { name: `Song ${id}` }),
}));

function open(rights: Pick<Playlist, 'can_edit' | 'can_add_tracks'>, signedIn = true) {
  mockApi((call) => {
    if (call.path === '/api/v1/playlists/7') return ok({ playlist: playlist(rights) });
    if (call.path === '/api/v1/playlists/7/tracks')
      return ok({ current_page: 1, per_page: 50, next_page: null, data: entries });
    if (call.path === '/api/v1/me/playlists') return ok({ playlists: [] });
    if (call.path === '/api/v1/me/likes/ids')
      return ok({ track: [], album: [], artist: [], followed_artists: [], followed_users: [] });
    return undefined;
  });
  renderRoutes(
    [{ path: '/playlist/:playlistId/:slug?', element: <PlaylistPage /> }],
    '/playlist/7/road-trip',
    makeBootstrap(signedIn ? { user: makeUser({ id: 2 }) } : {}),
  );
}

async function loaded() {
  await screen.findByRole('heading', { level: 1, name: 'Road trip' });
  await waitFor(() => expect(screen.getByText('Song 2')).toBeTruthy());
}

describe('playlist page: who may change what', () => {
  it('the owner edits the playlist and reorders its tracks', async () => {
    open({ can_edit: true, can_add_tracks: true });
    await loaded();
    expect(screen.getByRole('button', { name: 'Playlist options' })).toBeTruthy();
    // The drag handles come with the drag and drop code, loaded when the list may be reordered.
    expect(await screen.findByRole('button', { name: 'Move Song 1' })).toBeTruthy();
  });

  it('a collaborator reorders tracks but does not edit or delete the playlist', async () => {
    open({ can_edit: false, can_add_tracks: true });
    await loaded();
    expect(screen.queryByRole('button', { name: 'Playlist options' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Move Song 1' })).toBeTruthy();
  });

  it('anyone else only listens', async () => {
    open({ can_edit: false, can_add_tracks: false }, false);
    await loaded();
    expect(screen.queryByRole('button', { name: 'Playlist options' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Move / })).toBeNull();
  });
});
