import { act, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetBootstrapStore, setBootstrapData } from '#src/lib/bootstrap-store';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { FakeAudio, memoryStorage } from '#test/media';
import { mockApi, ok } from '#test/mock-api';
import { track } from '#test/player';
import { PlayerEngine } from '../lib/audio-engine';
import { setPlayerForTests } from '../lib/use-player';
import { PlayerQueueSync } from './player-queue-sync';

const QUEUE = '/api/v1/me/play-queue';
const saved = {
  tracks: [track(3), track(4)],
  current_index: 1,
  position_ms: 30_000,
  changed_at: '2025-03-01T10:00:00.000Z',
  changed_by: 'Feishin',
};

function engine() {
  const player = new PlayerEngine({
    storage: memoryStorage(),
    createAudio: () => new FakeAudio() as unknown as HTMLAudioElement,
  });
  setPlayerForTests(player);
  return player;
}

afterEach(() => {
  setPlayerForTests(null);
  resetBootstrapStore();
});

describe('PlayerQueueSync', () => {
  it('takes the signed-in listener’s saved queue, paused, and leaves a visitor’s alone', async () => {
    const player = engine();
    const calls = mockApi((call) => (call.path === QUEUE ? ok({ play_queue: saved }) : undefined));
    setBootstrapData(makeBootstrap());
    const view = render(<PlayerQueueSync />);
    // A visitor: nothing asked.
    await act(async () => {});
    expect(calls).toEqual([]);

    act(() => setBootstrapData(makeBootstrap({ user: makeUser() })));
    await waitFor(() => expect(player.getSnapshot().queue.map((i) => i.track.id)).toEqual([3, 4]));
    expect(player.getSnapshot()).toMatchObject({ index: 1, position: 30, status: 'paused' });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([`GET ${QUEUE}`]);

    // Signed out: a change stays in this browser.
    act(() => setBootstrapData(makeBootstrap()));
    act(() => player.addToQueue([track(5)]));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(calls).toHaveLength(1);
    view.unmount();
  });

  it('does nothing for a signed-in user without music.view', async () => {
    engine();
    const calls = mockApi(() => undefined);
    setBootstrapData(makeBootstrap({ user: makeUser({ permissions: [] }) }));
    render(<PlayerQueueSync />);
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(calls).toEqual([]);
  });
});
