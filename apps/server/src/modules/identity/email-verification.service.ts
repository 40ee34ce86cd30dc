import { and, eq } from 'drizzle-orm';
import { emailVerificationCodes, users } from '#src/db/schema/index';
import { invalidInput } from '#src/lib/errors';
import {
  checkEmailCode,
  EMAIL_CODE_MESSAGES,
  EMAIL_CODE_MINUTES,
  newEmailCode,
} from '#src/modules/users/index';
import type { Deps } from '#src/platform/deps';

/** Replaces the user's code with a new one (attempts reset) and mails it (email-codes.ts). */
export async function issueEmailVerificationCode(deps: Deps, userId: number, email: string) {
  const { code, values } = await newEmailCode();
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
    const gone = await tx
      .delete(emailVerificationCodes)
      .where(and(eq(emailVerificationCodes.userId, userId), eq(emailVerificationCodes.codeHash, codeHash)))
      .returning({ userId: emailVerificationCodes.userId });
    if (!gone.length) return null;
    const [user] = await tx
      .update(users)
      .set({ emailVerifiedAt: now, updatedAt: now })
      .where(eq(users.id, userId))
      .returning({ email: users.email, firstName: users.firstName, displayName: users.displayName });
    return user ?? null;
  });
  if (!verified) throw invalidInput({ code: [EMAIL_CODE_MESSAGES.missing] });
  await deps.events.emit('account.changed', { userId });
  deps.mail.sendWelcome(
    verified.email,
    verified.displayName || verified.firstName || verified.email.split('@')[0]!,
  );
}
