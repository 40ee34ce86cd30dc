/**
 * Playlists as the API shows them, read by the library, a user's profile and search. The rules of
 * who sees what (a private playlist is its owner's and collaborators' only) live in the library
 * feature's playlist-access.ts; these readers only ever list what those rules let through.
 */
import type { Playlist, UserRef } from '@zema/contracts';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Db } from '#src/db/client';
import { toPage } from '#src/lib/pagination';
import { tracks } from '#src/modules/catalogue/tables';
import { playlistCollaborators, playlists, playlistTracks } from '#src/modules/library/tables';
import { toUserRef, userRefColumns, users } from '#src/modules/users/tables';

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
