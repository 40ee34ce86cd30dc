import {
  type FollowableType,
  LIBRARY_MESSAGES,
  type LikeableType,
  type LikedIdsResponse,
} from '@zema/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { invalidInput, NotFoundError } from '#src/lib/errors';
import { albums, artists, tracks } from '#src/modules/catalogue/tables';
import { follows, likes, ratings } from '#src/modules/library/tables';
import { users } from '#src/modules/users/tables';
import type { Deps } from '#src/platform/deps';

const likeTables = { track: tracks, album: albums, artist: artists } as const;

async function itemExists(db: Database, type: LikeableType | FollowableType, id: number) {
  const table = type === 'user' ? users : likeTables[type];
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
  return Boolean(row);
}

const notFound = () => new NotFoundError();

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

/**
 * A listener's own rating of an item, 1–5 stars; 0 removes it (the Subsonic `setRating`). Private:
 * nothing public is summed from it. Callers check the range; anything else is a programming error.
 */
export async function rate(db: Database, userId: number, type: LikeableType, id: number, rating: number) {
  if (!Number.isInteger(rating) || rating < 0 || rating > 5) throw new RangeError('rating must be 0–5');
  if (rating === 0) {
    await db
      .delete(ratings)
      .where(and(eq(ratings.userId, userId), eq(ratings.ratedType, type), eq(ratings.ratedId, id)));
    return { rating: 0 };
  }
  if (!(await itemExists(db, type, id))) throw notFound();
  await db
    .insert(ratings)
    .values({ userId, ratedType: type, ratedId: id, rating })
    .onConflictDoUpdate({
      target: [ratings.userId, ratings.ratedType, ratings.ratedId],
      set: { rating, updatedAt: new Date() },
    });
  return { rating };
}

/** A follow changes the artist's followers count: an artist follow announces `artist.changed`. */
export async function follow(
  { db, events }: Pick<Deps, 'db' | 'events'>,
  userId: number,
  type: FollowableType,
  id: number,
) {
  if (type === 'user' && id === userId) throw invalidInput({ id: [LIBRARY_MESSAGES.followSelf] });
  if (!(await itemExists(db, type, id))) throw notFound();
  const added = await db
    .insert(follows)
    .values({ followerId: userId, followableType: type, followableId: id })
    .onConflictDoNothing()
    .returning({ id: follows.followableId });
  if (type === 'artist') await events.emit('artist.changed', { artistId: id });
  // A new follower of a user (not a repeated click) is news to them (decision 0031).
  if (type === 'user' && added.length) await events.emit('user.followed', { followerId: userId, userId: id });
  return { followed: true };
}

export async function unfollow(
  { db, events }: Pick<Deps, 'db' | 'events'>,
  userId: number,
  type: FollowableType,
  id: number,
) {
  if (type === 'user' && id === userId) throw invalidInput({ id: [LIBRARY_MESSAGES.followSelf] });
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
