import type { Track } from '@zema/contracts';
import {
  PLAY_QUEUE_MAX_TRACKS,
  PLAY_QUEUE_WEB_CLIENT,
  type PlayQueue,
  playQueueWindowStart,
  type SavePlayQueueRequest,
} from '@zema/contracts/player/play-queue';
import { ApiError } from '#src/lib/api-error';
import { getPlayQueue } from '../api/get-play-queue';
import { savePlayQueue, savePlayQueueOnExit } from '../api/save-play-queue';

/**
 * The signed-in listener's queue, kept in step with the server's copy (GET/PUT me/play-queue),
 * which their Subsonic apps read and save too: a listener who paused on the phone finds the same
 * tracks, the same one current and the same place in it here, and the other way round.
 *
 * - On start (and when the tab comes back into view while nothing plays) the server's queue is
 *   read. When it changed elsewhere since this browser last saw it, and this browser changed
 *   nothing since (or changed it earlier than the server's save), it is taken — paused at its
 *   place, never played: a press plays it. Otherwise this browser's queue is sent.
 * - A change of the queue (tracks, order, the current entry) or a pause (and a seek while paused)
 *   is sent after QUEUE_SYNC_DEBOUNCE_MS of quiet; the play position moving while playing is not,
 *   except once more when the page goes away (pagehide, a keepalive request).
 *
 * Visitors keep their queue in this browser only (persistence.ts); this runs for signed-in users
 * with music.view, loaded when one is signed in (use-queue-sync.ts).
 */

/** localStorage: what this browser knows of the server's copy (SyncRecord). */
export const QUEUE_SYNC_STORAGE_KEY = 'zema-player-sync';
/** Quiet time after the last change before it is sent. */
export const QUEUE_SYNC_DEBOUNCE_MS = 2000;
/** A tab coming back into view reads the server's queue again at most this often. */
export const QUEUE_SYNC_PULL_EVERY_MS = 15_000;
/** Positions closer than this are the same place (a paused element reports a few ms either way). */
const SAME_PLACE_S = 1;

/** What the sync needs of the player engine (audio-engine.ts). */
export interface SyncablePlayer {
  subscribe(listener: () => void): () => void;
  queueForSync(): { tracks: Track[]; index: number; position: number; playing: boolean };
  adoptQueue(tracks: readonly Track[], index: number | null, positionSeconds: number): void;
}

export interface QueueSyncApi {
  load(): Promise<PlayQueue>;
  save(body: SavePlayQueueRequest): Promise<PlayQueue>;
  /** A save that outlives the page (fetch keepalive); nothing waits for its answer. */
  saveOnExit(body: SavePlayQueueRequest): void;
}

/** What this browser knows of the server's queue, per user (another user may sign in here). */
export interface SyncRecord {
  user_id: number;
  /** `changed_at` of the server's queue when this browser last had the same (null: never). */
  synced_at: string | null;
  /** When this browser's queue last changed (its own clock, ms since the epoch). */
  changed_at: number;
  /** This browser's queue has changes the server may not have. */
  dirty: boolean;
}

export type SyncDecision = 'adopt' | 'push' | 'none';

/**
 * Which copy wins: the server's when it changed since this browser last had it and this browser
 * has nothing newer; this browser's when it has changes the server lacks (or the server never had
 * a queue); neither when they are the same.
 */
export function decideSync(
  server: Pick<PlayQueue, 'changed_at'>,
  record: SyncRecord,
  localEmpty: boolean,
): SyncDecision {
  if (server.changed_at === null) return localEmpty ? 'none' : 'push';
  if (server.changed_at === record.synced_at) return record.dirty ? 'push' : 'none';
  if (!record.dirty) return 'adopt';
  return Date.parse(server.changed_at) > record.changed_at ? 'adopt' : 'push';
}

