import { describe, expect, it } from 'vitest';
import { track } from '#test/player';
import * as q from './queue';

const tracks = (...ids: number[]) => ids.map((id) => track(id));
const ids = (s: q.QueueState) => s.queue.map((i) => i.track.id);
const cur = (s: q.QueueState) => q.currentItem(s)?.track.id;
/** A fixed "random" sequence, so shuffles are reproducible. */
const seq = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length] as number;
};

describe('queue', () => {
  it('plays a list from the chosen row, skipping a start without audio', () => {
    const s = q.playList(q.emptyQueue, tracks(1, 2, 3), 1);
    expect(ids(s)).toEqual([1, 2, 3]);
    expect(cur(s)).toBe(2);
    const silent = q.playList(q.emptyQueue, [track(1), track(2, { stream_url: null }), track(3)], 1);
    expect(cur(silent)).toBe(3);
  });

  it('play next goes right after the current item, add to queue at the end', () => {
    let s = q.playList(q.emptyQueue, tracks(1, 2, 3), 0);
    s = q.playNext(s, tracks(9));
    expect(ids(s)).toEqual([1, 9, 2, 3]);
    s = q.addToQueue(s, tracks(7));
    expect(ids(s)).toEqual([1, 9, 2, 3, 7]);
    expect(cur(s)).toBe(1);
    expect(q.addToQueue(q.emptyQueue, tracks(5)).index).toBe(0);
  });

  it('moves entries and keeps the current one current', () => {
    let s = q.playList(q.emptyQueue, tracks(1, 2, 3, 4), 1);
    s = q.moveItem(s, 3, 0);
    expect(ids(s)).toEqual([4, 1, 2, 3]);
    expect(cur(s)).toBe(2);
    s = q.moveItem(s, 2, 3);
    expect(ids(s)).toEqual([4, 1, 3, 2]);
    expect(s.index).toBe(3);
  });

  it('removes entries (the current one hands over to the next) and clears all but the current', () => {
    let s = q.playList(q.emptyQueue, tracks(1, 2, 3), 1);
    s = q.removeItem(s, s.queue[0]?.key ?? '');
    expect(ids(s)).toEqual([2, 3]);
    expect(cur(s)).toBe(2);
    s = q.removeItem(s, s.queue[0]?.key ?? '');
    expect(cur(s)).toBe(3);
    s = q.addToQueue(s, tracks(8, 9));
    s = q.clearQueue(s);
    expect(ids(s)).toEqual([3]);
    expect(s.index).toBe(0);
  });

  it('shuffle keeps the current track first and off restores the original order', () => {
    let s = q.playList(q.emptyQueue, tracks(1, 2, 3, 4, 5), 2);
    s = q.setShuffle(s, true, seq(0, 0, 0, 0));
    expect(cur(s)).toBe(3);
    expect(s.index).toBe(0);
    expect(ids(s).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(ids(s)).not.toEqual([3, 1, 2, 4, 5]);
    s = q.setShuffle(s, false);
    expect(ids(s)).toEqual([1, 2, 3, 4, 5]);
    expect(cur(s)).toBe(3);
  });

  it('a list played with shuffle on starts at the chosen track', () => {
    const s = q.playList({ ...q.emptyQueue, shuffle: true }, tracks(1, 2, 3, 4), 2, seq(0.1, 0.9, 0.5));
    expect(cur(s)).toBe(3);
    expect(s.index).toBe(0);
    expect(s.original.map((i) => i.track.id)).toEqual([1, 2, 3, 4]);
  });

  it('next: stops at the end with repeat off, wraps with repeat all, repeats one only when auto', () => {
    const base = q.playList(q.emptyQueue, tracks(1, 2, 3), 2);
    expect(q.nextIndex(base, true)).toBeNull();
    expect(q.nextIndex(base, false)).toBeNull();
    expect(q.nextIndex({ ...base, repeat: 'all' }, true)).toBe(0);
    expect(q.nextIndex({ ...base, repeat: 'one' }, true)).toBe(2);
    const first = { ...base, index: 0, repeat: 'one' as const };
    expect(q.nextIndex(first, false)).toBe(1);
  });

  it('next and previous skip tracks without audio', () => {
    const s = q.playList(q.emptyQueue, [track(1), track(2, { stream_url: null }), track(3)], 0);
    expect(q.nextIndex(s, true)).toBe(2);
    expect(q.previousIndex({ ...s, index: 2 }, 0)).toBe(0);
  });

  it('previous restarts after 3 s, else goes back; wraps only with repeat all', () => {
    const s = q.playList(q.emptyQueue, tracks(1, 2, 3), 1);
    expect(q.previousIndex(s, 3.5)).toBe(1);
    expect(q.previousIndex(s, 2)).toBe(0);
    const first = { ...s, index: 0 };
    expect(q.previousIndex(first, 1)).toBe(0);
    expect(q.previousIndex({ ...first, repeat: 'all' }, 1)).toBe(2);
  });

  it('repeat cycles off → all → one → off', () => {
    expect(q.nextRepeatMode('off')).toBe('all');
    expect(q.nextRepeatMode('all')).toBe('one');
    expect(q.nextRepeatMode('one')).toBe('off');
  });
});
