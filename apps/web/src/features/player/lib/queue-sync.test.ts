import type { Track } from '@zema/contracts';
import {
  PLAY_QUEUE_MAX_TRACKS,
  type PlayQueue,
  type SavePlayQueueRequest,
} from '@zema/contracts/player/play-queue';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#src/lib/api-error';
import { FakeAudio, memoryStorage } from '#test/media';
import { track } from '#test/player';
import { ACTIVE_ATTR, PlayerEngine } from './audio-engine';
import {
  decideSync,
  QUEUE_SYNC_DEBOUNCE_MS,
  QUEUE_SYNC_PULL_EVERY_MS,
  QUEUE_SYNC_STORAGE_KEY,
  type QueueSync,
  type QueueSyncApi,
  type SyncRecord,
  saveBodyOf,
  startQueueSync,
} from './queue-sync';

const USER = 7;
const T0 = Date.parse('2025-03-01T10:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

/** The server's side: what it holds, each save it got, and each save sent as the page went away. */
function fakeServer(initial: Partial<PlayQueue> = {}) {
  const state = {
    queue: {
      tracks: [],
      current_index: null,
      position_ms: 0,
      changed_at: null,
      changed_by: null,
      ...initial,
    } as PlayQueue,
    saves: [] as SavePlayQueueRequest[],
    exits: [] as SavePlayQueueRequest[],
    loads: 0,
    fail: null as ApiError | null,
  };
  const api: QueueSyncApi = {
    load: async () => {
      state.loads += 1;
      if (state.fail) throw state.fail;
      return state.queue;
    },
    save: async (body) => {
      if (state.fail) throw state.fail;
      state.saves.push(body);
      state.queue = {
        tracks: body.track_ids.map((id) => track(id)),
        current_index: body.current_index ?? null,
        position_ms: body.position_ms ?? 0,
        changed_at: iso(Date.now()),
        changed_by: body.client ?? 'Zema web',
      };
      return state.queue;
    },
    saveOnExit: (body) => {
      state.exits.push(body);
    },
  };
  return { state, api };
}

describe('queue sync with the server', () => {
  let audios: FakeAudio[];
  let storage: Storage;
  let win: EventTarget;
  let doc: EventTarget & { visibilityState: DocumentVisibilityState };
  let sync: QueueSync | null;

  const engine = () =>
    new PlayerEngine({
      storage,
      createAudio: () => {
        const a = new FakeAudio();
        audios.push(a);
        return a as unknown as HTMLAudioElement;
      },
      random: () => 0,
    });
  const active = () => audios.find((a) => a.hasAttribute(ACTIVE_ATTR)) as FakeAudio;
  const start = (player: PlayerEngine, api: QueueSyncApi) => {
    sync = startQueueSync({
      player,
      userId: USER,
      storage,
      api,
      win: win as Window,
      doc: doc as unknown as Document,
    });
    return sync;
  };
  const record = () => JSON.parse(storage.getItem(QUEUE_SYNC_STORAGE_KEY) ?? 'null') as SyncRecord | null;
  const ids = (p: PlayerEngine) => p.getSnapshot().queue.map((i) => i.track.id);
  /** A page that played [1, 2, 3] and was left paused on track 2 at 42 s, then reloaded. */
  const reloadedPaused = () => {
    const first = engine();
    first.playTracks([track(1), track(2), track(3)], 1);
    first.seek(42);
    first.pause();
    audios = [];
    return engine();
  };

  beforeEach(() => {
    vi.useFakeTimers({ now: T0 });
    audios = [];
    storage = memoryStorage();
    win = new EventTarget();
    doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
    sync = null;
  });
  afterEach(() => {
    sync?.stop();
    vi.useRealTimers();
  });

  it('takes the queue a phone saved, paused at its place, never playing it', async () => {
    const player = reloadedPaused();
    const { state, api } = fakeServer({
      tracks: [track(5), track(6), track(5)],
      current_index: 2,
      position_ms: 61_500,
      changed_at: iso(T0 - 60_000),
      changed_by: 'Feishin',
    });
    await start(player, api).pull();
    expect(ids(player)).toEqual([5, 6, 5]);
    expect(player.getSnapshot()).toMatchObject({ index: 2, status: 'paused', position: 61.5 });
    expect(active().src).toBe('/api/v1/tracks/5/stream');
    expect(active().currentTime).toBe(61.5);
    expect(audios.every((a) => a.paused && a.loads.length === 0)).toBe(true);
    // Taking it is no change of this browser's: nothing is sent back.
    await vi.advanceTimersByTimeAsync(QUEUE_SYNC_DEBOUNCE_MS * 2);
    expect(state.saves).toEqual([]);
    expect(record()).toMatchObject({ user_id: USER, synced_at: iso(T0 - 60_000), dirty: false });
  });

  it('sends this browser’s queue when the server never had one, and keeps nothing to send when both are empty', async () => {
    const { state, api } = fakeServer();
    const empty = start(engine(), api);
    await empty.pull();
    expect(state.saves).toEqual([]);
    empty.stop();

    await start(reloadedPaused(), api).pull();
    expect(state.saves).toEqual([
      { track_ids: [1, 2, 3], current_index: 1, position_ms: 42_000, client: 'Zema web' },
    ]);
    expect(record()).toMatchObject({ synced_at: state.queue.changed_at, dirty: false });
  });

  it('sends changes made here since the last sync instead of taking an older copy', async () => {
    const player = reloadedPaused();
    const { state, api } = fakeServer({
      tracks: [track(9)],
      current_index: 0,
      changed_at: iso(T0 - 120_000),
    });
    // Synced with that copy, then changed here a minute later (the server's clock and ours agree).
    storage.setItem(
      QUEUE_SYNC_STORAGE_KEY,
      JSON.stringify({ user_id: USER, synced_at: iso(T0 - 300_000), changed_at: T0 - 60_000, dirty: true }),
    );
    await start(player, api).pull();
    expect(ids(player)).toEqual([1, 2, 3]);
    expect(state.saves.map((s) => s.track_ids)).toEqual([[1, 2, 3]]);
  });

  it('sends a change of the queue or a pause once, after a quiet time, and not the position while playing', async () => {
    const player = reloadedPaused();
    const { state, api } = fakeServer();
    await start(player, api).pull();
    state.saves = [];

    player.play();
    active().advance(30);
    await vi.advanceTimersByTimeAsync(QUEUE_SYNC_DEBOUNCE_MS * 3);
    expect(state.saves).toEqual([]);

    player.addToQueue([track(4)]);
    player.playNext([track(8)]);
    await vi.advanceTimersByTimeAsync(QUEUE_SYNC_DEBOUNCE_MS - 1);
    expect(state.saves).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.saves.map((s) => s.track_ids)).toEqual([[1, 2, 8, 3, 4]]);

    player.next();
    await vi.advanceTimersByTimeAsync(QUEUE_SYNC_DEBOUNCE_MS);
    expect(state.saves.at(-1)).toMatchObject({ current_index: 2 });

    active().advance(12);
    player.pause();
    await vi.advanceTimersByTimeAsync(QUEUE_SYNC_DEBOUNCE_MS);
    expect(state.saves.at(-1)).toMatchObject({ current_index: 2, position_ms: 12_000 });
    expect(state.saves).toHaveLength(3);
    expect(record()).toMatchObject({ dirty: false, synced_at: state.queue.changed_at });
  });

  it('sends the place once more as the page goes away, with a request that outlives it', async () => {
    const player = reloadedPaused();
    const { state, api } = fakeServer();
    await start(player, api).pull();

    // Paused and nothing changed: nothing to send.
    win.dispatchEvent(new Event('pagehide'));
    expect(state.exits).toEqual([]);

    player.play();
    active().advance(20);
    win.dispatchEvent(new Event('pagehide'));
    expect(state.exits).toEqual([
      { track_ids: [1, 2, 3], current_index: 1, position_ms: 62_000, client: 'Zema web' },
    ]);
    expect(record()).toMatchObject({ dirty: true });
  });

  it('reads the server again when the tab comes back while paused, and takes what the phone saved meanwhile', async () => {
    const player = reloadedPaused();
    const { state, api } = fakeServer();
    await start(player, api).pull();
    expect(state.loads).toBe(1);

    // The phone played on.
    state.queue = {
      tracks: [track(2), track(3)],
      current_index: 1,
      position_ms: 5000,
      changed_at: iso(Date.now() + 1000),
      changed_by: 'DSub',
    };
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    // Not again so soon.
    expect(state.loads).toBe(1);
    await vi.advanceTimersByTimeAsync(QUEUE_SYNC_PULL_EVERY_MS);
    doc.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(state.loads).toBe(2);
    expect(ids(player)).toEqual([2, 3]);
    expect(player.getSnapshot()).toMatchObject({ index: 1, position: 5, status: 'paused' });
  });

  it('never takes another copy while music plays here', async () => {
    const player = reloadedPaused();
    const { state, api } = fakeServer();
    await start(player, api).pull();
    player.play();
    state.queue = {
      ...state.queue,
      tracks: [track(9)],
      current_index: 0,
      changed_at: iso(Date.now() + 5000),
    };
    await sync!.pull();
    expect(ids(player)).toEqual([1, 2, 3]);
    expect(player.getSnapshot().status).toBe('playing');
  });

  it('stops once the server says the user is signed out', async () => {
    const player = reloadedPaused();
    const { state, api } = fakeServer();
    await start(player, api).pull();
    state.fail = new ApiError(401, { message: 'Unauthenticated.' });
    player.addToQueue([track(4)]);
    await vi.advanceTimersByTimeAsync(QUEUE_SYNC_DEBOUNCE_MS);
    state.fail = null;
    player.addToQueue([track(5)]);
    await vi.advanceTimersByTimeAsync(QUEUE_SYNC_DEBOUNCE_MS * 2);
    expect(state.saves.map((s) => s.track_ids)).toEqual([[1, 2, 3]]);
  });

  it('waits for the server’s copy before sending changes made while it was read', async () => {
    const player = reloadedPaused();
    const { state, api } = fakeServer({ tracks: [track(9)], current_index: 0, changed_at: iso(T0 - 1000) });
    let release: () => void = () => {};
    const load = api.load;
    api.load = () => new Promise<PlayQueue>((resolve) => (release = () => void load().then(resolve)));
    const s = start(player, api);
    player.addToQueue([track(4)]);
    await vi.advanceTimersByTimeAsync(QUEUE_SYNC_DEBOUNCE_MS * 2);
    expect(state.saves).toEqual([]);
    release();
    await s.pull();
    await vi.advanceTimersByTimeAsync(0);
    // Changed here after the server's save: this browser's queue wins.
    expect(ids(player)).toEqual([1, 2, 3, 4]);
    expect(state.saves.map((x) => x.track_ids)).toEqual([[1, 2, 3, 4]]);
  });
});

