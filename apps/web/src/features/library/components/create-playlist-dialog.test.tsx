import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetBootstrapStore } from '#src/lib/bootstrap-store';
import { clearToasts, ToastRegion } from '#src/ui/toast';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { mockApi, ok } from '#test/mock-api';
import { renderInRouter } from '#test/render-app';
import { CreatePlaylistDialog } from './create-playlist-dialog';

beforeEach(() => resetBootstrapStore());
afterEach(() => clearToasts());

function open() {
  renderInRouter(
    <>
      <CreatePlaylistDialog isOpen onOpenChange={() => undefined} openAfterCreate={false} />
      <ToastRegion />
    </>,
    makeBootstrap({ user: makeUser() }),
  );
  return screen.getByRole('dialog', { name: 'New playlist' });
}

describe('the playlist form (checked by the contract schema)', () => {
  it('refuses a name of spaces with the server’s message, and sends nothing', async () => {
    const calls = mockApi(() => undefined);
    const dialog = open();
    await userEvent.type(within(dialog).getByLabelText('Name'), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('The name field is required.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('sends the name trimmed and an empty description as none', async () => {
    const calls = mockApi((call) =>
      call.method === 'POST' && call.path === '/api/v1/playlists'
        ? ok({
            playlist: {
              id: 9,
              name: 'Road trip',
              description: null,
              image: null,
              public: true,
              collaborative: false,
              owner: { id: 1, display_name: 'A', avatar: null },
              collaborators: [],
              tracks_count: 0,
              duration_ms: 0,
              created_at: '2024-01-01T00:00:00.000Z',
              updated_at: '2024-01-01T00:00:00.000Z',
              can_edit: true,
              can_add_tracks: true,
            },
          })
        : undefined,
    );
    const dialog = open();
    await userEvent.type(within(dialog).getByLabelText('Name'), '  Road trip ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Road trip',
      description: null,
      public: true,
      collaborative: false,
    });
  });
});
