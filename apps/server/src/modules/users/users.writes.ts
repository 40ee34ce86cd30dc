/**
 * The writes other modules make to the records this module owns (decision 0051): identity creates
 * accounts and keeps their credentials, account keeps the profile, backstage grants the artist
 * role. They pass their transaction (`db`), so their write and this one commit together.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '#src/db/client';
import { emailVerificationCodes } from './email-codes.tables';
import { roles, userRole } from './roles.tables';
import { users } from './users.tables';

export type NewUser = Omit<typeof users.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type UserChanges = Partial<Omit<typeof users.$inferInsert, 'id' | 'createdAt'>>;

/**
 * A new account holding the default roles (SPEC §3 Role `default`); its id. A taken email is the
 * unique index's error, for the caller to answer.
 */
export async function insertUser(db: Db, values: NewUser): Promise<number> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  const defaults = await db.select({ id: roles.id }).from(roles).where(eq(roles.default, true));
  await grantRoles(
    db,
    row!.id,
    defaults.map((r) => r.id),
  );
  return row!.id;
}

/**
 * Changes a user's record; `only` narrows which row qualifies (a compare-and-set). Answers what a
 * mail to the user needs, or null when no row changed.
 */
export async function updateUser(
  db: Db,
  userId: number,
  changes: UserChanges,
  only?: SQL,
): Promise<{ email: string; firstName: string | null; displayName: string | null } | null> {
  const [row] = await db
    .update(users)
    .set(changes)
    .where(only ? and(eq(users.id, userId), only) : eq(users.id, userId))
    .returning({ email: users.email, firstName: users.firstName, displayName: users.displayName });
  return row ?? null;
}

/** Gives the user these roles; one already held stays as it is. */
export async function grantRoles(db: Db, userId: number, roleIds: readonly number[]) {
  if (!roleIds.length) return;
  await db
    .insert(userRole)
    .values(roleIds.map((roleId) => ({ userId, roleId })))
    .onConflictDoNothing();
}

/** Stores the user's email verification code (`newEmailCode`'s values), replacing an older one. */
export async function storeEmailVerificationCode(
  db: Db,
  userId: number,
  values: Omit<typeof emailVerificationCodes.$inferInsert, 'userId'>,
) {
  await db
    .insert(emailVerificationCodes)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: emailVerificationCodes.userId, set: values });
}

/**
 * Drops the user's verification code — only the one with `codeHash` when given, which makes a
 * code single use even if two right answers race. Answers whether a code went.
 */
export async function dropEmailVerificationCode(db: Db, userId: number, codeHash?: string) {
  const gone = await db
    .delete(emailVerificationCodes)
    .where(
      codeHash
        ? and(eq(emailVerificationCodes.userId, userId), eq(emailVerificationCodes.codeHash, codeHash))
        : eq(emailVerificationCodes.userId, userId),
    )
    .returning({ userId: emailVerificationCodes.userId });
  return gone.length > 0;
}
