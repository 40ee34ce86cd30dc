import { msg } from '@zema/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { isUniqueViolation } from '#src/db/errors';
import { invalidInput, NotFoundError } from '#src/lib/errors';
import type { DomainEvents } from '#src/lib/events';
import { emailChangeRequests } from '#src/modules/account/tables';
import { expirePasswordResets } from '#src/modules/identity/index';
import type { MailService } from '#src/modules/mail/index';
import {
  ACCOUNT_MESSAGES,
  checkEmailCode,
  dropEmailVerificationCode,
  EMAIL_CODE_MESSAGES,
  EMAIL_CODE_MINUTES,
  newEmailCode,
  normaliseEmail,
  updateUser,
} from '#src/modules/users/index';
import { users } from '#src/modules/users/tables';

export const EMAIL_CHANGE_MESSAGES = {
  sent: msg('Email sent'),
  sameEmail: msg('This is already your email address.'),
  // The same words as registration: no more is said about the other account.
  taken: ACCOUNT_MESSAGES.emailTaken,
} as const;

export type EmailChangeDeps = {
  db: Database;
  mail: Pick<MailService, 'sendEmailChangeCode' | 'sendEmailChanged'>;
  events: DomainEvents;
};

async function assertAvailable(db: Database, userId: number, email: string) {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email), ne(users.id, userId)));
  if (taken) throw invalidInput({ email: [EMAIL_CHANGE_MESSAGES.taken] });
}

/**
 * Step 1 (the caller has checked the password confirmation): a 6-digit code goes to the NEW
 * address, stored as an argon2id hash, valid 10 minutes, dead after 5 wrong tries. Asking again
 * replaces the code (and the address). Nothing changes on the account yet.
 */
export async function requestEmailChange(deps: EmailChangeDeps, userId: number, newEmail: string) {
  const email = normaliseEmail(newEmail);
  const [user] = await deps.db
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new NotFoundError();
  if (normaliseEmail(user.email) === email) throw invalidInput({ email: [EMAIL_CHANGE_MESSAGES.sameEmail] });
  await assertAvailable(deps.db, userId, email);

  const { code, values: codeValues } = await newEmailCode();
  const values = { newEmail: email, ...codeValues };
  await deps.db
    .insert(emailChangeRequests)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: emailChangeRequests.userId, set: values });
  deps.mail.sendEmailChangeCode(email, code, EMAIL_CODE_MINUTES, user.language);
}

/**
 * Step 2: the code from the mail makes the new address the account's, verified (the code proved
 * it is read there). Like the verification code, an attempt is reserved atomically before the hash
 * is compared, so concurrent guesses get at most five comparisons. Reset links sent to the old
 * address and a pending verification code die; the old address gets a notice.
 */
export async function confirmEmailChange(deps: EmailChangeDeps, userId: number, code: string) {
  const now = new Date();
  const codeHash = await checkEmailCode(deps.db, emailChangeRequests, userId, code, now);

  let changed: { oldEmail: string; newEmail: string; language: string | null } | null;
  try {
    changed = await deps.db.transaction(async (tx) => {
      // Deleting by hash makes the code single use even if two right answers race.
      const [request] = await tx
        .delete(emailChangeRequests)
        .where(and(eq(emailChangeRequests.userId, userId), eq(emailChangeRequests.codeHash, codeHash)))
        .returning({ newEmail: emailChangeRequests.newEmail });
      if (!request) return null;
      const [old] = await tx
        .select({ email: users.email, language: users.language })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!old) return null;
      await updateUser(tx, userId, { email: request.newEmail, emailVerifiedAt: now, updatedAt: now });
      await dropEmailVerificationCode(tx, userId);
      // A reset link mailed to the old address must not open the account any more.
      await expirePasswordResets(tx, userId, now);
      return { oldEmail: old.email, newEmail: request.newEmail, language: old.language };
    });
  } catch (err) {
    // Someone took the address between the two steps: the unique index decides.
    if (isUniqueViolation(err)) throw invalidInput({ email: [EMAIL_CHANGE_MESSAGES.taken] });
    throw err;
  }
  if (!changed) throw invalidInput({ code: [EMAIL_CODE_MESSAGES.missing] });
  await deps.events.emit('account.changed', { userId });
  deps.mail.sendEmailChanged(changed.oldEmail, changed.newEmail, changed.language);
}
