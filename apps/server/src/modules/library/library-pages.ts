/**
 * The pages of a listener's library — liked tracks, albums and artists, followed artists and
 * users, followers, listening history — read by the library and by a user's public profile.
 */
import type { ArtistRef, LikeableType, Track, UserRef } from '@zema/contracts';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '#src/db/client';
import { type Page, toPage } from '#src/lib/pagination';
import { loadAlbums, loadArtistRefs, loadTracks } from '#src/modules/catalogue/index';
import { albums, artists, tracks } from '#src/modules/catalogue/tables';
import { follows, likes } from '#src/modules/library/tables';
import { plays } from '#src/modules/player/tables';
import { loadUserRefs, users } from '#src/modules/users/tables';

const likeTables = { track: tracks, album: albums, artist: artists } as const;

type Window = { page: number; perPage: number; offset: number };

/**
 * One page of ids from a table joined to the rows they point at, newest first, and the total: the
 * page and its count run side by side. The inner join skips rows whose target was deleted since
 * (likes and follows are polymorphic, so there is no foreign key to cascade).
 */
async function idPage(
  db: Database,
  q: { id: PgColumn; from: PgTable; join: PgTable; on: SQL; where: SQL | undefined; order: SQL[] },
  w: Window,
) {
  const [rows, [count]] = await Promise.all([
    db
      .select({ id: q.id })
      .from(q.from)
      .innerJoin(q.join, q.on)
      .where(q.where)
      .orderBy(...q.order)
      .limit(w.perPage)
      .offset(w.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(q.from).innerJoin(q.join, q.on).where(q.where),
  ]);
  return { ids: rows.map((r) => Number(r.id)), total: Number(count?.n ?? 0) };
}

/** Ids of liked items of one type, newest like first. */
function likedPage(db: Database, userId: number, type: LikeableType, w: Window) {
  const table = likeTables[type];
  return idPage(
    db,
    {
      id: likes.likeableId,
      from: likes,
      join: table,
      on: eq(table.id, likes.likeableId),
      where: and(eq(likes.userId, userId), eq(likes.likeableType, type)),
      order: [desc(likes.createdAt), desc(likes.likeableId)],
    },
    w,
  );
}

export async function likedTracks(
  db: Database,
  ownerId: number,
  w: Window,
  viewerId: number | null,
): Promise<Page<Track>> {
  const { ids, total } = await likedPage(db, ownerId, 'track', w);
  return toPage(await loadTracks(db, ids, { userId: viewerId }), total, w.page, w.perPage);
}

export async function likedAlbums(db: Database, userId: number, w: Window) {
  const { ids, total } = await likedPage(db, userId, 'album', w);
  return toPage(await loadAlbums(db, ids, { userId }), total, w.page, w.perPage);
}

export async function likedArtists(db: Database, userId: number, w: Window): Promise<Page<ArtistRef>> {
  const { ids, total } = await likedPage(db, userId, 'artist', w);
  return toPage(await loadArtistRefs(db, ids), total, w.page, w.perPage);
}

export async function followedArtists(db: Database, userId: number, w: Window): Promise<Page<ArtistRef>> {
  const { ids, total } = await idPage(
    db,
    {
      id: follows.followableId,
      from: follows,
      join: artists,
      on: eq(artists.id, follows.followableId),
      where: and(eq(follows.followerId, userId), eq(follows.followableType, 'artist')),
      order: [desc(follows.createdAt), desc(follows.followableId)],
    },
    w,
  );
  return toPage(await loadArtistRefs(db, ids), total, w.page, w.perPage);
}

/** Users `userId` follows (`direction: 'following'`) or who follow `userId` (`'followers'`). */
export async function followUsersPage(
  db: Database,
  userId: number,
  direction: 'following' | 'followers',
  w: Window,
): Promise<Page<UserRef>> {
  const other = direction === 'following' ? follows.followableId : follows.followerId;
  const { ids, total } = await idPage(
    db,
    {
      id: other,
      from: follows,
      join: users,
      on: eq(users.id, other),
      where:
        direction === 'following'
          ? and(eq(follows.followerId, userId), eq(follows.followableType, 'user'))
          : and(eq(follows.followableType, 'user'), eq(follows.followableId, userId)),
      order: [desc(follows.createdAt), desc(other)],
    },
    w,
  );
  return toPage(await loadUserRefs(db, ids), total, w.page, w.perPage);
}

/** The caller's own listens, newest first (plays_user_played_at); nobody reads another's. */
export async function history(db: Database, userId: number, w: Window) {
  const where = eq(plays.userId, userId);
  const [rows, [count]] = await Promise.all([
    db
      .select({ trackId: plays.trackId, playedAt: plays.playedAt })
      .from(plays)
      .where(where)
      .orderBy(desc(plays.playedAt), desc(plays.id))
      .limit(w.perPage)
      .offset(w.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(plays).where(where),
  ]);
  const loaded = await loadTracks(
    db,
    rows.map((r) => r.trackId),
    { userId },
  );
  const byId = new Map(loaded.map((t) => [t.id, t]));
  const data = rows.flatMap((r) => {
    const track = byId.get(r.trackId);
    return track ? [{ played_at: r.playedAt.toISOString(), track }] : [];
  });
  return toPage(data, Number(count?.n ?? 0), w.page, w.perPage);
}
