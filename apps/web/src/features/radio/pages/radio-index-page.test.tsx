import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RadioStation } from '@zema/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlayerEngine } from '#src/features/player/lib/audio-engine';
import { setPlayerForTests } from '#src/features/player/lib/use-player';
import { makeBootstrap } from '#test/bootstrap-factory';
import { mockApi, ok } from '#test/mock-api';
import { renderRoutes } from '#test/render-app';
import RadioIndexPage from './radio-index-page';

const station = (id: number, slug: string, name: string): RadioStation => ({
  id,
  slug,
  name,
  description: `${name}, live.`,
  cover: null,
  streams: [{ url: `https://r.example/${slug}.mp3`, format: 'mp3' }],
  hls_url: null,
  builtin: false,
  has_now_playing: false,
});

let played: string[];

beforeEach(() => {
  played = [];
  // The parts of the engine the cards use: its state, and playing a station.
  setPlayerForTests({
    subscribe: () => () => {},
    getSnapshot: () => ({ live: null, status: 'idle', index: -1, queue: [] }),
    playStation: (s: RadioStation) => played.push(s.slug),
  } as unknown as PlayerEngine);
});

afterEach(() => setPlayerForTests(null));

describe('the radio page (/radio)', () => {
  it('lists the public stations, each with its page and a play button', async () => {
    mockApi((call) =>
      call.path === '/api/v1/radio/stations'
        ? ok({ stations: [station(1, 'zema', 'Zema Radio'), station(2, 'addis', 'Addis FM')] })
        : undefined,
    );
    renderRoutes([{ path: '/radio', element: <RadioIndexPage /> }], '/radio', makeBootstrap());
    expect(await screen.findByRole('link', { name: 'Addis FM' })).toHaveProperty(
      'href',
      expect.stringMatching(/\/radio\/addis$/),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Radio' })).toBeTruthy();
    expect(screen.getByText('Zema Radio, live.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Play Addis FM' }));
    expect(played).toEqual(['addis']);
  });

  it('says when there is no station yet', async () => {
    mockApi((call) => (call.path === '/api/v1/radio/stations' ? ok({ stations: [] }) : undefined));
    renderRoutes([{ path: '/radio', element: <RadioIndexPage /> }], '/radio', makeBootstrap());
    expect(await screen.findByText('No stations yet')).toBeTruthy();
  });
});
