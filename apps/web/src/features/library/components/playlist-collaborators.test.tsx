import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Playlist, UserRef } from '@zema/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetBootstrapStore } from '#src/lib/bootstrap-store';
import { clearToasts, ToastRegion } from '#src/ui/toast';
import { makeBootstrap } from '#test/bootstrap-factory';
import { mockApi } from '#test/mock-api';
import { renderInRouter } from '#test/render-app';
import { usePlaylist } from '../api/get-playlist';
import { playlistKey } from '../api/use-playlists';
import { CollaboratorAvatars, CollaboratorsDialog } from './playlist-collaborators';

beforeEach(() => resetBootstrapStore());
afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
});

const owner: UserRef = { id: 1, display_name: 'Owner Olana', avatar: null };
const abebe: UserRef = { id: 2, display_name: 'Abebe Bikila', avatar: null };
const almaz: UserRef = { id: 3, display_name: 'Almaz Ayana', avatar: '/storage/avatars/3.webp' };
const alula: UserRef = { id: 4, display_name: 'Alula Aba Nega', avatar: null };

function makePlaylist(collaborators: UserRef[]): Playlist {
  return {
    id: 7,
    name: 'Road trip',
    description: null,
    image: null,
    public: true,
    collaborative: true,
    owner,
    collaborators,
    tracks_count: 0,
    duration_ms: 0,
    created_at: '2024-01-01T00:00:00.000Z',
    updated_at: '2024-01-01T00:00:00.000Z',
    can_edit: true,
    can_add_tracks: true,
  };
}

function server(initial: UserRef[]) {
  let collaborators = [...initial];
  return mockApi((call) => {
    if (call.method === 'GET' && call.path === '/api/v1/search') {
      return { status: 200, body: searchAnswer(call.query.get('query') ?? '') };
    }
    if (call.method === 'GET' && call.path === '/api/v1/playlists/7') {
      return { status: 200, body: { playlist: makePlaylist(collaborators) } };
    }
    const m = call.path.match(/^\/api\/v1\/playlists\/7\/collaborators\/(\d+)$/);
    if (!m) return undefined;
    const userId = Number(m[1]);
    if (call.method === 'POST') {
      if (userId === 4)
        return { status: 500, body: { message: 'There was an issue. Please try again later.' } };
      const user = [abebe, almaz, alula].find((u) => u.id === userId);
      if (user) collaborators = [...collaborators.filter((c) => c.id !== userId), user];
      return { status: 200, body: { playlist: makePlaylist(collaborators) } };
    }
    if (call.method === 'DELETE') {
      collaborators = collaborators.filter((c) => c.id !== userId);
      return { status: 200, body: { playlist: makePlaylist(collaborators) } };
    }
    return undefined;
  });
}

/** The server's fuzzy ranking is not the point here: every query finds everyone, owner included. */
function searchAnswer(query: string) {
  const data = [owner, abebe, almaz, alula];
  return {
    query,
    results: { user: { data, total: data.length, current_page: 1, per_page: 10, next_page: null } },
  };
}

/** The dialog gets the playlist from its query, as on the playlist page. */
function Harness() {
  const playlist = usePlaylist(7);
  return (
    <>
      {playlist.data && (
        <CollaboratorsDialog playlist={playlist.data} isOpen onOpenChange={() => undefined} />
      )}
      <ToastRegion />
    </>
  );
}

async function renderDialog() {
  const view = renderInRouter(<Harness />, makeBootstrap());
  return { ...view, dialog: await screen.findByRole('dialog', { name: 'Collaborators' }) };
}

describe('playlist collaborators (owner)', () => {
  it('removes a collaborator with DELETE playlists/{id}/collaborators/{userId}', async () => {
    const calls = server([abebe, almaz]);
    const { dialog, queryClient } = await renderDialog();
    const list = within(dialog).getByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['AAbebe Bikila', 'Almaz Ayana']);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove Abebe Bikila' }));

    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
        '/api/v1/playlists/7/collaborators/2',
      ]),
    );
    expect(await screen.findByText('Abebe Bikila removed from collaborators')).toBeTruthy();
    // The page's playlist query now holds the server's answer.
    expect(queryClient.getQueryData<Playlist>(playlistKey(7))?.collaborators).toEqual([almaz]);
    await waitFor(() =>
      expect(within(dialog).queryByRole('button', { name: 'Remove Abebe Bikila' })).toBeNull(),
    );
  });

  it('searches people after a pause, hides the owner and existing collaborators, and adds with POST', async () => {
    const calls = server([almaz]);
    const { dialog, queryClient } = await renderDialog();
    const field = within(dialog).getByRole('combobox', { name: 'Add collaborator' });

    await userEvent.type(field, 'Ab');
    const listbox = await screen.findByRole('listbox');
    await waitFor(() =>
      expect(
        within(listbox)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['AAbebe Bikila', 'AAlula Aba Nega']),
    );
    // Searched after the pause in typing (timed in ui/use-debounced-value.test.ts): for people, and
    // last for what was typed.
    const searches = calls.filter((c) => c.path === '/api/v1/search');
    expect(searches.every((c) => c.query.get('types') === 'user')).toBe(true);
    expect(searches.at(-1)?.query.get('query')).toBe('Ab');

    await userEvent.click(within(listbox).getByRole('option', { name: 'Abebe Bikila' }));

    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
        '/api/v1/playlists/7/collaborators/2',
      ]),
    );
    expect(await screen.findByText('Abebe Bikila can now edit this playlist')).toBeTruthy();
    expect(queryClient.getQueryData<Playlist>(playlistKey(7))?.collaborators).toEqual([almaz, abebe]);
    expect(within(dialog).getByRole('button', { name: 'Remove Abebe Bikila' })).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('shows a toast when adding fails', async () => {
    server([]);
    const { dialog } = await renderDialog();
    expect(within(dialog).getByText('No collaborators yet.')).toBeTruthy();
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Add collaborator' }), 'alula');
    const option = await screen.findByRole('option', { name: 'Alula Aba Nega' });
    await userEvent.click(option);
    expect(await screen.findByText('There was an issue. Please try again later.')).toBeTruthy();
  });
});

describe('playlist collaborators (everyone)', () => {
  it('lists collaborators as avatars linking to their profiles', () => {
    renderInRouter(<CollaboratorAvatars collaborators={[abebe, almaz]} />, makeBootstrap());
    const list = screen.getByRole('list', { name: 'Collaborators' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => [l.getAttribute('aria-label'), l.getAttribute('href')])).toEqual([
      ['Abebe Bikila', '/user/2/abebe-bikila'],
      ['Almaz Ayana', '/user/3/almaz-ayana'],
    ]);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
