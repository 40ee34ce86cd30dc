import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RadioNowPlaying, RadioSong, RadioStationResponse } from '@zema/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlayerEngine } from '#src/features/player/lib/audio-engine';
import { setPlayerForTests } from '#src/features/player/lib/use-player';
import { makeBootstrap } from '#test/bootstrap-factory';
import { FakeAudio, FakeEventSource } from '#test/media';
import { fail, mockApi, ok } from '#test/mock-api';
import { track } from '#test/player';
import { renderRoutes } from '#test/render-app';
import StationPage from './station-page';

const song = (title: string, artist: string, over: Partial<RadioSong> = {}): RadioSong => ({
  title,
  artist,
  album: null,
  art: null,
  started_at: '2026-01-01T10:00:00Z',
  duration: null,
  track: null,
  ...over,
});

const ZEMA: RadioStationResponse = {
  station: {
    id: 1,
    slug: 'zema',
    name: 'Zema Radio',
    description: 'The catalogue, live.',
    cover: '/covers/zema.jpg',
    streams: [{ url: '/api/v1/radio/stations/zema/stream', format: 'mp3' }],
    hls_url: null,
    builtin: true,
    has_now_playing: true,
  },
  now_playing: {
    song: song('Tizita', 'Mahmoud Ahmed'),
    listeners: 2,
    history: [song('Ambassel', 'Aster Aweke'), song('Yekatit', 'Tilahun Gessesse')],
  },
};

let audios: FakeAudio[];
let logged: string[];
/** The element that plays (the engine keeps a second one to preload the queue's next track). */
const active = () => audios.find((a) => a.hasAttribute('data-zema-player')) as FakeAudio;

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  logged = [];
  audios = [];
  setPlayerForTests(
    new PlayerEngine({
      createAudio: () => {
        const audio = new FakeAudio();
        audios.push(audio);
        return audio as unknown as HTMLAudioElement;
      },
      canPlayType: () => 'maybe',
      liveRetryDelaysMs: [],
      logError: (message) => logged.push(message),
    }),
  );
});

afterEach(() => {
  setPlayerForTests(null);
  vi.unstubAllGlobals();
});

function open(slug = 'zema', answer: RadioStationResponse | null = ZEMA) {
  mockApi((call) => {
    if (call.path === `/api/v1/radio/stations/${slug}`)
      return answer ? ok(answer) : fail(404, { message: 'Not found' });
    return undefined;
  });
  return renderRoutes(
    [{ path: '/radio/:slug', element: <StationPage /> }],
    `/radio/${slug}`,
    makeBootstrap(),
  );
}

const status = () => screen.getByTestId('radio-status').textContent;

describe('the station page (SPEC §2 radio/{station slug})', () => {
  it('says Press Play to Listen until played, Playing Now while it plays, and again once paused', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Zema Radio' })).toBeTruthy();
    expect(document.title).toContain('Zema Radio');
    expect(status()).toBe('Press Play to Listen');
    expect(screen.getByTestId('radio-title').textContent).toBe('Tizita');
    expect(screen.getByTestId('radio-artist').textContent).toBe('Mahmoud Ahmed');
    expect(screen.getByText('2 listeners')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Play Zema Radio' }));
    expect(status()).toBe('Playing Now');
    expect(active().src).toBe('/api/v1/radio/stations/zema/stream');

    await userEvent.click(screen.getByRole('button', { name: 'Pause Zema Radio' }));
    expect(status()).toBe('Press Play to Listen');
    expect(active().src).toBe('');
  });

  it('updates the title, artist and art from the live events without a reload, and closes them when left', async () => {
    const { unmount } = open();
    await screen.findByTestId('radio-title');
    const source = FakeEventSource.instances[0]!;
    expect(source.url).toBe('/api/v1/radio/stations/zema/events');
    const next: RadioNowPlaying = {
      song: song('Ere Mela Mela', 'Mahmoud Ahmed', { art: '/art/ere.jpg' }),
      listeners: 5,
      history: [song('Tizita', 'Mahmoud Ahmed'), ...ZEMA.now_playing.history],
    };
    act(() => source.emit('now-playing', next));
    expect(screen.getByTestId('radio-title').textContent).toBe('Ere Mela Mela');
    expect(screen.getByText('5 listeners')).toBeTruthy();
    expect(document.querySelector('header img')?.getAttribute('src')).toBe('/art/ere.jpg');
    expect(screen.getByRole('heading', { name: 'Recently played' })).toBeTruthy();
    // A frame the contract does not know is skipped.
    act(() => source.emit('now-playing', { song: 'nonsense' }));
    expect(screen.getByTestId('radio-title').textContent).toBe('Ere Mela Mela');
    unmount();
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('links the song to its track and offers its like when it is in the catalogue', async () => {
    open('zema', {
      ...ZEMA,
      now_playing: { ...ZEMA.now_playing, song: song('Track 9', 'Artist', { track: track(9) }) },
    });
    expect(await screen.findByRole('link', { name: 'Track 9' })).toHaveProperty(
      'href',
      expect.stringMatching(/\/track\/9\/track-9$/),
    );
    expect(screen.getByRole('button', { name: 'Like Track 9' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Find this song in Zema' })).toBeTruthy();
  });

  it('stays on Press Play to Listen and only logs when the stream cannot be played', async () => {
    open();
    await screen.findByTestId('radio-title');
    active().broken = true;
    await userEvent.click(screen.getByRole('button', { name: 'Play Zema Radio' }));
    await waitFor(() => expect(status()).toBe('Press Play to Listen'));
    expect(screen.getByRole('button', { name: 'Play Zema Radio' })).toBeTruthy();
    expect(logged).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is the 404 page for a station that does not exist', async () => {
    open('nowhere', null);
    expect(await screen.findByText("Looks like you've found the doorway to the great nothing")).toBeTruthy();
  });
});