/** The PUT body for the player's queue: cut to PLAY_QUEUE_MAX_TRACKS around the current entry. */
export function saveBodyOf(state: ReturnType<SyncablePlayer['queueForSync']>): SavePlayQueueRequest {
  const index = state.index >= 0 && state.index < state.tracks.length ? state.index : null;
  const start = playQueueWindowStart(state.tracks.length, index);
  const tracks = state.tracks.slice(start, start + PLAY_QUEUE_MAX_TRACKS);
  const ms = Number.isFinite(state.position) ? Math.round(state.position * 1000) : 0;
  return {
    track_ids: tracks.map((t) => t.id),
    current_index: index === null ? null : index - start,
    position_ms: Math.min(Math.max(ms, 0), 2_147_483_647),
    client: PLAY_QUEUE_WEB_CLIENT,
  };
}

function readRecord(storage: Storage | undefined, userId: number, localEmpty: boolean): SyncRecord {
  try {
    const raw = storage?.getItem(QUEUE_SYNC_STORAGE_KEY);
    const parsed = raw ? (JSON.parse(raw) as Partial<SyncRecord>) : null;
    if (
      parsed &&
      parsed.user_id === userId &&
      (parsed.synced_at === null || typeof parsed.synced_at === 'string') &&
      typeof parsed.changed_at === 'number' &&
      typeof parsed.dirty === 'boolean'
    )
      return parsed as SyncRecord;
  } catch {
    // Unreadable: as if this browser never synced.
  }
  // Never synced here (or as someone else): what plays here is older than any save of the server's.
  return { user_id: userId, synced_at: null, changed_at: 0, dirty: !localEmpty };
}

function writeRecord(storage: Storage | undefined, record: SyncRecord) {
  try {
    storage?.setItem(QUEUE_SYNC_STORAGE_KEY, JSON.stringify(record));
  } catch {
    // Storage full or disabled: the next start reads the server's queue as if never synced.
  }
}

export interface QueueSyncOptions {
  player: SyncablePlayer;
  userId: number;
  storage?: Storage;
  api?: QueueSyncApi;
  debounceMs?: number;
  now?: () => number;
  /** Where pagehide and visibilitychange are listened to (the window and document by default). */
  win?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  doc?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
}

export interface QueueSync {
  /** Reads the server's queue and takes it or sends this one (done on start). */
  pull(): Promise<void>;
  stop(): void;
}

const defaultApi: QueueSyncApi = { load: getPlayQueue, save: savePlayQueue, saveOnExit: savePlayQueueOnExit };

