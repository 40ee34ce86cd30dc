import {
  LIBRARY_MESSAGES,
  PLAYLIST_MAX_TRACKS,
  type Playlist,
  type PlaylistEntry,
  type UserRef,
} from '@zema/contracts';
import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { playlistCollaborators, playlists, playlistTracks, tracks, users } from '#src/db/schema/index';
import type { Deps } from '#src/deps';
import { loadTracks } from '#src/features/catalogue/catalogue.loaders';
import { HttpError, MESSAGES, validationError } from '#src/http/errors';
import { type Page, toPage } from '#src/lib/pagination';
import { loadUserRefs, toUserRef, userRefColumns } from '#src/lib/user-refs';
import { generateStorageKey } from '#src/platform/storage';

/**
 * Playlists and their entries. Rules:
 * - the owner does everything; a collaborator (invited by the owner) may add, remove and reorder
 *   tracks while the playlist is collaborative, but never rename, re-cover or delete it;
 * - a private playlist is 404 for everyone else, so its existence does not leak;
 * - entry positions stay dense (0..n-1): every change of a playlist's entries runs in a
 *   transaction holding the playlist row lock (FOR UPDATE), so concurrent edits queue up.
 */

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Db = Database | Tx;

type Role = 'owner' | 'collaborator' | 'none';

type PlaylistRow = typeof playlists.$inferSelect;

const notFound = () => new HttpError(404, MESSAGES.notFound);
const forbidden = () => new HttpError(403, MESSAGES.unauthorized);

async function roleOf(db: Db, row: PlaylistRow, viewerId: number | null): Promise<Role> {
  if (!viewerId) return 'none';
  if (row.ownerId === viewerId) return 'owner';
  const [c] = await db
    .select({ userId: playlistCollaborators.userId })
    .from(playlistCollaborators)
    .where(and(eq(playlistCollaborators.playlistId, row.id), eq(playlistCollaborators.userId, viewerId)));
  return c ? 'collaborator' : 'none';
}

