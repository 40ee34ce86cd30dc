import { INT32_MAX } from '@zema/contracts';
import {
  PLAY_QUEUE_CLIENT_MAX_LENGTH,
  PLAY_QUEUE_MAX_TRACKS,
  PLAY_QUEUE_MESSAGES,
  type PlayQueue,
} from '@zema/contracts/player/play-queue';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { invalidInput } from '#src/lib/errors';
import { loadTracks } from '#src/modules/catalogue/index';
import { tracks } from '#src/modules/catalogue/tables';
import { playQueues } from './player.tables';

/**
 * The saved play queue (one per account), shared by the web player (GET/PUT me/play-queue) and the
 * Subsonic apps (getPlayQueue, savePlayQueue), so a listener moves between phone and browser.
 *
 * Only tracks of the catalogue are kept: an id that names no track — deleted since, never there, or
 * a release draft's (drafts live in the backstage's tables, not in `tracks`) — is left out
 * silently, on save and again on read, and the answer shows what was kept. Rejecting a whole save
 * for one stale id would lose a phone's queue because an admin deleted a song; leaving it out
 * tells nothing about the backstage, since every id kept is a published track anyone with
 * `music.view` may list.
 */

export type PlayQueueState = {
  /** In order; the same track may come twice. */
  trackIds: number[];
  /** Index in `trackIds` of the current entry; null when the queue is empty. */
  current: number | null;
  positionMs: number;
  /** Null when the user never saved a queue. */
  changedAt: Date | null;
  changedBy: string | null;
};

export type SavePlayQueueInput = {
  trackIds: readonly number[];
  /** Index in `trackIds` of the current entry (null: the first, if any). */
  current: number | null;
  positionMs: number;
  /** The client's name ("Zema web", a Subsonic app's `c`). */
  client: string;
};

const EMPTY: PlayQueueState = {
  trackIds: [],
  current: null,
  positionMs: 0,
  changedAt: null,
  changedBy: null,
};

/** Which of `ids` name a track of the catalogue. */
async function knownTracks(db: Database, ids: readonly number[]): Promise<Set<number>> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return new Set();
  const rows = await db.select({ id: tracks.id }).from(tracks).where(inArray(tracks.id, wanted));
  return new Set(rows.map((r) => r.id));
}

/**
 * `ids` without the unknown ones, and where the current entry is now: the same entry when it is
 * kept (at the same place in the track, so `moved` is false), else the next one kept, else the
 * last one (as removing the current entry does in the web player), from its start.
 */
export function keepKnown(
  ids: readonly number[],
  current: number | null,
  known: ReadonlySet<number>,
): { trackIds: number[]; current: number | null; moved: boolean } {
  const trackIds: number[] = [];
  let at: number | null = null;
  let moved = false;
  ids.forEach((id, i) => {
    if (!known.has(id)) return;
    if (at === null && current !== null && i >= current) {
      at = trackIds.length;
      moved = i !== current;
    }
    trackIds.push(id);
  });
  if (!trackIds.length) return { trackIds, current: null, moved: current !== null };
  if (at === null) return { trackIds, current: trackIds.length - 1, moved: current !== null };
  return { trackIds, current: at, moved };
}

/** The user's saved queue, without the tracks deleted since it was saved. */
export async function getPlayQueue(deps: { db: Database }, userId: number): Promise<PlayQueueState> {
  const [row] = await deps.db.select().from(playQueues).where(eq(playQueues.userId, userId));
  if (!row) return EMPTY;
  const stored = row.currentIndex !== null && row.trackIds[row.currentIndex] === row.currentTrackId;
  // An index that no longer points at its track (an older row): the first entry of that track.
  const current = stored
    ? row.currentIndex
    : row.currentTrackId === null
      ? null
      : Math.max(0, row.trackIds.indexOf(row.currentTrackId));
  const kept = keepKnown(row.trackIds, current, await knownTracks(deps.db, row.trackIds));
  return {
    trackIds: kept.trackIds,
    current: kept.current,
    positionMs: kept.moved ? 0 : row.positionMs,
    changedAt: row.changedAt,
    changedBy: row.changedBy,
  };
}

/**
 * Replaces the user's queue (an empty list clears it) and answers what was kept. The input is
 * checked here too, for callers that do not come through the contract (the Subsonic method).
 */
export async function savePlayQueue(
  deps: { db: Database },
  userId: number,
  input: SavePlayQueueInput,
): Promise<PlayQueueState> {
  if (input.trackIds.length > PLAY_QUEUE_MAX_TRACKS)
    throw invalidInput({ track_ids: [PLAY_QUEUE_MESSAGES.tooLong] });
  if (input.current !== null && (input.current < 0 || input.current >= input.trackIds.length))
    throw invalidInput({ current_index: [PLAY_QUEUE_MESSAGES.currentOutside] });
  const kept = keepKnown(
    input.trackIds,
    input.current ?? (input.trackIds.length ? 0 : null),
    await knownTracks(deps.db, input.trackIds),
  );
  const positionMs = kept.moved || kept.current === null ? 0 : clampPosition(input.positionMs);
  const values = {
    trackIds: kept.trackIds,
    currentTrackId: kept.current === null ? null : (kept.trackIds[kept.current] ?? null),
    currentIndex: kept.current,
    positionMs,
    changedAt: new Date(),
    changedBy: clientName(input.client),
  };
  const [row] = await deps.db
    .insert(playQueues)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: playQueues.userId, set: values })
    .returning({ changedAt: playQueues.changedAt, changedBy: playQueues.changedBy });
  return {
    trackIds: kept.trackIds,
    current: kept.current,
    positionMs,
    changedAt: row!.changedAt,
    changedBy: row!.changedBy,
  };
}

/** A queue as the API answers it: the tracks themselves, as the web player lists and plays them. */
export async function playQueueView(
  deps: { db: Database },
  userId: number,
  state: PlayQueueState,
): Promise<PlayQueue> {
  const loaded = await loadTracks(deps.db, state.trackIds, { userId });
  const byId = new Map(loaded.map((t) => [t.id, t]));
  // A track deleted between the two reads is left out like any other.
  const kept = keepKnown(state.trackIds, state.current, new Set(byId.keys()));
  return {
    tracks: kept.trackIds.map((id) => byId.get(id)!),
    current_index: kept.current,
    position_ms: kept.moved ? 0 : state.positionMs,
    changed_at: state.changedAt?.toISOString() ?? null,
    changed_by: state.changedBy,
  };
}

const clampPosition = (ms: number) =>
  Number.isFinite(ms) ? Math.min(Math.max(Math.floor(ms), 0), INT32_MAX) : 0;

/** A client's name as it is kept: one line, at most PLAY_QUEUE_CLIENT_MAX_LENGTH characters. */
function clientName(raw: string): string {
  const clean = raw
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    // Half of a surrogate pair is no character: the database's UTF-8 cannot hold it.
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
    .trim();
  return [...clean].slice(0, PLAY_QUEUE_CLIENT_MAX_LENGTH).join('') || 'Unknown client';
}
