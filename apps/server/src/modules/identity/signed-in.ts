import type { User, UserRef } from '@zema/contracts';
import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import type { DomainEvents } from '#src/lib/events';
import { sha256Hex } from '#src/lib/tokens';
import { sessions } from '#src/modules/identity/tables';
import { loadUserRecord, userRefOf } from '#src/modules/users/index';
import type { SharedCache } from '#src/platform/shared-cache';
import { resolveAccessToken, sessionLifetime, TOUCH_INTERVAL_MS } from './session.service';

/**
 * Who is signed in, without reading the database on every request (decision 0036). Each instance
 * keeps the live sessions and their users in memory; every write that changes what a session or a
 * `User` says emits a domain event (`account.changed`, `access.changed`, `sessions.ended`,
 * `user.changed`), and the entries it concerns are dropped here and, through the shared cache's
 * pub/sub, on every other instance before the writer answers. The TTL bounds what a lost message
 * could leave behind. A session's sliding expiry is still written, at most once a minute.
 */
export const SIGNED_IN_NAMESPACE = 'signed-in:';
const SESSIONS = `${SIGNED_IN_NAMESPACE}session:`;
const USERS = `${SIGNED_IN_NAMESPACE}user:`;
export const SIGNED_IN_TTL_MS = 60_000;

type SessionEntry = {
  userId: number;
  impersonator: UserRef | { id: number; display_name: string } | null;
  remember: boolean;
  lastActive: number;
  expiresAt: number;
};

export type SignedInUsers = {
  /** The user of a live session cookie, sliding its expiry; null when unknown, expired or suspended. */
  userForSession(token: string): Promise<User | null>;
  /** The user of a valid personal access token (marked used); null when unknown. */
  userForAccessToken(token: string): Promise<User | null>;
  /**
   * A user another credential proved (a Subsonic app password), as a request sees them; null
   * when unknown or suspended.
   */
  userById(userId: number): Promise<User | null>;
  /**
   * Where the reader's unread count (the bell's badge) comes from: the notifications module sets
   * it at register; until then a user reads 0.
   */
  countUnreadWith(count: (userId: number) => Promise<number>): void;
};

export type SignedInOptions = {
  db: Database;
  /** A cache of its own (per-user keys; sized apart from the install-wide values). */
  cache: SharedCache;
  events: DomainEvents;
  /** The reader's unread notifications (the bell's badge), itself cached where it is kept. */
  unreadCount?: (userId: number) => Promise<number>;
  now?: () => number;
};

export function createSignedInUsers({
  db,
  cache,
  events,
  unreadCount: initialUnreadCount,
  now = () => Date.now(),
}: SignedInOptions): SignedInUsers {
  let unreadCount = initialUnreadCount ?? (async () => 0);
  const loadSession = async (id: string): Promise<SessionEntry | null> => {
    const [row] = await db
      .select({
        userId: sessions.userId,
        lastActive: sessions.lastActive,
        remember: sessions.remember,
        impersonatorId: sessions.impersonatorId,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date(now()))));
    if (!row) return null;
    return {
      userId: row.userId,
      impersonator: row.impersonatorId ? await userRefOf(db, row.impersonatorId) : null,
      remember: row.remember,
      lastActive: row.lastActive.getTime(),
      expiresAt: row.expiresAt.getTime(),
    };
  };

  const userOf = async (userId: number, impersonator: SessionEntry['impersonator']) => {
    const record = await cache.get(`${USERS}${userId}`, () => loadUserRecord(db, userId), {
      ttlMs: SIGNED_IN_TTL_MS,
    });
    if (!record) return null;
    const at = now();
    // A suspension starts at once (the write drops the entry) and ends by itself when it is over.
    if (record.suspendedAt && (!record.suspendedUntil || record.suspendedUntil > at)) return null;
    // A copy per request: handlers may set fields on request.user without touching the cache.
    const user: User = { ...record.user, unread_notifications_count: await unreadCount(userId) };
    if (impersonator) user.impersonator = impersonator;
    return user;
  };

  // Unknown tokens are not cached (a stream of made-up cookies must not fill the cache).
  const session = async (id: string) => {
    const key = `${SESSIONS}${id}`;
    const hit = cache.peek<SessionEntry | null>(key);
    if (hit?.value) return hit.value;
    return cache.get(key, () => loadSession(id), { ttlMs: SIGNED_IN_TTL_MS, keepIf: (s) => s !== null });
  };

  events.on('user.changed', ({ userId }) => cache.invalidate(`${USERS}${userId}`));
  events.on('account.changed', ({ userId }) => cache.invalidate(`${USERS}${userId}`));
  events.on('access.changed', () => cache.invalidatePrefix(USERS));
  events.on('sessions.ended', (ended) =>
    'sessionId' in ended
      ? cache.invalidate(`${SESSIONS}${ended.sessionId}`)
      : cache.invalidatePrefix(SESSIONS),
  );

  return {
    async userForSession(token) {
      const id = sha256Hex(token);
      let entry = await session(id);
      const at = now();
      if (entry && entry.expiresAt <= at) {
        // Another instance may have slid it forward meanwhile: the database decides.
        await cache.invalidate(`${SESSIONS}${id}`);
        entry = await session(id);
      }
      if (!entry || entry.expiresAt <= at) return null;
      if (at - entry.lastActive > TOUCH_INTERVAL_MS) {
        // Slide the expiry (the cached entry too, so this instance writes it once a minute).
        entry.lastActive = at;
        entry.expiresAt = at + sessionLifetime(entry.remember);
        await db
          .update(sessions)
          .set({ lastActive: new Date(at), expiresAt: new Date(entry.expiresAt) })
          .where(eq(sessions.id, id));
      }
      return userOf(entry.userId, entry.impersonator);
    },
    async userForAccessToken(token) {
      const userId = await resolveAccessToken(db, token);
      return userId ? userOf(userId, null) : null;
    },
    userById(userId) {
      return userOf(userId, null);
    },
    countUnreadWith(count) {
      unreadCount = count;
    },
  };
}