describe('decideSync', () => {
  const rec = (over: Partial<SyncRecord> = {}): SyncRecord => ({
    user_id: 1,
    synced_at: iso(T0),
    changed_at: T0,
    dirty: false,
    ...over,
  });
  it('takes the server’s copy only when it is newer than what changed here', () => {
    expect(decideSync({ changed_at: null }, rec(), true)).toBe('none');
    expect(decideSync({ changed_at: null }, rec(), false)).toBe('push');
    expect(decideSync({ changed_at: iso(T0) }, rec(), false)).toBe('none');
    expect(decideSync({ changed_at: iso(T0) }, rec({ dirty: true }), false)).toBe('push');
    expect(decideSync({ changed_at: iso(T0 + 5) }, rec(), false)).toBe('adopt');
    expect(decideSync({ changed_at: iso(T0 + 5) }, rec({ dirty: true, changed_at: T0 + 10 }), false)).toBe(
      'push',
    );
    expect(decideSync({ changed_at: iso(T0 + 5) }, rec({ dirty: true, changed_at: T0 + 1 }), false)).toBe(
      'adopt',
    );
  });
});

describe('saveBodyOf', () => {
  const many = (n: number): Track[] => Array.from({ length: n }, (_, i) => track(i + 1));
  it('cuts a long queue to the cap, keeping the current entry and what follows', () => {
    const body = saveBodyOf({
      tracks: many(PLAY_QUEUE_MAX_TRACKS + 50),
      index: 1020,
      position: 3.2,
      playing: false,
    });
    expect(body.track_ids).toHaveLength(PLAY_QUEUE_MAX_TRACKS);
    expect(body.track_ids[0]).toBe(51);
    expect(body.track_ids[body.current_index!]).toBe(1021);
    expect(body.position_ms).toBe(3200);
    const early = saveBodyOf({
      tracks: many(PLAY_QUEUE_MAX_TRACKS + 50),
      index: 3,
      position: 0,
      playing: true,
    });
    expect(early.track_ids[0]).toBe(4);
    expect(early.current_index).toBe(0);
    expect(saveBodyOf({ tracks: [], index: -1, position: Number.NaN, playing: false })).toEqual({
      track_ids: [],
      current_index: null,
      position_ms: 0,
      client: 'Zema web',
    });
  });
});
