import { screen } from '@testing-library/react';
import type { Track } from '@zema/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { makeBootstrap } from '#test/bootstrap-factory';
import { renderInRouter } from '#test/render-app';
import type { PlayerEngine, PlayerSnapshot } from '../lib/audio-engine';
import { setPlayerForTests } from '../lib/use-player';
import { CompactPlayerBar, PlayerBar } from './player-bar';

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
