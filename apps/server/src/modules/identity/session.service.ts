import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { invalidInput } from '#src/lib/errors';
import type { DomainEvents } from '#src/lib/events';
import { randomToken, sha256Hex } from '#src/lib/tokens';
import { personalAccessTokens, sessions } from '#src/modules/identity/tables';
import { updateUser } from '#src/modules/users/index';
import { users } from '#src/modules/users/tables';

/** "Stay signed in for a month" (SPEC §9 remember-me). */
export const REMEMBER_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** Without remember-me a session ends after two idle hours. */
export const SESSION_IDLE_LIFETIME_MS = 2 * 60 * 60 * 1000;
// Refreshing last_active on every request would turn each read into a write.
export const TOUCH_INTERVAL_MS = 60 * 1000;

export type SessionMeta = {
  ip?: string | null;
  userAgent?: string | null;
  remember?: boolean;
  /** An admin's "Log in as" session: the admin it returns to. */
  impersonatorId?: number;
};

export const sessionLifetime = (remember: boolean) =>
  remember ? REMEMBER_LIFETIME_MS : SESSION_IDLE_LIFETIME_MS;
const lifetime = sessionLifetime;

/** An account whose suspension is over or never was: its sessions and tokens work. */
export const notSuspended = () => or(isNull(users.suspendedAt), lte(users.suspendedUntil, sql`now()`));

/** What a suspended account is told when it tries to sign in (only after the right password). */
export function suspendedMessage(until: Date | null, reason: string | null): string {
  const when = until ? ` until ${until.toISOString().slice(0, 16).replace('T', ' ')} UTC` : '';
  return `This account is suspended${when}.${reason ? ` Reason: ${reason}` : ''}`;
}

/** Refuses a sign-in of a suspended account with a field error on `email` (SPEC §8 shape). */
export async function assertNotSuspended(db: Database, userId: number): Promise<void> {
  const [row] = await db
    .select({ at: users.suspendedAt, until: users.suspendedUntil, reason: users.suspensionReason })
    .from(users)
    .where(eq(users.id, userId));
  if (!row?.at) return;
  if (row.until && row.until.getTime() <= Date.now()) return;
  throw invalidInput({ email: [suspendedMessage(row.until, row.reason)] });
}

/**
 * Starts a session and returns the cookie token; only its sha256 is stored. Every way in (login,
 * two-factor, social, registration) ends here, so a suspended account is refused here once.
 */
export async function createSession(db: Database, userId: number, meta: SessionMeta = {}): Promise<string> {
  await assertNotSuspended(db, userId);
  const token = randomToken(32);
  const remember = meta.remember ?? false;
  await db.insert(sessions).values({
    id: sha256Hex(token),
    userId,
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
    remember,
    impersonatorId: meta.impersonatorId ?? null,
    expiresAt: new Date(Date.now() + lifetime(remember)),
  });
  // An admin looking through the account is not the user logging in.
  if (!meta.impersonatorId) await updateUser(db, userId, { lastLoginAt: new Date() });
  return token;
}

/** Ends one session (logout); its cached entry goes on every instance before this returns. */
export async function deleteSession(deps: { db: Database; events: DomainEvents }, token: string) {
  const sessionId = sha256Hex(token);
  await deps.db.delete(sessions).where(eq(sessions.id, sessionId));
  await deps.events.emit('sessions.ended', { sessionId });
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
        // A suspended account's tokens stop working at once (and work again when it is lifted).
        sql`not exists (select 1 from ${users} where ${users.id} = ${personalAccessTokens.userId} and ${users.suspendedAt} is not null and (${users.suspendedUntil} is null or ${users.suspendedUntil} > now()))`,
      ),
    )
    .returning({ userId: personalAccessTokens.userId });
  return row?.userId ?? null;
}
