import { eq } from 'drizzle-orm';
import { invalidInput } from '#src/lib/errors';
import {
  checkEmailCode,
  dropEmailVerificationCode,
  EMAIL_CODE_MESSAGES,
  EMAIL_CODE_MINUTES,
  newEmailCode,
  storeEmailVerificationCode,
  updateUser,
} from '#src/modules/users/index';
import { emailVerificationCodes, users } from '#src/modules/users/tables';
import type { Deps } from '#src/platform/deps';

/** Replaces the user's code with a new one (attempts reset) and mails it (email-codes.ts). */
export async function issueEmailVerificationCode(deps: Deps, userId: number, email: string) {
  const { code, values } = await newEmailCode();
  await storeEmailVerificationCode(deps.db, userId, values);
  deps.mail.sendVerificationCode(email, code, EMAIL_CODE_MINUTES);
}

export async function resendEmailVerification(deps: Deps, userId: number) {
  const [user] = await deps.db
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw invalidInput({ email: [EMAIL_CODE_MESSAGES.missing] });
  if (user.verifiedAt) throw invalidInput({ email: [EMAIL_CODE_MESSAGES.alreadyVerified] });
  await issueEmailVerificationCode(deps, userId, user.email);
}

/** Checks a code (email-codes.ts: at most five comparisons per code); a right one verifies the address. */
export async function validateEmailVerificationCode(deps: Deps, userId: number, code: string) {
  const now = new Date();
  const codeHash = await checkEmailCode(deps.db, emailVerificationCodes, userId, code, now);

  const verified = await deps.db.transaction(async (tx) => {
    // Deleting by hash makes the code single use even if two right answers race.
    if (!(await dropEmailVerificationCode(tx, userId, codeHash))) return null;
    return updateUser(tx, userId, { emailVerifiedAt: now, updatedAt: now });
  });
  if (!verified) throw invalidInput({ code: [EMAIL_CODE_MESSAGES.missing] });
  await deps.events.emit('account.changed', { userId });
  deps.mail.sendWelcome(
    verified.email,
    verified.displayName || verified.firstName || verified.email.split('@')[0]!,
  );
}
