import { LIBRARY_MESSAGES, PLAYLIST_MAX_TRACKS, type PlaylistEntry } from '@zema/contracts';
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { invalidInput } from '#src/lib/errors';
import { type Page, toPage } from '#src/lib/pagination';
import { loadTracks } from '#src/modules/catalogue/index';
import { tracks } from '#src/modules/catalogue/tables';
import { playlists, playlistTracks } from '#src/modules/library/tables';
import { loadUserRefs } from '#src/modules/users/tables';
import type { Deps } from '#src/platform/deps';
import { access, notFound, requireTrackEditor, type Tx } from './playlist-access';
import { one } from './playlists.service';

/** A playlist's entries: listing, adding, removing and reordering (rules: playlist-access.ts). */

export async function playlistEntries(
  db: Database,
  id: number,
  viewerId: number | null,
  w: { page: number; perPage: number; offset: number },
): Promise<Page<PlaylistEntry>> {
  await access(db, id, viewerId);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: playlistTracks.id,
        position: playlistTracks.position,
        trackId: playlistTracks.trackId,
        addedAt: playlistTracks.addedAt,
        addedBy: playlistTracks.addedBy,
      })
      .from(playlistTracks)
      .where(eq(playlistTracks.playlistId, id))
      .orderBy(asc(playlistTracks.position), asc(playlistTracks.id))
      .limit(w.perPage)
      .offset(w.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(playlistTracks)
      .where(eq(playlistTracks.playlistId, id)),
  ]);
  const [loaded, adders] = await Promise.all([
    loadTracks(
      db,
      rows.map((r) => r.trackId),
      { userId: viewerId },
    ),
    loadUserRefs(
      db,
      rows.flatMap((r) => (r.addedBy ? [r.addedBy] : [])),
    ),
  ]);
  const trackById = new Map(loaded.map((t) => [t.id, t]));
  const adderById = new Map(adders.map((u) => [u.id, u]));
  const data = rows.flatMap((r) => {
    const track = trackById.get(r.trackId);
    if (!track) return [];
    return [
      {
        entry_id: r.id,
        position: r.position,
        added_at: r.addedAt.toISOString(),
        added_by: (r.addedBy && adderById.get(r.addedBy)) || null,
        track,
      },
    ];
  });
  return toPage(data, Number(count?.n ?? 0), w.page, w.perPage);
}

async function entryCount(tx: Tx, id: number) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(playlistTracks)
    .where(eq(playlistTracks.playlistId, id));
  return Number(row?.n ?? 0);
}

const touch = (tx: Tx, id: number) =>
  tx.update(playlists).set({ updatedAt: new Date() }).where(eq(playlists.id, id));

/** Inserts tracks at `position` (default: the end); duplicates are allowed, as in any playlist. */
export async function addTracks(
  { db, events }: Pick<Deps, 'db' | 'events'>,
  id: number,
  userId: number,
  trackIds: number[],
  position?: number,
) {
  const entryIds = await db.transaction(async (tx) => {
    const { row, role } = await access(tx, id, userId, true);
    requireTrackEditor(row, role);
    const unique = [...new Set(trackIds)];
    const known = await tx.select({ id: tracks.id }).from(tracks).where(inArray(tracks.id, unique));
    if (known.length !== unique.length) throw invalidInput({ track_ids: [LIBRARY_MESSAGES.unknownTracks] });
    const count = await entryCount(tx, id);
    if (count + trackIds.length > PLAYLIST_MAX_TRACKS) {
      throw invalidInput({ track_ids: [LIBRARY_MESSAGES.playlistFull] });
    }
    const at = Math.min(position ?? count, count);
    if (at < count) {
      await tx
        .update(playlistTracks)
        .set({ position: sql`${playlistTracks.position} + ${trackIds.length}` })
        .where(and(eq(playlistTracks.playlistId, id), gte(playlistTracks.position, at)));
    }
    const inserted = await tx
      .insert(playlistTracks)
      .values(trackIds.map((trackId, i) => ({ playlistId: id, trackId, position: at + i, addedBy: userId })))
      .returning({ id: playlistTracks.id, position: playlistTracks.position });
    await touch(tx, id);
    return inserted.sort((a, b) => a.position - b.position).map((r) => r.id);
  });
  await events.emit('playlist.changed', { playlistId: id });
  return { playlist: await one(db, id, userId), entry_ids: entryIds };
}

/** Renumbers the entries 0..n-1 in their current order (after a removal). */
async function compact(tx: Tx, id: number) {
  await tx.execute(sql`
    update ${playlistTracks} as p set position = r.rn - 1
    from (
      select id, row_number() over (order by position, id) as rn
      from ${playlistTracks} where playlist_id = ${id}
    ) as r
    where p.id = r.id and p.position <> r.rn - 1`);
}

export async function removeTracks(
  { db, events }: Pick<Deps, 'db' | 'events'>,
  id: number,
  userId: number,
  entryIds: number[],
) {
  await db.transaction(async (tx) => {
    const { row, role } = await access(tx, id, userId, true);
    requireTrackEditor(row, role);
    await tx
      .delete(playlistTracks)
      .where(and(eq(playlistTracks.playlistId, id), inArray(playlistTracks.id, entryIds)));
    await compact(tx, id);
    await touch(tx, id);
  });
  await events.emit('playlist.changed', { playlistId: id });
  return one(db, id, userId);
}

/** Moves one entry to `toIndex` (clamped to the last place), shifting the ones in between. */
export async function reorderTrack(
  { db, events }: Pick<Deps, 'db' | 'events'>,
  id: number,
  userId: number,
  entryId: number,
  toIndex: number,
) {
  await db.transaction(async (tx) => {
    const { row, role } = await access(tx, id, userId, true);
    requireTrackEditor(row, role);
    const [entry] = await tx
      .select({ position: playlistTracks.position })
      .from(playlistTracks)
      .where(and(eq(playlistTracks.playlistId, id), eq(playlistTracks.id, entryId)));
    if (!entry) throw notFound();
    const count = await entryCount(tx, id);
    const from = entry.position;
    const to = Math.min(toIndex, count - 1);
    if (from === to) return;
    if (from < to) {
      await tx.execute(sql`
        update ${playlistTracks} set position = position - 1
        where playlist_id = ${id} and position > ${from} and position <= ${to}`);
    } else {
      await tx.execute(sql`
        update ${playlistTracks} set position = position + 1
        where playlist_id = ${id} and position >= ${to} and position < ${from}`);
    }
    await tx.update(playlistTracks).set({ position: to }).where(eq(playlistTracks.id, entryId));
    await touch(tx, id);
  });
  // The order decides the cover a playlist without its own image shows.
  await events.emit('playlist.changed', { playlistId: id });
  return one(db, id, userId);
}
