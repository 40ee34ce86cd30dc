import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACTIVE_WORKSPACE_COOKIE, type BackstageArtist, type WorkspaceRole } from '@zema/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetBootstrapStore } from '#src/lib/bootstrap-store';
import { removeCookie, setCookie } from '#src/lib/cookies';
import { makeReleaseDraft } from '#test/backstage';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import type { fakeTransports } from '#test/fake-uploads';
import { fileEntry } from '#test/fake-uploads';
import { type ApiCall, type ApiHandler, fail, mockApi, ok } from '#test/mock-api';
import { renderRoutes } from '#test/render-app';
import BackstageUploadPage from './backstage-upload-page';

// The files travel through transports the test settles by hand (the real ones use XHR and tus).
const transfers = vi.hoisted(() => ({ current: null as ReturnType<typeof fakeTransports> | null }));
vi.mock('#src/features/uploads/lib/default-transports', async () => {
  const { fakeTransports } = await import('#test/fake-uploads');
  return {
    createDefaultTransports: () => {
      transfers.current = fakeTransports();
      return transfers.current.transports;
    },
  };
});

const MB = 1024 * 1024;
const team = { id: 5, name: 'Addis Records', members_count: 3, default: false };

const selam = (role: WorkspaceRole): BackstageArtist => ({
  id: 7,
  name: 'Selam',
  verified: false,
  image_small: null,
  role: null,
  workspace: { id: team.id, name: team.name, role },
});

const release = (id: number) =>
  makeReleaseDraft([], { id, artist: { id: 7, name: 'Selam' }, type: 'single', name: 'Song' });

interface Server {
  /** The caller's role as GET backstage/artists answers it, call by call (the last one stays). */
  roles?: WorkspaceRole[];
  usage?: { used_bytes: number; quota_bytes: number | null };
  /** POST backstage/releases. */
  createRelease?: ApiHandler;
}

function server({ roles = ['editor'], usage = { used_bytes: 0, quota_bytes: null }, createRelease }: Server) {
  let artistCalls = 0;
  return mockApi((call: ApiCall) => {
    if (call.method === 'GET' && call.path === '/api/v1/workspaces')
      return ok({ workspaces: [{ id: 0, name: 'Default', members_count: 1, default: true }, team] });
    if (call.method === 'GET' && call.path === '/api/v1/backstage/artists') {
      const role = roles[Math.min(artistCalls++, roles.length - 1)]!;
      return ok({ artists: [selam(role)] });
    }
    if (call.method === 'GET' && call.path === '/api/v1/uploads/usage') return ok(usage);
    if (call.method === 'GET' && call.path === '/api/v1/backstage/releases')
      return ok({ current_page: 1, per_page: 20, data: [] });
    if (call.method === 'POST' && call.path === '/api/v1/backstage/releases')
      return createRelease?.(call) ?? ok({ release: release(40) });
    if (call.method === 'POST' && call.path === '/api/v1/backstage/releases/40/tracks')
      return ok({ release: release(40) });
    if (call.method === 'GET' && call.path === '/api/v1/backstage/releases/40')
      return ok({ release: release(40) });
    if (call.method === 'POST' && call.path === '/api/v1/file-entries/delete')
      return ok({ message: 'Deleted.' });
    return undefined;
  });
}

async function dropSong(bytes = MB) {
  renderRoutes(
    [{ path: '/backstage/upload', element: <BackstageUploadPage /> }],
    '/backstage/upload',
    makeBootstrap({ user: makeUser() }),
  );
  const song = new File([''], 'song.mp3', { type: 'audio/mpeg' });
  Object.defineProperty(song, 'size', { value: bytes });
  await userEvent.upload(await screen.findByLabelText('Files to upload'), song);
  return screen.findByRole('region', { name: 'Uploads' });
}

const started = () => transfers.current?.started ?? [];

beforeEach(() => {
  resetBootstrapStore();
  transfers.current = null;
  setCookie(ACTIVE_WORKSPACE_COOKIE, String(team.id), { days: 7 });
});
afterEach(() => removeCookie(ACTIVE_WORKSPACE_COOKIE));

describe('the upload queue asks the server before sending', () => {
  it('a file the storage cannot hold fails with the reason, and is never sent', async () => {
    server({ usage: { used_bytes: 95 * MB, quota_bytes: 100 * MB } });
    const list = await dropSong(10 * MB);
    expect(
      await within(list).findByText(
        'This file (10 MB) does not fit in your storage: 95 MB of 100 MB used. Delete files or ask for more space.',
      ),
    ).toBeTruthy();
    expect(started()).toHaveLength(0);
  });

  it('a role changed to Viewer since the page opened: refused before sending, saying why', async () => {
    // The page opened as an Editor; the server now answers Viewer.
    server({ roles: ['editor', 'viewer'] });
    const list = await dropSong();
    expect(
      await within(list).findByText(
        "You are a Viewer in Addis Records: you can see this artist's releases but not upload music. Ask the workspace's owner or an admin for the Editor role.",
      ),
    ).toBeTruthy();
    expect(started()).toHaveLength(0);
  });

  it('a file that fits is sent, added to its release, and only then reads Uploaded', async () => {
    const calls = server({});
    const list = await dropSong();
    await vi.waitFor(() => expect(started()).toHaveLength(1));
    await act(async () => started()[0]!.resolve(fileEntry(31, 'song.mp3')));
    expect(await within(list).findByText('Uploaded')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/v1/backstage/releases/40/tracks')?.body).toEqual({
      file_entry_id: 31,
    });
    expect(calls.some((c) => c.path === '/api/v1/file-entries/delete')).toBe(false);
  });

  it('a file the release refuses is deleted and shows the refusal, never "Uploaded"', async () => {
    const calls = server({
      createRelease: () => fail(403, { message: 'You do not manage this artist.' }),
    });
    const list = await dropSong();
    await vi.waitFor(() => expect(started()).toHaveLength(1));
    await act(async () => started()[0]!.resolve(fileEntry(31, 'song.mp3')));
    expect(await within(list).findByRole('alert')).toHaveProperty(
      'textContent',
      'You do not manage this artist.',
    );
    expect(within(list).queryByText('Uploaded')).toBeNull();
    expect(calls.find((c) => c.path === '/api/v1/file-entries/delete')?.body).toEqual({
      entryIds: [31],
      deleteForever: true,
    });
  });
});
