import { screen } from '@testing-library/react';
import type { RadioStation, Track } from '@zema/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { makeBootstrap } from '#test/bootstrap-factory';
import { renderInRouter } from '#test/render-app';
import type { PlayerEngine, PlayerSnapshot } from '../lib/audio-engine';
import { setPlayerForTests } from '../lib/use-player';
import { CompactPlayerBar, MiniPlayer, PlayerBar } from './player-bar';

const track: Track = {
  id: 4,
  name: 'Blue Nile Rising',
  number: 1,
  duration_ms: 200_000,
  explicit: false,
  image: null,
  plays: 3,
  stream_url: '/api/v1/tracks/4/stream',
  format: 'mp3',
  bitrate: 128,
  artists: [{ id: 1, name: 'Addis Circuit', verified: false, image_small: null }],
  album: null,
};

/** The parts of the engine the bars read. */
function fakePlayer(state: Partial<PlayerSnapshot>) {
  const snapshot = {
    queue: [],
    original: [],
    index: -1,
    shuffle: false,
    repeat: 'off',
    status: 'idle',
    position: 0,
    duration: 0,
    buffered: 0,
    volume: 1,
    muted: false,
    ...state,
  };
  setPlayerForTests({ subscribe: () => () => {}, getSnapshot: () => snapshot } as unknown as PlayerEngine);
}

afterEach(() => setPlayerForTests(null));

describe('the player bars', () => {
  it('shows no empty bar (0:00 / 0:00) before anything was played', () => {
    fakePlayer({});
    renderInRouter(<PlayerBar />, makeBootstrap());
    expect(screen.queryByRole('region', { name: 'Player' })).toBeNull();
    expect(screen.queryByText('0:00')).toBeNull();
  });

  it("shows the landing page's compact bar with the progress and the time", () => {
    const item = { key: 'a', track };
    fakePlayer({ queue: [item], original: [item], index: 0, status: 'playing', position: 65, duration: 200 });
    renderInRouter(<CompactPlayerBar />, makeBootstrap());
    expect(screen.getByRole('region', { name: 'Player' })).toBeTruthy();
    expect(screen.getByText('1:05 / 3:20')).toBeTruthy();
    expect(screen.getByTestId('compact-progress').style.width).toBe('32.5%');
  });
});

const station: RadioStation = {
  id: 1,
  slug: 'zema',
  name: 'Zema Radio',
  description: '',
  cover: '/covers/zema.jpg',
  streams: [{ url: '/api/v1/radio/stations/zema/stream', format: 'mp3' }],
  hls_url: null,
  builtin: true,
  has_now_playing: true,
};

const onAir = {
  station,
  song: {
    title: 'Tizita',
    artist: 'Mahmoud Ahmed',
    album: null,
    art: '/art/tizita.jpg',
    started_at: null,
    duration: null,
    track: null,
  },
  listeners: 3,
  started: true,
};

describe('the player bars with a radio station', () => {
  it('show the station, the song on air and LIVE, with play/pause and no seek, skip, shuffle or repeat', () => {
    // The queue waits behind the station: its track is not what the bar shows.
    const item = { key: 'a', track };
    fakePlayer({ queue: [item], original: [item], index: 0, status: 'playing', live: onAir });
    renderInRouter(<PlayerBar />, makeBootstrap());
    const bar = screen.getByRole('region', { name: 'Player' });
    expect(bar.textContent).toContain('Zema Radio');
    expect(bar.textContent).toContain('Tizita · Mahmoud Ahmed');
    expect(bar.textContent).toContain('LIVE');
    expect(bar.textContent).not.toContain('Blue Nile Rising');
    expect(screen.getByRole('link', { name: 'Zema Radio' }).getAttribute('href')).toBe('/radio/zema');
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
    expect(screen.queryByRole('slider', { name: 'Seek' })).toBeNull();
    for (const name of ['Next', 'Previous', 'Shuffle', /^Repeat/])
      expect(screen.queryByRole('button', { name }), String(name)).toBeNull();
    expect((bar.querySelector('img') as HTMLImageElement).getAttribute('src')).toBe('/art/tizita.jpg');
  });

  it('show a station even with an empty queue, on the mobile and the landing bars too', () => {
    fakePlayer({ status: 'paused', live: { ...onAir, song: null } });
    const { unmount } = renderInRouter(<MiniPlayer />, makeBootstrap());
    expect(screen.getByRole('button', { name: /Open now playing: LIVE\s*Zema Radio/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
    unmount();
    renderInRouter(<CompactPlayerBar />, makeBootstrap());
    expect(screen.queryByTestId('compact-progress')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(
      (screen.getByRole('region', { name: 'Player' }).querySelector('img') as HTMLImageElement).getAttribute(
        'src',
      ),
    ).toBe('/covers/zema.jpg');
  });
});
