import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { personalAccessTokens, sessions } from '#src/db/schema/index';
import { SESSION_COOKIE } from '#src/http/cookies';
import { randomToken, sha256Hex } from '#src/lib/tokens';

// The cookie's name sits with the other cookie names in http/cookies.ts (rate limits key on it).
export { SESSION_COOKIE };
/** "Stay signed in for a month" (SPEC §9 remember-me). */
export const REMEMBER_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** Without remember-me a session ends after two idle hours. */
export const SESSION_IDLE_LIFETIME_MS = 2 * 60 * 60 * 1000;
// Refreshing last_active on every request would turn each read into a write.
const TOUCH_INTERVAL_MS = 60 * 1000;

export type SessionMeta = { ip?: string | null; userAgent?: string | null; remember?: boolean };

const lifetime = (remember: boolean) => (remember ? REMEMBER_LIFETIME_MS : SESSION_IDLE_LIFETIME_MS);

/** Starts a session and returns the cookie token; only its sha256 is stored. */
export async function createSession(db: Database, userId: number, meta: SessionMeta = {}): Promise<string> {
  const token = randomToken(32);
  const remember = meta.remember ?? false;
  await db.insert(sessions).values({
    id: sha256Hex(token),
    userId,
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
    remember,
    expiresAt: new Date(Date.now() + lifetime(remember)),
  });
  return token;
}

export async function deleteSession(db: Database, token: string) {
  await db.delete(sessions).where(eq(sessions.id, sha256Hex(token)));
}

/** The user id of a live session, sliding its expiry forward; null when unknown or expired. */
export async function resolveSession(db: Database, token: string): Promise<number | null> {
  const id = sha256Hex(token);
  const now = new Date();
  const [row] = await db
    .select({ userId: sessions.userId, lastActive: sessions.lastActive, remember: sessions.remember })
    .from(sessions)
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now)));
  if (!row) return null;
  if (now.getTime() - row.lastActive.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastActive: now, expiresAt: new Date(now.getTime() + lifetime(row.remember)) })
      .where(eq(sessions.id, id));
  }
  return row.userId;
}

/** Creates a personal access token; the plain token is returned once and never stored. */
export async function createAccessToken(
  db: Database,
  userId: number,
  name: string,
  expiresAt: Date | null = null,
): Promise<{ id: number; plainTextToken: string }> {
  const plain = randomToken(40);
  const [row] = await db
    .insert(personalAccessTokens)
    .values({ userId, name, tokenHash: sha256Hex(plain), expiresAt })
    .returning({ id: personalAccessTokens.id });
  // The id prefix lets support staff tell tokens apart in logs without revealing the secret.
  return { id: row!.id, plainTextToken: `${row!.id}|${plain}` };
}

/** The user id of a valid bearer token, marking it used; null when unknown or expired. */
export async function resolveAccessToken(db: Database, bearer: string): Promise<number | null> {
  const plain = bearer.includes('|') ? bearer.slice(bearer.indexOf('|') + 1) : bearer;
  const now = new Date();
  const [row] = await db
    .update(personalAccessTokens)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(personalAccessTokens.tokenHash, sha256Hex(plain)),
        or(isNull(personalAccessTokens.expiresAt), gt(personalAccessTokens.expiresAt, now)),
      ),
    )
    .returning({ userId: personalAccessTokens.userId });
  return row?.userId ?? null;
}
