import { randomInt, timingSafeEqual } from 'node:crypto';
import {
  APP_PASSWORD_LENGTH,
  APP_PASSWORD_MESSAGES,
  APP_PASSWORDS_MAX,
  type AppPassword,
} from '@zema/contracts';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { invalidInput, NotFoundError } from '#src/lib/errors';
import { resolveAppKey } from '#src/platform/app-key';
import type { Deps } from '#src/platform/deps';
import { openSecret, SecretBoxError, sealSecret } from '#src/platform/secret-box';
import { appPasswords } from './subsonic.tables';

/** How fresh "last used" is kept: a write per request would cost every song and cover a write. */
export const LAST_USED_RESOLUTION_MS = 60_000;

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A new app password: APP_PASSWORD_LENGTH characters, each drawn uniformly (no look-alikes). */
export function generateAppPassword(): string {
  let out = '';
  for (let i = 0; i < APP_PASSWORD_LENGTH; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

const toDto = (row: typeof appPasswords.$inferSelect): AppPassword => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

export async function listAppPasswords(db: Database, userId: number): Promise<AppPassword[]> {
  const rows = await db
    .select()
    .from(appPasswords)
    .where(eq(appPasswords.userId, userId))
    .orderBy(asc(appPasswords.createdAt), asc(appPasswords.id));
  return rows.map(toDto);
}

/** A new app password for `userId`; the plain password is in the answer only. */
export async function createAppPassword(
  deps: Pick<Deps, 'db' | 'config' | 'cache'>,
  userId: number,
  name: string,
): Promise<{ appPassword: AppPassword; password: string }> {
  const [{ n }] = (await deps.db
    .select({ n: count() })
    .from(appPasswords)
    .where(eq(appPasswords.userId, userId))) as [{ n: number }];
  if (Number(n) >= APP_PASSWORDS_MAX) throw invalidInput({ name: [APP_PASSWORD_MESSAGES.tooMany] });
  const password = generateAppPassword();
  const sealed = sealSecret(await resolveAppKey(deps.config), password);
  const [row] = await deps.db.insert(appPasswords).values({ userId, name, secretSealed: sealed }).returning();
  await deps.cache.invalidate(credentialsKey(userId));
  return { appPassword: toDto(row!), password };
}

export async function revokeAppPassword(
  { db, cache }: Pick<Deps, 'db' | 'cache'>,
  userId: number,
  id: number,
): Promise<void> {
  const removed = await db
    .delete(appPasswords)
    .where(and(eq(appPasswords.id, id), eq(appPasswords.userId, userId)))
    .returning({ id: appPasswords.id });
  // Another user's password is as unknown as one that never was.
  if (!removed.length) throw new NotFoundError();
  // At once on every instance: a revoked password must not sign in from the cache.
  await cache.invalidate(credentialsKey(userId));
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
};

/** How a Subsonic client proved it knows a password: in the clear (`p`), or `t = md5(p + s)`. */
export type PasswordProof =
  | { kind: 'plain'; password: string }
  | { kind: 'token'; token: string; salt: string };

/** The cache key of an account's sealed app passwords (dropped on every create and revoke). */
export const credentialsKey = (userId: number) => `${AUTH_CACHE_NAMESPACE}${userId}`;
export const AUTH_CACHE_NAMESPACE = 'subsonic-auth:';

type Sealed = { id: number; sealed: string; lastUsedAt: Date | null };

/**
 * The id of the app password of `userId` that `proof` matches (marking it used), or null. Every
 * password of the user is tried (a handful at most); one sealed under another install key is
 * skipped. An app signs every request, so the sealed rows are kept in the shared cache a minute
 * (dropped on every instance when one is made or revoked).
 */
export async function matchAppPassword(
  deps: Pick<Deps, 'db' | 'config' | 'cache'>,
  userId: number,
  proof: PasswordProof,
  md5: (text: string) => string,
): Promise<number | null> {
  const rows = await deps.cache.get<Sealed[]>(
    credentialsKey(userId),
    () =>
      deps.db
        .select({
          id: appPasswords.id,
          sealed: appPasswords.secretSealed,
          lastUsedAt: appPasswords.lastUsedAt,
        })
        .from(appPasswords)
        .where(eq(appPasswords.userId, userId)),
    { ttlMs: 60_000 },
  );
  if (!rows.length) return null;
  const appKey = await resolveAppKey(deps.config);
  for (const row of rows) {
    let secret: string;
    try {
      secret = openSecret(appKey, row.sealed);
    } catch (err) {
      if (err instanceof SecretBoxError) continue;
      throw err;
    }
    const ok =
      proof.kind === 'plain'
        ? sameText(proof.password, secret)
        : sameText(proof.token.toLowerCase(), md5(secret + proof.salt));
    if (ok) {
      // An app makes a request per song and cover: the last use is written at most once a minute.
      const now = Date.now();
      if (!row.lastUsedAt || now - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
        row.lastUsedAt = new Date(now);
        await deps.db
          .update(appPasswords)
          .set({ lastUsedAt: row.lastUsedAt })
          .where(eq(appPasswords.id, row.id));
      }
      return row.id;
    }
  }
  return null;
}
