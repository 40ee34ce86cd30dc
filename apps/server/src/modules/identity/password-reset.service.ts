import type { ResetPasswordRequest } from '@zema/contracts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  passwordResetTokens,
  personalAccessTokens,
  sessions,
  twoFactorChallenges,
  users,
} from '#src/db/schema/index';
import { invalidInput } from '#src/lib/errors';
import { hashPassword } from '#src/lib/password';
import { randomToken, sha256Hex } from '#src/lib/tokens';
import { ACCOUNT_MESSAGES as MESSAGES, normaliseEmail } from '#src/modules/users/index';
import type { Deps } from '#src/platform/deps';

/** RELIABILITY: valid 60 minutes, stored hashed, single use. */
export const RESET_TOKEN_MINUTES = 60;

export const RESET_MESSAGES = {
  sent: 'We have emailed your password reset link.',
  done: 'Your password has been reset.',
  invalid: 'This password reset token is invalid.',
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
    const [owner] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(eq(users.id, row.userId))
      .returning({ email: users.email });
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, row.userId), isNull(passwordResetTokens.usedAt)));
    await tx.delete(sessions).where(eq(sessions.userId, row.userId));
    await tx.delete(personalAccessTokens).where(eq(personalAccessTokens.userId, row.userId));
    await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, row.userId));
    return { email: owner?.email ?? null, userId: row.userId };
  });
  if (!reset?.email) throw invalidInput({ email: [RESET_MESSAGES.invalid] });
  await deps.events.emit('sessions.ended', { userId: reset.userId });
  deps.mail.sendPasswordChanged(reset.email);
}
