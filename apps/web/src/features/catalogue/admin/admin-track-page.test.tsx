import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetBootstrapStore } from '#src/lib/bootstrap-store';
import { clearToasts, toast } from '#src/ui/toast';
import { makeBootstrap } from '#test/bootstrap-factory';
import { type ApiCall, fail, mockApi, ok } from '#test/mock-api';
import { track } from '#test/player';
import { renderRoutes } from '#test/render-app';
import AdminTrackPage from './admin-track-page';

/**
 * The upload queue's network paths, settled by the test: each started transfer waits in `sent`
 * until the test finishes it with an entry (or fails it).
 */
const sent = vi.hoisted(
  () => [] as { path: string; file: File; metadata: unknown; finish: (id: number) => void }[],
);
vi.mock('#src/features/uploads/lib/default-transports', async () => {
  const { fileEntry } = await import('#test/fake-uploads');
  const send =
    (path: string) =>
    ({ file, metadata }: { file: File; metadata: unknown }) =>
      new Promise((resolve) => {
        sent.push({ path, file, metadata, finish: (id) => resolve(fileEntry(id, file.name)) });
      });
  return {
    createDefaultTransports: () => ({
      plain: send('plain'),
      tus: send('tus'),
      's3-simple': send('s3-simple'),
      's3-multipart': send('s3-multipart'),
    }),
  };
});

beforeEach(() => {
  resetBootstrapStore();
  sent.length = 0;
});
afterEach(() => {
  clearToasts();
  vi.restoreAllMocks();
});

const MB = 1024 * 1024;
const silent = track(5, { name: 'Tizita', stream_url: null, format: null, bitrate: null, duration_ms: 0 });

function server(answerAudio: (call: ApiCall) => ReturnType<typeof ok>) {
  return mockApi((call) => {
    if (call.path === '/api/v1/tracks/5' && call.method === 'GET') return ok({ track: silent });
    if (call.path === '/api/v1/tracks/5/audio') return answerAudio(call);
    if (call.path === '/api/v1/tracks' && call.method === 'POST')
      return ok({ track: track(6, { name: 'New one', stream_url: null }) });
    if (call.path === '/api/v1/tracks/6/audio') return answerAudio(call);
    if (call.path === '/api/v1/tracks/6') return ok({ track: track(6, { name: 'New one' }) });
    // The pickers' first page (artists, albums, genres).
    if (call.path.startsWith('/api/v1/admin/'))
      return ok({ data: [], total: 0, current_page: 1, per_page: 15, last_page: 1 });
    return undefined;
  });
}

function open(path: string) {
  return renderRoutes(
    [{ path: '/admin/tracks/:trackId', element: <AdminTrackPage /> }],
    path,
    makeBootstrap(),
  );
}

const master = (bytes: number) => {
  const file = new File([''], 'master.flac', { type: 'audio/flac' });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
};