export function startQueueSync(opts: QueueSyncOptions): QueueSync {
  const { player, userId } = opts;
  const api = opts.api ?? defaultApi;
  const storage = opts.storage ?? (typeof localStorage === 'undefined' ? undefined : localStorage);
  const debounceMs = opts.debounceMs ?? QUEUE_SYNC_DEBOUNCE_MS;
  const now = opts.now ?? Date.now;
  const win = opts.win ?? (typeof window === 'undefined' ? undefined : window);
  const doc = opts.doc ?? (typeof document === 'undefined' ? undefined : document);

  let record = readRecord(storage, userId, player.queueForSync().tracks.length === 0);
  let ready = false;
  let stopped = false;
  let adopting = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let saving: Promise<void> | null = null;
  let again = false;
  /** Counts local changes, so a save's answer tells whether a change came in meanwhile. */
  let changes = 0;
  let pulling: Promise<void> | null = null;
  let lastPull = 0;

  // What the last change was measured against: the queue's tracks and current entry, and the
  // place it is paused at (null while it plays: the moving position is not a change).
  let lastQueue = '';
  let lastPaused: number | null = null;
  const measure = () => {
    const state = player.queueForSync();
    return {
      queue: `${state.tracks.map((t) => t.id).join(',')}|${state.index}`,
      paused: state.playing ? null : state.position,
    };
  };
  const baseline = () => {
    const m = measure();
    lastQueue = m.queue;
    lastPaused = m.paused;
  };
  baseline();

  const schedule = (ms = debounceMs) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      void save();
    }, ms);
  };

  const onPlayerChange = () => {
    if (stopped || adopting) return;
    const m = measure();
    const changed =
      m.queue !== lastQueue ||
      (m.paused !== null && (lastPaused === null || Math.abs(m.paused - lastPaused) >= SAME_PLACE_S));
    lastQueue = m.queue;
    lastPaused = m.paused;
    if (!changed) return;
    changes += 1;
    record = { ...record, changed_at: now(), dirty: true };
    writeRecord(storage, record);
    // Before the server's copy is read, nothing is sent: it may be the newer one.
    if (ready) schedule();
  };

  const save = async (): Promise<void> => {
    if (stopped) return;
    if (saving) {
      again = true;
      return saving;
    }
    const sent = changes;
    saving = (async () => {
      try {
        const saved = await api.save(saveBodyOf(player.queueForSync()));
        if (stopped) return;
        record = { ...record, synced_at: saved.changed_at, dirty: changes !== sent };
        writeRecord(storage, record);
      } catch (err) {
        // Signed out meanwhile (or the permission went): nothing more to keep in step.
        if (err instanceof ApiError && (err.status === 401 || err.status === 403)) stop();
        // Otherwise it stays dirty: the next change, a later start or the page's end sends it.
      }
    })();
    try {
      await saving;
    } finally {
      saving = null;
      if (again && !stopped) {
        again = false;
        schedule();
      }
    }
  };

  const sameAsLocal = (server: PlayQueue) => {
    const local = player.queueForSync();
    return (
      server.tracks.length === local.tracks.length &&
      server.tracks.every((t, i) => t.id === local.tracks[i]?.id) &&
      (server.current_index ?? -1) === local.index &&
      Math.abs(server.position_ms / 1000 - local.position) < SAME_PLACE_S
    );
  };

  const pullOnce = async () => {
    lastPull = now();
    let server: PlayQueue;
    try {
      server = await api.load();
    } catch (err) {
      if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
        stop();
        return;
      }
      // Unreachable for now: this browser's changes go out with the next one.
      ready = true;
      return;
    }
    if (stopped) return;
    const local = player.queueForSync();
    const decision = decideSync(server, record, local.tracks.length === 0);
    if (decision === 'adopt' && !local.playing) {
      if (!sameAsLocal(server)) {
        adopting = true;
        try {
          player.adoptQueue(server.tracks, server.current_index, server.position_ms / 1000);
        } finally {
          adopting = false;
        }
        baseline();
      }
      record = { ...record, synced_at: server.changed_at, changed_at: now(), dirty: false };
      writeRecord(storage, record);
    } else if (decision === 'none' && !record.dirty && server.changed_at !== record.synced_at) {
      record = { ...record, synced_at: server.changed_at };
      writeRecord(storage, record);
    }
    // While it plays, a newer copy elsewhere waits: the listener's next change here wins.
    ready = true;
    if (decision === 'push') await save();
    else if (record.dirty) schedule();
  };

  const pull = () => {
    if (stopped) return Promise.resolve();
    pulling ??= pullOnce().finally(() => {
      pulling = null;
    });
    return pulling;
  };

  const onPageHide = () => {
    if (stopped || !ready) return;
    const state = player.queueForSync();
    // While it played its place moved on with no change to send; a waiting change goes now too.
    if (!timer && !record.dirty && !state.playing) return;
    if (timer) clearTimeout(timer);
    timer = null;
    api.saveOnExit(saveBodyOf(state));
    // Its answer is never read: the next start finds the server's copy as new as this one.
    record = { ...record, changed_at: now(), dirty: true };
    writeRecord(storage, record);
  };

  const onVisibility = () => {
    if (doc?.visibilityState !== 'visible' || player.queueForSync().playing) return;
    if (now() - lastPull < QUEUE_SYNC_PULL_EVERY_MS) return;
    void pull();
  };

  const unsubscribe = player.subscribe(onPlayerChange);
  win?.addEventListener('pagehide', onPageHide);
  doc?.addEventListener('visibilitychange', onVisibility);

  function stop() {
    if (stopped) return;
    stopped = true;
    unsubscribe();
    if (timer) clearTimeout(timer);
    timer = null;
    win?.removeEventListener('pagehide', onPageHide);
    doc?.removeEventListener('visibilitychange', onVisibility);
  }

  void pull();
  return { pull, stop };
}
