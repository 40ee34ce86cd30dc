import { randomInt } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { emailVerificationCodes, users } from '#src/db/schema/index';
import type { Deps } from '#src/deps';
import { validationError } from '#src/http/errors';
import { hashPassword, verifyPassword } from '#src/lib/password';

/** RELIABILITY: 6 digits, valid 10 minutes, dead after 5 wrong tries. */
export const EMAIL_CODE_MINUTES = 10;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;

export const EMAIL_CODE_MESSAGES = {
  invalid: 'The code is invalid.',
  expired: 'The code has expired. Request a new one.',
  dead: 'Too many wrong codes. Request a new one.',
  missing: 'There is no code to check. Request a new one.',
  alreadyVerified: 'Your email is already verified.',
} as const;

export function generateEmailCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * Replaces the user's code with a new one (attempts reset) and mails it. The code is stored as an
 * argon2id hash: a leaked table then costs a slow hash per guess instead of a sha256 lookup table
 * over the million possible codes.
 */
export async function issueEmailVerificationCode(deps: Deps, userId: number, email: string) {
  const code = generateEmailCode();
  const codeHash = await hashPassword(code);
  const now = new Date();
  const values = {
    codeHash,
    attempts: 0,
    expiresAt: new Date(now.getTime() + EMAIL_CODE_MINUTES * 60_000),
    createdAt: now,
  };
  await deps.db
    .insert(emailVerificationCodes)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: emailVerificationCodes.userId, set: values });
  deps.mail.sendVerificationCode(email, code, EMAIL_CODE_MINUTES);
}

export async function resendEmailVerification(deps: Deps, userId: number) {
  const [user] = await deps.db
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw validationError({ email: [EMAIL_CODE_MESSAGES.missing] });
  if (user.verifiedAt) throw validationError({ email: [EMAIL_CODE_MESSAGES.alreadyVerified] });
  await issueEmailVerificationCode(deps, userId, user.email);
}

/**
 * Checks a code. An attempt is reserved atomically before the hash is compared, so even
 * concurrent guesses never get more than five comparisons per code.
 */
export async function validateEmailVerificationCode(deps: Deps, userId: number, code: string) {
  const now = new Date();
  const [reserved] = await deps.db
    .update(emailVerificationCodes)
    .set({ attempts: sql`${emailVerificationCodes.attempts} + 1` })
    .where(
      and(
        eq(emailVerificationCodes.userId, userId),
        lt(emailVerificationCodes.attempts, EMAIL_CODE_MAX_ATTEMPTS),
        gt(emailVerificationCodes.expiresAt, now),
      ),
    )
    .returning({ codeHash: emailVerificationCodes.codeHash });

  if (!reserved) {
    const [row] = await deps.db
      .select()
      .from(emailVerificationCodes)
      .where(eq(emailVerificationCodes.userId, userId));
    const message = !row
      ? EMAIL_CODE_MESSAGES.missing
      : row.expiresAt <= now
        ? EMAIL_CODE_MESSAGES.expired
        : EMAIL_CODE_MESSAGES.dead;
    throw validationError({ code: [message] });
  }
  if (!(await verifyPassword(reserved.codeHash, code)))
    throw validationError({ code: [EMAIL_CODE_MESSAGES.invalid] });

  const verified = await deps.db.transaction(async (tx) => {
    // Deleting by hash makes the code single use even if two right answers race.
    const gone = await tx
      .delete(emailVerificationCodes)
      .where(
        and(
          eq(emailVerificationCodes.userId, userId),
          eq(emailVerificationCodes.codeHash, reserved.codeHash),
        ),
      )
      .returning({ userId: emailVerificationCodes.userId });
    if (!gone.length) return null;
    const [user] = await tx
      .update(users)
      .set({ emailVerifiedAt: now, updatedAt: now })
      .where(eq(users.id, userId))
      .returning({ email: users.email, firstName: users.firstName });
    return user ?? null;
  });
  if (!verified) throw validationError({ code: [EMAIL_CODE_MESSAGES.missing] });
  deps.mail.sendWelcome(verified.email, verified.firstName || verified.email.split('@')[0]!);
}