describe('the admin track page: audio through the upload queue', () => {
  it('sends a big master by tus, then gives the track the upload by its entry', async () => {
    const calls = server(() =>
      ok({ track: track(5, { name: 'Tizita', format: 'flac', duration_ms: 272_000 }) }),
    );
    const positive = vi.spyOn(toast, 'positive');
    open('/admin/tracks/5');
    const card = within(await screen.findByRole('region', { name: 'Audio file' }));
    expect(card.getByText(/No audio file yet/)).toBeTruthy();
    await userEvent.upload(card.getByLabelText('Audio file'), master(300 * MB));
    expect(sent.map((s) => [s.path, s.file.name, s.metadata])).toEqual([
      ['tus', 'master.flac', { uploadType: 'track-audio' }],
    ]);
    expect(await card.findByText(/^Uploading/)).toBeTruthy();
    expect(card.getByRole('button', { name: 'Cancel master.flac' })).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/audio'))).toBe(false);

    await act(async () => sent[0]!.finish(31));
    await vi.waitFor(() => expect(positive).toHaveBeenCalledWith('Audio saved (4:32)'));
    const call = calls.find((c) => c.path === '/api/v1/tracks/5/audio');
    expect(call?.method).toBe('POST');
    expect(call?.body).toEqual({ file_entry_id: 31 });
  });

  it("shows the server's refusal of the upload under the card", async () => {
    server(() =>
      fail(422, {
        message: 'This file is not audio (MP3, FLAC, Ogg, Opus, WAV, M4A or WebM).',
        errors: { file_entry_id: ['This file is not audio (MP3, FLAC, Ogg, Opus, WAV, M4A or WebM).'] },
      }),
    );
    open('/admin/tracks/5');
    const card = within(await screen.findByRole('region', { name: 'Audio file' }));
    await userEvent.upload(card.getByLabelText('Audio file'), master(MB));
    expect(sent[0]?.path).toBe('plain');
    await act(async () => sent[0]!.finish(32));
    expect(
      await card.findByText('This file is not audio (MP3, FLAC, Ogg, Opus, WAV, M4A or WebM).'),
    ).toBeTruthy();
  });

  // Creating the track and giving it the upload: e2e/specs/admin-catalogue.spec.ts.
  it('a new track keeps its finished upload (nothing given yet); Create waits for the upload', async () => {
    const calls = server(() => ok({ track: track(6, { name: 'New one', duration_ms: 61_000 }) }));
    open('/admin/tracks/new');
    const card = within(await screen.findByRole('region', { name: 'Audio file' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'New one');
    await userEvent.upload(card.getByLabelText('Audio file'), master(MB));
    // Not while the file is still going up.
    expect(screen.getByRole('button', { name: 'Create track' }).hasAttribute('disabled')).toBe(true);
    await act(async () => sent[0]!.finish(33));
    expect(await card.findByText('Uploaded')).toBeTruthy();
    expect(card.getAllByText('master.flac')).toHaveLength(2);
    expect(calls.some((c) => c.path.endsWith('/audio'))).toBe(false);
  });
});

describe('the admin track page: the analysis after the upload', () => {
  /** The server's track 5, as GET tracks/5 reads it; the set-audio answer makes it `processing`. */
  function analysingServer() {
    const state = { track: track(5, { name: 'Tizita', format: 'wav', duration_ms: 72_000 }) };
    const calls = mockApi((call) => {
      if (call.path === '/api/v1/tracks/5' && call.method === 'GET') return ok({ track: state.track });
      if (call.path === '/api/v1/tracks/5/audio') {
        state.track = { ...state.track, audio_status: 'processing', audio_error: null };
        return ok({ track: state.track });
      }
      if (call.path.startsWith('/api/v1/admin/'))
        return ok({ data: [], total: 0, current_page: 1, per_page: 15, last_page: 1 });
      return undefined;
    });
    return { state, calls };
  }

  it('shows Processing… while the file is analysed (the previous audio still listed), then the new length', async () => {
    const { state, calls } = analysingServer();
    const positive = vi.spyOn(toast, 'positive');
    open('/admin/tracks/5');
    const card = within(await screen.findByRole('region', { name: 'Audio file' }));
    expect(card.getByText(/^WAV · 1:12/)).toBeTruthy();
    await userEvent.upload(card.getByLabelText('Audio file'), master(MB));
    await act(async () => sent[0]!.finish(34));

    expect(await card.findByText('Processing…')).toBeTruthy();
    expect(card.getByText('Until then the track plays its previous audio.')).toBeTruthy();
    expect(card.getByText(/^WAV · 1:12/)).toBeTruthy();
    // Not saved yet: the answer only took the file.
    expect(positive).not.toHaveBeenCalledWith(expect.stringMatching(/^Audio saved/));

    // The job ends: the page, reading the track again meanwhile, shows what it found.
    const reads = calls.filter((c) => c.path === '/api/v1/tracks/5').length;
    state.track = { ...state.track, format: 'flac', duration_ms: 272_000, audio_status: 'ready' };
    expect(await card.findByText(/^FLAC · 4:32/, undefined, { timeout: 5000 })).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/v1/tracks/5').length).toBeGreaterThan(reads);
    expect(card.queryByText('Processing…')).toBeNull();
    expect(positive).toHaveBeenCalledWith('Audio saved (4:32)');
  });

  it('shows why a file was refused after its analysis; the track keeps its audio', async () => {
    const { state } = analysingServer();
    open('/admin/tracks/5');
    const card = within(await screen.findByRole('region', { name: 'Audio file' }));
    await userEvent.upload(card.getByLabelText('Audio file'), master(MB));
    await act(async () => sent[0]!.finish(35));
    expect(await card.findByText('Processing…')).toBeTruthy();

    state.track = {
      ...state.track,
      audio_status: 'failed',
      audio_error: 'The file could not be read as audio.',
    };
    expect(
      await card.findByText('The file could not be read as audio.', undefined, { timeout: 5000 }),
    ).toBeTruthy();
    expect(card.queryByText('Processing…')).toBeNull();
    expect(card.getByText(/^WAV · 1:12/)).toBeTruthy();
  });
});
