import { describe, expect, it } from 'vitest';
import { memoryStorage } from '#test/media';
import { track } from '#test/player';
import { loadPlayer, PLAYER_STORAGE_KEY, savePlayer, serialize } from './persistence';
import * as q from './queue';

describe('player persistence', () => {
  it('saves and restores queue, index, original order, position, volume and modes', () => {
    const storage = memoryStorage();
    let s = q.playList(q.emptyQueue, [track(1), track(2), track(3)], 1);
    s = q.setShuffle(s, true, () => 0);
    s = { ...s, repeat: 'one' };
    savePlayer(storage, serialize(s, { volume: 0.4, muted: true, normalize: true, dataSaver: true }, 42.37));
    const back = loadPlayer(storage);
    expect(back?.queue.map((i) => i.track.id)).toEqual(s.queue.map((i) => i.track.id));
    expect(back?.original.map((i) => i.track.id)).toEqual([1, 2, 3]);
    expect(back?.index).toBe(s.index);
    expect(back).toMatchObject({
      position: 42.3,
      volume: 0.4,
      muted: true,
      normalize: true,
      shuffle: true,
      repeat: 'one',
    });
    // Turning shuffle off after a reload still finds the original order.
    const unshuffled = q.setShuffle(back as q.QueueState, false);
    expect(unshuffled.queue.map((i) => i.track.id)).toEqual([1, 2, 3]);
    expect(q.currentItem(unshuffled)?.track.id).toBe(2);
  });

  it('ignores a missing, broken or foreign value', () => {
    const storage = memoryStorage();
    expect(loadPlayer(storage)).toBeNull();
    storage.setItem(PLAYER_STORAGE_KEY, '{not json');
    expect(loadPlayer(storage)).toBeNull();
    storage.setItem(PLAYER_STORAGE_KEY, JSON.stringify({ queue: 'nope' }));
    expect(loadPlayer(storage)).toBeNull();
  });
});
