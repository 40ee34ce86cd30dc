import { LIBRARY_MESSAGES, type UserProfile } from '@zema/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { ForbiddenError, NotFoundError } from '#src/lib/errors';
import { follows, playlists } from '#src/modules/library/tables';
import { toUserRef, userRefColumns, users } from '#src/modules/users/tables';
import { likedTracks } from './library-pages';
import { userProfiles } from './profiles.tables';

/**
 * Public user profiles at /user/{id}/{slug}: the public name, avatar, bio and counts, never the
 * email. Liked songs show only when the user made them public (user_profiles.likes_public).
 */

const notFound = () => new NotFoundError();

export async function getProfile(db: Database, id: number, viewerId: number | null): Promise<UserProfile> {
  const self = viewerId === id;
  const [row] = await db
    .select({
      ...userRefColumns,
      createdAt: users.createdAt,
      bio: userProfiles.bio,
      likesPublic: userProfiles.likesPublic,
      followers: sql<number>`(select count(*)::int from ${follows} where ${follows.followableType} = 'user' and ${follows.followableId} = ${users.id})`,
      following: sql<number>`(select count(*)::int from ${follows} where ${follows.followerId} = ${users.id} and ${follows.followableType} = 'user')`,
      playlists: self
        ? sql<number>`(select count(*)::int from ${playlists} where ${playlists.ownerId} = ${users.id})`
        : sql<number>`(select count(*)::int from ${playlists} where ${playlists.ownerId} = ${users.id} and ${playlists.public})`,
      followed: viewerId
        ? sql<boolean>`exists(select 1 from ${follows} where ${follows.followerId} = ${viewerId} and ${follows.followableType} = 'user' and ${follows.followableId} = ${users.id})`
        : sql<boolean>`false`,
    })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(eq(users.id, id));
  if (!row) throw notFound();
  const profile: UserProfile = {
    ...toUserRef(row),
    bio: row.bio ?? null,
    likes_public: row.likesPublic ?? false,
    followers_count: Number(row.followers),
    following_count: Number(row.following),
    playlists_count: Number(row.playlists),
    created_at: row.createdAt.toISOString(),
  };
  if (viewerId && !self) profile.followed = Boolean(row.followed);
  return profile;
}

export async function assertUserExists(db: Database, id: number) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  if (!row) throw notFound();
}

/** Liked songs of a profile: 403 with a clear message unless they are public or it is you. */
export async function profileLikes(
  db: Database,
  id: number,
  viewerId: number | null,
  w: { page: number; perPage: number; offset: number },
) {
  await assertUserExists(db, id);
  if (viewerId !== id) {
    const [settings] = await db
      .select({ likesPublic: userProfiles.likesPublic })
      .from(userProfiles)
      .where(and(eq(userProfiles.userId, id), eq(userProfiles.likesPublic, true)));
    if (!settings) throw new ForbiddenError(LIBRARY_MESSAGES.likesPrivate);
  }
  return likedTracks(db, id, w, viewerId);
}

export async function updateProfile(
  db: Database,
  userId: number,
  input: { likes_public?: boolean; bio?: string | null },
) {
  const set: Partial<typeof userProfiles.$inferInsert> = {};
  if (input.likes_public !== undefined) set.likesPublic = input.likes_public;
  if (input.bio !== undefined) set.bio = input.bio || null;
  await db
    .insert(userProfiles)
    .values({ userId, likesPublic: set.likesPublic ?? false, bio: set.bio ?? null })
    .onConflictDoUpdate({
      target: userProfiles.userId,
      // Nothing to change still answers the profile; `userId = userId` keeps the statement valid.
      set: Object.keys(set).length ? set : { userId },
    });
  return getProfile(db, userId, userId);
}
