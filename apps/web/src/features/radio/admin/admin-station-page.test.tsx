import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RadioStationAdmin, SaveRadioStationRequest } from '@zema/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetBootstrapStore } from '#src/lib/bootstrap-store';
import { makeBootstrap } from '#test/bootstrap-factory';
import { type ApiCall, fail, mockApi, ok } from '#test/mock-api';
import { renderRoutes } from '#test/render-app';
import AdminStationPage from './admin-station-page';

beforeEach(() => resetBootstrapStore());

const BUILTIN: RadioStationAdmin = {
  id: 1,
  slug: 'zema',
  name: 'Zema Radio',
  description: 'The catalogue, live.',
  cover: null,
  streams: [],
  hls_url: null,
  builtin: true,
  has_now_playing: true,
  source: { kind: 'builtin', channel_id: null, rule: 'random', bitrate: 32, schedule: [] },
  public: true,
  position: 0,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

const saved = (body: SaveRadioStationRequest, id = 5): RadioStationAdmin => ({
  ...BUILTIN,
  id,
  builtin: false,
  name: body.name,
  slug: body.slug,
  description: body.description ?? '',
  cover: body.cover ?? null,
  streams: body.streams ?? [],
  hls_url: body.hls_url ?? null,
  source: body.source,
  public: body.public ?? true,
});

function server(opts: { ffmpeg?: boolean; save?: (call: ApiCall) => ReturnType<typeof ok> } = {}) {
  return mockApi((call) => {
    if (call.path === '/api/v1/admin/radio/stations' && call.method === 'GET')
      return ok({ stations: [BUILTIN], ffmpeg: opts.ffmpeg ?? true });
    if (call.path === '/api/v1/admin/radio/stations/1' && call.method === 'GET')
      return ok({ station: BUILTIN });
    if (/^\/api\/v1\/admin\/radio\/stations(\/\d+)?$/.test(call.path)) {
      if (opts.save) return opts.save(call);
      return ok({ station: saved(call.body as SaveRadioStationRequest) });
    }
    if (call.path === '/api/v1/admin/radio/stations/1/check')
      return ok({ ok: true, song: { ...NOW, track: null }, listeners: 3, error: null });
    return undefined;
  });
}

const NOW = {
  title: 'Tizita',
  artist: 'Mahmoud Ahmed',
  album: null,
  art: null,
  started_at: null,
  duration: null,
};

function open(path: string) {
  return renderRoutes(
    [
      { path: '/admin/radio/:stationId', element: <AdminStationPage /> },
      { path: '/admin/radio', element: <p>Stations list</p> },
    ],
    path,
    makeBootstrap(),
  );
}

/** Types a value at once (a paste): typing key by key costs seconds a field on a busy runner. */
async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

async function choose(field: RegExp, option: string) {
  await userEvent.click(screen.getByRole('button', { name: field }));
  await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

describe('the station editor (/admin/radio/…)', () => {
  it('checks the fields with the contract before sending, each message under its field', async () => {
    const calls = server();
    open('/admin/radio/new');
    await fill(await screen.findByRole('textbox', { name: /^Name/ }), 'Addis FM');
    // The address follows the name until edited.
    expect(screen.getByRole('textbox', { name: /^Slug/ })).toHaveProperty('value', 'addis-fm');
    await choose(/Source/, 'Icecast');
    await userEvent.click(screen.getByRole('button', { name: 'Add a stream' }));
    await fill(screen.getByRole('textbox', { name: 'Stream 1 address' }), 'ftp://example.com/live');
    await userEvent.click(screen.getByRole('button', { name: 'Add a mount' }));
    await fill(screen.getByRole('textbox', { name: 'Mount 1' }), 'live.mp3');
    await userEvent.click(screen.getByRole('button', { name: 'Create station' }));

    const address = screen.getByRole('textbox', { name: /Icecast server address/ });
    await waitFor(() => expect(address.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = (el: HTMLElement) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' ');
    expect(describedBy(address)).toContain('Enter an http:// or https:// address.');
    expect(describedBy(screen.getByRole('textbox', { name: 'Stream 1 address' }))).toContain(
      'Enter an http:// or https:// address.',
    );
    expect(describedBy(screen.getByRole('textbox', { name: 'Mount 1' }))).toContain(
      'A mount starts with /, like /live.mp3.',
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('sends every field of the request, and opens the station once created', async () => {
    const calls = server();
    const { router } = open('/admin/radio/new');
    await fill(await screen.findByRole('textbox', { name: /^Name/ }), 'Addis FM');
    await fill(screen.getByRole('textbox', { name: /^Description/ }), 'News and music');
    await fill(screen.getByRole('textbox', { name: /^Cover/ }), 'https://img.example/addis.jpg');
    await userEvent.click(screen.getByRole('button', { name: 'Add a stream' }));
    await fill(screen.getByRole('textbox', { name: 'Stream 1 address' }), 'https://r.example/live.aac');
    await choose(/Stream 1 format/, 'AAC');
    await fill(screen.getByRole('textbox', { name: /HLS address/ }), 'https://r.example/live.m3u8');
    await userEvent.click(screen.getByRole('switch', { name: /Public/ }));
    await choose(/Source/, 'AzuraCast');
    await fill(screen.getByRole('textbox', { name: /AzuraCast address/ }), 'https://azura.example');
    await fill(screen.getByRole('textbox', { name: /Station short name/ }), 'addis_fm');
    await userEvent.click(screen.getByRole('button', { name: 'Create station' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/radio/5'));
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/v1/admin/radio/stations');
    expect(post?.body).toEqual({
      name: 'Addis FM',
      slug: 'addis-fm',
      description: 'News and music',
      cover: 'https://img.example/addis.jpg',
      streams: [{ url: 'https://r.example/live.aac', format: 'aac' }],
      hls_url: 'https://r.example/live.m3u8',
      public: false,
      source: { kind: 'azuracast', base_url: 'https://azura.example', station: 'addis_fm' },
    });
  });

  it('puts the server’s field errors (422) under their fields', async () => {
    server({
      save: () =>
        fail(422, {
          message: 'The given data was invalid.',
          errors: {
            slug: ['This address is taken.'],
            'source.url': ['Add the stream to read its titles from.'],
          },
        }),
    });
    open('/admin/radio/new');
    await fill(await screen.findByRole('textbox', { name: /^Name/ }), 'Zema');
    await choose(/Source/, 'ICY titles in the stream');
    await userEvent.click(screen.getByRole('button', { name: 'Create station' }));
    expect(await screen.findByText('This address is taken.')).toBeTruthy();
    expect(screen.getByText('Add the stream to read its titles from.')).toBeTruthy();
  });

  it('keeps the built-in station’s source, offers its rotation and schedule, and no delete', async () => {
    const calls = server({ ffmpeg: false });
    open('/admin/radio/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Zema Radio' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete station' })).toBeNull();
    const source = screen.getByRole('button', { name: /Source/ });
    expect(source.hasAttribute('disabled') || source.getAttribute('data-disabled') !== null).toBe(true);
    expect(screen.queryByRole('textbox', { name: 'Stream 1 address' })).toBeNull();
    expect(screen.getByText(/ffmpeg is not installed/)).toBeTruthy();
    // No channels permission here: the channel is typed as a number.
    await fill(screen.getByRole('textbox', { name: 'Channel number' }), '4');
    await choose(/Rule/, 'Most played');
    await choose(/Bitrate/, '64 kbps');
    await userEvent.click(screen.getByRole('button', { name: 'Add a day' }));
    await fill(screen.getByLabelText(/^Date/), '2026-12-31');
    await fill(screen.getByRole('textbox', { name: /Playlist number/ }), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Save station' }));
    expect(await screen.findByText('Enter the playlist’s number.')).toBeTruthy();
    await userEvent.clear(screen.getByRole('textbox', { name: /Playlist number/ }));
    await fill(screen.getByRole('textbox', { name: /Playlist number/ }), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Save station' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect((put.body as SaveRadioStationRequest).source).toEqual({
      kind: 'builtin',
      channel_id: 4,
      rule: 'popular',
      bitrate: 64,
      schedule: [{ date: '2026-12-31', playlist_id: 12 }],
    });
  });

  it('tests the saved source and says what it answered', async () => {
    server();
    open('/admin/radio/1');
    await userEvent.click(await screen.findByRole('button', { name: 'Test source' }));
    expect(await screen.findByText('On air: Tizita by Mahmoud Ahmed')).toBeTruthy();
    expect(screen.getByText('3 listeners')).toBeTruthy();
  });
});
