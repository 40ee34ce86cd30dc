import type { ResetPasswordRequest } from '@zema/contracts';
import { msg } from '@zema/contracts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client';
import { invalidInput } from '#src/lib/errors';
import { hashPassword } from '#src/lib/password';
import { randomToken, sha256Hex } from '#src/lib/tokens';
import {
  passwordResetTokens,
  personalAccessTokens,
  sessions,
  twoFactorChallenges,
} from '#src/modules/identity/tables';
import { ACCOUNT_MESSAGES as MESSAGES, normaliseEmail, updateUser } from '#src/modules/users/index';
import { users } from '#src/modules/users/tables';
import type { Deps } from '#src/platform/deps';

/** RELIABILITY: valid 60 minutes, stored hashed, single use. */
export const RESET_TOKEN_MINUTES = 60;

export const RESET_MESSAGES = {
  sent: msg('We have emailed your password reset link.'),
  done: msg('Your password has been reset.'),
  invalid: msg('This password reset token is invalid.'),
} as const;

/**
 * Answers at once and sends a reset link afterwards when the email belongs to an account. The
 * lookup, the token insert and the mail all run after the answer (deps.background), so known and
 * unknown emails get the same answer in the same time: nothing of that work is in the request.
 */
export function requestPasswordReset(deps: Deps, email: string) {
  deps.background.run('password reset request', () => sendPasswordResetLink(deps, email));
}

async function sendPasswordResetLink(deps: Deps, email: string) {
  const [user] = await deps.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(sql`lower(${users.email})`, normaliseEmail(email)));
  if (!user) return;
  const token = randomToken(32);
  await deps.db.insert(passwordResetTokens).values({
    userId: user.id,
    tokenHash: sha256Hex(token),
    expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000),
  });
  deps.mail.sendPasswordReset(user.email, token, RESET_TOKEN_MINUTES);
}

/**
 * Sets the new password from a valid link. The token is marked used in the same transaction, all
 * sessions, personal access tokens and pending two-factor logins of the user end, and other open
 * links die too.
 * The user is not logged in: the web app sends them to /login with the new password. The owner
 * gets a password-changed notice.
 */
export async function resetPassword(deps: Deps, body: ResetPasswordRequest) {
  if (body.password !== body.password_confirmation)
    throw invalidInput({ password: [MESSAGES.confirmationMismatch] });
  const passwordHash = await hashPassword(body.password);
  const now = new Date();
  const reset = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: passwordResetTokens.id, userId: passwordResetTokens.userId })
      .from(passwordResetTokens)
      .innerJoin(users, eq(users.id, passwordResetTokens.userId))
      .where(
        and(
          eq(passwordResetTokens.tokenHash, sha256Hex(body.token)),
          eq(sql`lower(${users.email})`, normaliseEmail(body.email)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      );
    if (!row) return null;
    // Conditional on used_at IS NULL: of two concurrent resets with one token, one wins.
    const used = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.id, row.id), isNull(passwordResetTokens.usedAt)))
      .returning({ id: passwordResetTokens.id });
    if (!used.length) return null;
    const owner = await updateUser(tx, row.userId, { passwordHash, updatedAt: now });
    await expirePasswordResets(tx, row.userId, now);
    await tx.delete(sessions).where(eq(sessions.userId, row.userId));
    await tx.delete(personalAccessTokens).where(eq(personalAccessTokens.userId, row.userId));
    await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, row.userId));
    return { email: owner?.email ?? null, userId: row.userId };
  });
  if (!reset?.email) throw invalidInput({ email: [RESET_MESSAGES.invalid] });
  await deps.events.emit('sessions.ended', { userId: reset.userId });
  deps.mail.sendPasswordChanged(reset.email);
}

/** Ends the user's unused reset links (the address they went to is no longer the account's). */
export async function expirePasswordResets(db: Db, userId: number, now = new Date()) {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** Keeps an invitation's link (an admin made the account): it sets the first password. */
export async function storeInvitation(
  db: Db,
  invite: { userId: number; tokenHash: string; expiresAt: Date },
) {
  await db.insert(passwordResetTokens).values(invite);
}
