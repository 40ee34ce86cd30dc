import type { Track } from '@zema/contracts';

/**
 * The play queue as pure functions (no DOM, no React), so every rule is unit-tested on its own:
 * the engine (audio-engine.ts) applies them and then loads whatever the current item became.
 */

export type RepeatMode = 'off' | 'all' | 'one';
export const REPEAT_MODES: readonly RepeatMode[] = ['off', 'all', 'one'];

/** One queue entry; `key` tells apart the same track queued twice (reorder and remove need it). */
export interface QueueItem {
  key: string;
  track: Track;
}

export interface QueueState {
  queue: QueueItem[];
  /** Index of the current item in `queue`; -1 when nothing is loaded. */
  index: number;
  /** The order before shuffling (every item of `queue`), restored when shuffle is turned off. */
  original: QueueItem[];
  shuffle: boolean;
  repeat: RepeatMode;
}

export const emptyQueue: QueueState = { queue: [], index: -1, original: [], shuffle: false, repeat: 'off' };

/** Previous pressed after this many seconds restarts the track instead (as Spotify does). */
export const RESTART_THRESHOLD_SECONDS = 3;

let keySeq = 0;
export function makeItems(tracks: readonly Track[]): QueueItem[] {
  keySeq += 1;
  const batch = keySeq.toString(36);
  return tracks.map((track, i) => ({ key: `${batch}-${i}-${track.id}`, track }));
}

export const isPlayable = (item: QueueItem | undefined): boolean => !!item?.track.stream_url;

export function currentItem(state: QueueState): QueueItem | null {
  return state.queue[state.index] ?? null;
}

/** Fisher–Yates; `random` is injectable so tests are deterministic. */
export function shuffled<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** "Play from here": the list becomes the queue, starting at `start` (the first playable from there). */
export function playList(
  state: QueueState,
  tracks: readonly Track[],
  start = 0,
  random: () => number = Math.random,
): QueueState {
  const items = makeItems(tracks);
  if (!items.length) return { ...state, queue: [], original: [], index: -1 };
  let first = Math.min(Math.max(start, 0), items.length - 1);
  if (!isPlayable(items[first])) {
    const playable = findForward(items, first, false);
    first = playable ?? first;
  }
  if (!state.shuffle) return { ...state, queue: items, original: items, index: first };
  const head = items[first] as QueueItem;
  const rest = shuffled(
    items.filter((_, i) => i !== first),
    random,
  );
  return { ...state, queue: [head, ...rest], original: items, index: 0 };
}

/** Inserts right after the current item (in the shuffled and the original order alike). */
export function playNext(state: QueueState, tracks: readonly Track[]): QueueState {
  const items = makeItems(tracks);
  if (state.index < 0) return { ...state, queue: items, original: items, index: items.length ? 0 : -1 };
  const queue = [...state.queue];
  queue.splice(state.index + 1, 0, ...items);
  const cur = currentItem(state);
  const original = [...state.original];
  const at = cur ? original.findIndex((i) => i.key === cur.key) : -1;
  original.splice(at + 1, 0, ...items);
  return { ...state, queue, original };
}

/** Appends at the end; starts the queue when it was empty. */
export function addToQueue(state: QueueState, tracks: readonly Track[]): QueueState {
  const items = makeItems(tracks);
  const queue = [...state.queue, ...items];
  return {
    ...state,
    queue,
    original: [...state.original, ...items],
    index: state.index < 0 && queue.length ? 0 : state.index,
  };
}

/** Removes one entry; removing the current one makes the next entry current (or the last). */
export function removeItem(state: QueueState, key: string): QueueState {
  const at = state.queue.findIndex((i) => i.key === key);
  if (at < 0) return state;
  const queue = state.queue.filter((i) => i.key !== key);
  const original = state.original.filter((i) => i.key !== key);
  let index = state.index;
  if (at < index) index -= 1;
  else if (at === index && index >= queue.length) index = queue.length - 1;
  return { ...state, queue, original, index };
}

/** Moves an entry from one position to another; the current item stays current. */
export function moveItem(state: QueueState, from: number, to: number): QueueState {
  if (from === to || from < 0 || from >= state.queue.length) return state;
  const target = Math.min(Math.max(to, 0), state.queue.length - 1);
  const cur = currentItem(state);
  const queue = [...state.queue];
  const [moved] = queue.splice(from, 1);
  queue.splice(target, 0, moved as QueueItem);
  // A manual order is the order from now on: turning shuffle off should not undo it.
  const original = state.shuffle ? state.original : queue;
  return { ...state, queue, original, index: cur ? queue.indexOf(cur) : -1 };
}

/** Clears what is queued but keeps the item playing now (Spotify's "Clear queue"). */
export function clearQueue(state: QueueState): QueueState {
  const cur = currentItem(state);
  if (!cur) return { ...state, queue: [], original: [], index: -1 };
  return { ...state, queue: [cur], original: [cur], index: 0 };
}

/** Shuffle on: the current item first, the rest shuffled. Off: the original order, same item. */
export function setShuffle(state: QueueState, on: boolean, random: () => number = Math.random): QueueState {
  if (on === state.shuffle) return state;
  const cur = currentItem(state);
  if (on) {
    const rest = shuffled(
      state.queue.filter((i) => i !== cur),
      random,
    );
    const queue = cur ? [cur, ...rest] : rest;
    return { ...state, shuffle: true, original: [...state.queue], queue, index: cur ? 0 : state.index };
  }
  const queue = state.original.length === state.queue.length ? state.original : state.queue;
  return { ...state, shuffle: false, queue, original: queue, index: cur ? queue.indexOf(cur) : -1 };
}

export function nextRepeatMode(mode: RepeatMode): RepeatMode {
  return REPEAT_MODES[(REPEAT_MODES.indexOf(mode) + 1) % REPEAT_MODES.length] as RepeatMode;
}

function findForward(queue: readonly QueueItem[], from: number, wrap: boolean): number | null {
  for (let i = from; i < queue.length; i++) if (isPlayable(queue[i])) return i;
  if (wrap) for (let i = 0; i < Math.min(from, queue.length); i++) if (isPlayable(queue[i])) return i;
  return null;
}

function findBackward(queue: readonly QueueItem[], from: number, wrap: boolean): number | null {
  for (let i = from; i >= 0; i--) if (isPlayable(queue[i])) return i;
  if (wrap) for (let i = queue.length - 1; i > from; i--) if (isPlayable(queue[i])) return i;
  return null;
}

/**
 * Which index plays after the current one, or null (the end: stop).
 * `auto` = the track ended by itself: repeat-one replays it. A press of Next always moves on,
 * and with repeat-all wraps around; tracks without audio (stream_url null) are skipped.
 */
export function nextIndex(state: QueueState, auto: boolean): number | null {
  if (state.index < 0 || !state.queue.length) return null;
  if (auto && state.repeat === 'one' && isPlayable(currentItem(state) ?? undefined)) return state.index;
  const found = findForward(state.queue, state.index + 1, state.repeat !== 'off');
  if (found === null || found === state.index) return state.repeat !== 'off' ? found : null;
  return found;
}

/**
 * Previous: restart the track when more than 3 s have played (returns the same index), else the
 * previous playable item, wrapping with repeat-all, or the same item at the start of the queue.
 */
export function previousIndex(state: QueueState, positionSeconds: number): number | null {
  if (state.index < 0) return null;
  if (positionSeconds > RESTART_THRESHOLD_SECONDS) return state.index;
  const found = findBackward(state.queue, state.index - 1, state.repeat === 'all');
  return found ?? state.index;
}
