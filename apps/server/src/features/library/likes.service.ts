import {
  type ArtistRef,
  type FollowableType,
  LIBRARY_MESSAGES,
  type LikeableType,
  type LikedIdsResponse,
  type Track,
  type UserRef,
} from '@zema/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { albums, artists, follows, likes, plays, tracks, users } from '#src/db/schema/index';
import type { Deps } from '#src/deps';
import { loadAlbums, loadArtistRefs, loadTracks } from '#src/features/catalogue/catalogue.loaders';
import { HttpError, MESSAGES, validationError } from '#src/http/errors';
import { type Page, toPage } from '#src/lib/pagination';
import { loadUserRefs } from '#src/lib/user-refs';

const likeTables = { track: tracks, album: albums, artist: artists } as const;

async function itemExists(db: Database, type: LikeableType | FollowableType, id: number) {
  const table = type === 'user' ? users : likeTables[type];
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
  return Boolean(row);
}

const notFound = () => new HttpError(404, MESSAGES.notFound);

/** Idempotent: liking twice keeps one like (and its first date, so "newest first" stays honest). */
export async function like(db: Database, userId: number, type: LikeableType, id: number) {
  if (!(await itemExists(db, type, id))) throw notFound();
  await db.insert(likes).values({ userId, likeableType: type, likeableId: id }).onConflictDoNothing();
  return { liked: true };
}

export async function unlike(db: Database, userId: number, type: LikeableType, id: number) {
  const removed = await db
    .delete(likes)
    .where(and(eq(likes.userId, userId), eq(likes.likeableType, type), eq(likes.likeableId, id)))
    .returning({ id: likes.likeableId });
  // A like of an item deleted since can still be removed; an unknown item that was never liked is 404.
  if (!removed.length && !(await itemExists(db, type, id))) throw notFound();
  return { liked: false };
}

/** A follow changes the artist's followers count: an artist follow announces `artist.changed`. */
export async function follow(
  { db, events }: Pick<Deps, 'db' | 'events'>,
  userId: number,
  type: FollowableType,
  id: number,
) {
  if (type === 'user' && id === userId) throw validationError({ id: [LIBRARY_MESSAGES.followSelf] });
  if (!(await itemExists(db, type, id))) throw notFound();
  await db
    .insert(follows)
    .values({ followerId: userId, followableType: type, followableId: id })
    .onConflictDoNothing();
  if (type === 'artist') await events.emit('artist.changed', { artistId: id });
  return { followed: true };
}

export async function unfollow(
  { db, events }: Pick<Deps, 'db' | 'events'>,
  userId: number,
  type: FollowableType,
  id: number,
) {
  if (type === 'user' && id === userId) throw validationError({ id: [LIBRARY_MESSAGES.followSelf] });
  const removed = await db
    .delete(follows)
    .where(
      and(eq(follows.followerId, userId), eq(follows.followableType, type), eq(follows.followableId, id)),
    )
    .returning({ id: follows.followableId });
  if (!removed.length && !(await itemExists(db, type, id))) throw notFound();
  if (type === 'artist' && removed.length) await events.emit('artist.changed', { artistId: id });
  return { followed: false };
}

/** Everything the web app needs to draw hearts and follow buttons, in one call. */
export async function likedIds(db: Database, userId: number): Promise<LikedIdsResponse> {
  const [likeRows, followRows] = await Promise.all([
    db
      .select({ type: likes.likeableType, id: likes.likeableId })
      .from(likes)
      .where(eq(likes.userId, userId))
      .orderBy(desc(likes.createdAt)),
    db
      .select({ type: follows.followableType, id: follows.followableId })
      .from(follows)
      .where(eq(follows.followerId, userId))
      .orderBy(desc(follows.createdAt)),
  ]);
  const pick = <T extends string>(rows: { type: T; id: number }[], type: T) =>
    rows.filter((r) => r.type === type).map((r) => r.id);
  return {
    track: pick(likeRows, 'track'),
    album: pick(likeRows, 'album'),
    artist: pick(likeRows, 'artist'),
    followed_artists: pick(followRows, 'artist'),
    followed_users: pick(followRows, 'user'),
  };
}

type Window = { page: number; perPage: number; offset: number };

/**
 * Ids of liked items of one type, newest like first. The inner join skips likes whose item was
 * deleted since (likes are polymorphic, so there is no foreign key to cascade).
 */
async function likedPage(db: Database, userId: number, type: LikeableType, w: Window) {
  const table = likeTables[type];
  const where = and(eq(likes.userId, userId), eq(likes.likeableType, type));
  const [rows, [count]] = await Promise.all([
    db
      .select({ id: likes.likeableId })
      .from(likes)
      .innerJoin(table, eq(table.id, likes.likeableId))
      .where(where)
      .orderBy(desc(likes.createdAt), desc(likes.likeableId))
      .limit(w.perPage)
      .offset(w.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(likes)
      .innerJoin(table, eq(table.id, likes.likeableId))
      .where(where),
  ]);
  return { ids: rows.map((r) => r.id), total: Number(count?.n ?? 0) };
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
  const where = and(eq(follows.followerId, userId), eq(follows.followableType, 'artist'));
  const [rows, [count]] = await Promise.all([
    db
      .select({ id: follows.followableId })
      .from(follows)
      .innerJoin(artists, eq(artists.id, follows.followableId))
      .where(where)
      .orderBy(desc(follows.createdAt), desc(follows.followableId))
      .limit(w.perPage)
      .offset(w.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(follows)
      .innerJoin(artists, eq(artists.id, follows.followableId))
      .where(where),
  ]);
  return toPage(
    await loadArtistRefs(
      db,
      rows.map((r) => r.id),
    ),
    Number(count?.n ?? 0),
    w.page,
    w.perPage,
  );
}

/** Users `userId` follows (`direction: 'following'`) or who follow `userId` (`'followers'`). */
export async function followUsersPage(
  db: Database,
  userId: number,
  direction: 'following' | 'followers',
  w: Window,
): Promise<Page<UserRef>> {
  const where =
    direction === 'following'
      ? and(eq(follows.followerId, userId), eq(follows.followableType, 'user'))
      : and(eq(follows.followableType, 'user'), eq(follows.followableId, userId));
  const other = direction === 'following' ? follows.followableId : follows.followerId;
  const [rows, [count]] = await Promise.all([
    db
      .select({ id: other })
      .from(follows)
      .innerJoin(users, eq(users.id, other))
      .where(where)
      .orderBy(desc(follows.createdAt), desc(other))
      .limit(w.perPage)
      .offset(w.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(follows)
      .innerJoin(users, eq(users.id, other))
      .where(where),
  ]);
  return toPage(
    await loadUserRefs(
      db,
      rows.map((r) => r.id),
    ),
    Number(count?.n ?? 0),
    w.page,
    w.perPage,
  );
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