/** The playlist row and the viewer's role; 404 when it is missing or private to someone else. */
async function access(db: Db, id: number, viewerId: number | null, lock = false) {
  const query = db.select().from(playlists).where(eq(playlists.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  const role = await roleOf(db, row, viewerId);
  if (!row.public && role === 'none') throw notFound();
  return { row, role };
}

function requireOwner(role: Role) {
  if (role !== 'owner') throw forbidden();
}

function requireTrackEditor(row: PlaylistRow, role: Role) {
  if (role === 'owner') return;
  if (role === 'collaborator' && row.collaborative) return;
  throw forbidden();
}

type LoadOptions = { viewerId: number | null; withCollaborators?: boolean };

/** Playlists as the API shows them, in the order of `ids`, with a fixed number of queries. */
export async function loadPlaylists(db: Db, ids: readonly number[], opts: LoadOptions): Promise<Playlist[]> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return [];
  const [rows, stats, collaborators] = await Promise.all([
    db
      .select({ playlist: playlists, owner: userRefColumns })
      .from(playlists)
      .innerJoin(users, eq(users.id, playlists.ownerId))
      .where(inArray(playlists.id, wanted)),
    db
      .select({
        playlistId: playlistTracks.playlistId,
        count: sql<number>`count(*)::int`,
        duration: sql<number>`coalesce(sum(${tracks.durationMs}), 0)::bigint`,
      })
      .from(playlistTracks)
      .innerJoin(tracks, eq(tracks.id, playlistTracks.trackId))
      .where(inArray(playlistTracks.playlistId, wanted))
      .groupBy(playlistTracks.playlistId),
    db
      .select({ playlistId: playlistCollaborators.playlistId, ...userRefColumns })
      .from(playlistCollaborators)
      .innerJoin(users, eq(users.id, playlistCollaborators.userId))
      .where(inArray(playlistCollaborators.playlistId, wanted))
      .orderBy(asc(playlistCollaborators.createdAt), asc(users.id)),
  ]);
  const statsById = new Map(stats.map((s) => [s.playlistId, s]));
  const collabById = new Map<number, UserRef[]>();
  for (const { playlistId, ...c } of collaborators) {
    const list = collabById.get(playlistId) ?? [];
    list.push(toUserRef(c));
    collabById.set(playlistId, list);
  }
  const byId = new Map(
    rows.map(({ playlist: p, owner }) => {
      const collab = collabById.get(p.id) ?? [];
      const isOwner = opts.viewerId === p.ownerId;
      const isCollaborator = opts.viewerId !== null && collab.some((c) => c.id === opts.viewerId);
      const s = statsById.get(p.id);
      const dto: Playlist = {
        id: p.id,
        name: p.name,
        description: p.description,
        image: p.image,
        public: p.public,
        collaborative: p.collaborative,
        owner: toUserRef(owner),
        tracks_count: s ? Number(s.count) : 0,
        duration_ms: s ? Number(s.duration) : 0,
        created_at: p.createdAt.toISOString(),
        updated_at: p.updatedAt.toISOString(),
        can_edit: isOwner,
        can_add_tracks: isOwner || (p.collaborative && isCollaborator),
      };
      if (opts.withCollaborators) dto.collaborators = collab;
      return [p.id, dto] as const;
    }),
  );
  return ids.flatMap((id) => {
    const p = byId.get(id);
    return p ? [p] : [];
  });
}

async function one(db: Db, id: number, viewerId: number | null): Promise<Playlist> {
  const [p] = await loadPlaylists(db, [id], { viewerId, withCollaborators: true });
  if (!p) throw notFound();
  return p;
}

export async function getPlaylist(db: Database, id: number, viewerId: number | null) {
  await access(db, id, viewerId);
  return one(db, id, viewerId);
}

/** Owned and collaborating playlists, the most recently changed first. */
export async function myPlaylists(db: Database, userId: number): Promise<Playlist[]> {
  const rows = await db
    .select({ id: playlists.id })
    .from(playlists)
    .where(
      sql`${playlists.ownerId} = ${userId} or ${playlists.id} in (select ${playlistCollaborators.playlistId} from ${playlistCollaborators} where ${playlistCollaborators.userId} = ${userId})`,
    )
    .orderBy(desc(playlists.updatedAt), desc(playlists.id));
  return loadPlaylists(
    db,
    rows.map((r) => r.id),
    { viewerId: userId },
  );
}

type PlaylistFields = {
  name?: string;
  description?: string | null;
  public?: boolean;
  collaborative?: boolean;
};

export async function createPlaylist(db: Database, userId: number, input: PlaylistFields & { name: string }) {
  const [row] = await db
    .insert(playlists)
    .values({
      ownerId: userId,
      name: input.name,
      description: input.description || null,
      public: input.public ?? true,
      collaborative: input.collaborative ?? false,
    })
    .returning({ id: playlists.id });
  return one(db, row!.id, userId);
}

export async function updatePlaylist(db: Database, id: number, userId: number, input: PlaylistFields) {
  const { role } = await access(db, id, userId);
  requireOwner(role);
  const set: Partial<typeof playlists.$inferInsert> = { updatedAt: new Date() };
  if (input.name !== undefined) set.name = input.name;
  if (input.description !== undefined) set.description = input.description || null;
  if (input.public !== undefined) set.public = input.public;
  if (input.collaborative !== undefined) set.collaborative = input.collaborative;
  await db.update(playlists).set(set).where(eq(playlists.id, id));
  return one(db, id, userId);
}

async function removeStoredImage(deps: Deps, url: string | null) {
  const key = deps.storage.keyFromUrl(url);
  if (!key) return;
  await deps.storage
    .delete(key)
    .catch((err) => deps.log.warn({ err, key }, 'old playlist cover not removed'));
}

export async function deletePlaylist(deps: Deps, id: number, userId: number) {
  const { row, role } = await access(deps.db, id, userId);
  requireOwner(role);
  await deps.db.delete(playlists).where(eq(playlists.id, id));
  await removeStoredImage(deps, row.image);
  return { deleted: true as const };
}

/** Stores an already re-encoded cover (WebP) and removes the file it replaces. */
export async function setPlaylistImage(deps: Deps, id: number, userId: number, encoded: Buffer | null) {
  const { role } = await access(deps.db, id, userId);
  requireOwner(role);
  let url: string | null = null;
  let key: string | null = null;
  if (encoded) {
    key = generateStorageKey('playlists', 'webp');
    await deps.storage.put(key, encoded, 'image/webp');
    url = deps.storage.publicUrl(key);
  }
  // Swap under the row lock so two uploads at once never orphan a file.
  const previous = await deps.db
    .transaction(async (tx) => {
      const [row] = await tx
        .select({ image: playlists.image })
        .from(playlists)
        .where(eq(playlists.id, id))
        .for('update');
      if (!row) throw notFound();
      await tx.update(playlists).set({ image: url, updatedAt: new Date() }).where(eq(playlists.id, id));
      return row.image;
    })
    .catch(async (err) => {
      if (key) await deps.storage.delete(key);
      throw err;
    });
  await removeStoredImage(deps, previous);
  return one(deps.db, id, userId);
}

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
  db: Database,
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
    if (known.length !== unique.length)
      throw validationError({ track_ids: [LIBRARY_MESSAGES.unknownTracks] });
    const count = await entryCount(tx, id);
    if (count + trackIds.length > PLAYLIST_MAX_TRACKS) {
      throw validationError({ track_ids: [LIBRARY_MESSAGES.playlistFull] });
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

export async function removeTracks(db: Database, id: number, userId: number, entryIds: number[]) {
  await db.transaction(async (tx) => {
    const { row, role } = await access(tx, id, userId, true);
    requireTrackEditor(row, role);
    await tx
      .delete(playlistTracks)
      .where(and(eq(playlistTracks.playlistId, id), inArray(playlistTracks.id, entryIds)));
    await compact(tx, id);
    await touch(tx, id);
  });
  return one(db, id, userId);
}

/** Moves one entry to `toIndex` (clamped to the last place), shifting the ones in between. */
export async function reorderTrack(
  db: Database,
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
  return one(db, id, userId);
}

export async function addCollaborator(db: Database, id: number, ownerId: number, userId: number) {
  const { row, role } = await access(db, id, ownerId);
  requireOwner(role);
  if (userId === row.ownerId) throw validationError({ user_id: [LIBRARY_MESSAGES.collaboratorIsOwner] });
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound();
  await db.insert(playlistCollaborators).values({ playlistId: id, userId }).onConflictDoNothing();
  return one(db, id, ownerId);
}

export async function removeCollaborator(db: Database, id: number, ownerId: number, userId: number) {
  const { role } = await access(db, id, ownerId);
  requireOwner(role);
  await db
    .delete(playlistCollaborators)
    .where(and(eq(playlistCollaborators.playlistId, id), eq(playlistCollaborators.userId, userId)));
  return one(db, id, ownerId);
}

/** Public playlists of a user (all of them for the user themself), newest change first. */
export async function playlistsOf(
  db: Database,
  ownerId: number,
  viewerId: number | null,
  w: { page: number; perPage: number; offset: number },
) {
  const where =
    viewerId === ownerId
      ? eq(playlists.ownerId, ownerId)
      : and(eq(playlists.ownerId, ownerId), eq(playlists.public, true));
  const [rows, [count]] = await Promise.all([
    db
      .select({ id: playlists.id })
      .from(playlists)
      .where(where)
      .orderBy(desc(playlists.updatedAt), desc(playlists.id))
      .limit(w.perPage)
      .offset(w.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(playlists).where(where),
  ]);
  return toPage(
    await loadPlaylists(
      db,
      rows.map((r) => r.id),
      { viewerId },
    ),
    Number(count?.n ?? 0),
    w.page,
    w.perPage,
  );
}
