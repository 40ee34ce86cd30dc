import type { RegisterRequest, UpdatePasswordRequest } from '@zema/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import { isUniqueViolation } from '#src/db/errors';
import type { BrowserRef, Caller } from '#src/lib/caller';
import { ForbiddenError, invalidInput } from '#src/lib/errors';
import { hashPassword, verifyPassword } from '#src/lib/password';
import { personalAccessTokens, sessions } from '#src/modules/identity/tables';
import { ACCOUNT_MESSAGES, insertUser, normaliseEmail, updateUser } from '#src/modules/users/index';
import { users } from '#src/modules/users/tables';
import { joinByInvite, liveInvite } from '#src/modules/workspaces/index';
import type { Deps } from '#src/platform/deps';
import { issueEmailVerificationCode } from './email-verification.service';
import { assertHuman } from './human-verification.service';
import { checkOwnPassword } from './password-confirmation';
import { assertNotSuspended } from './session.service';

/**
 * Checks an email and password. Unknown users are checked against a dummy hash, so the time taken
 * does not reveal who has an account. Answers whether the account needs its second factor.
 */
export async function checkCredentials(
  deps: Deps,
  body: { email: string; password: string },
): Promise<{ userId: number; twoFactor: boolean }> {
  const [user] = await deps.db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      twoFactorConfirmedAt: users.twoFactorConfirmedAt,
    })
    .from(users)
    .where(eq(sql`lower(${users.email})`, normaliseEmail(body.email)));
  const ok = await verifyPassword(user?.passwordHash, body.password);
  if (!user || !ok) throw invalidInput({ email: [ACCOUNT_MESSAGES.badCredentials] });
  // Told only after the right password, before the second factor is asked for.
  await assertNotSuspended(deps.db, user.id);
  return { userId: user.id, twoFactor: Boolean(user.twoFactorConfirmedAt) };
}

export type RegisterResult = { userId: number; status: 'success' | 'needs_email_verification' };

/**
 * Creates an account with the default roles (registration on, human check when required, policies
 * accepted), then mails the verification code or the welcome. The caller signs them in.
 */
export async function register(
  deps: Deps,
  browser: BrowserRef,
  body: RegisterRequest,
): Promise<RegisterResult> {
  const settings = await deps.settings.getClientSettings();
  if (settings.registration.disable) throw new ForbiddenError(ACCOUNT_MESSAGES.registrationDisabled);
  if (settings.human_verification.register) await assertHuman(deps, browser, body);

  const email = normaliseEmail(body.email);
  const errors: Record<string, string[]> = {};
  const [existing] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email));
  if (existing) errors.email = [ACCOUNT_MESSAGES.emailTaken];
  if (body.password !== body.password_confirmation) errors.password = [ACCOUNT_MESSAGES.confirmationMismatch];
  for (const policy of settings.registration.policies) {
    if (body[policy.id] !== true) errors[policy.id] = [`You must accept the ${policy.name}.`];
  }
  if (Object.keys(errors).length) throw invalidInput(errors);

  // An invitation sent to this very email proves the mailbox; any other (stale, someone else's)
  // is ignored and the account is made as usual.
  const invite = body.invite_id ? await liveInvite(deps.db, body.invite_id) : null;
  const viaInvite = invite?.invite.email === email ? invite.invite.id : null;

  const passwordHash = await hashPassword(body.password);
  let userId: number;
  try {
    userId = await deps.db.transaction(async (tx) => {
      const id = await insertUser(tx, {
        email,
        passwordHash,
        firstName: body.first_name || null,
        lastName: body.last_name || null,
        // Offered at sign-up; else the names, and only then "User N", are what others see.
        displayName: body.display_name || [body.first_name, body.last_name].filter(Boolean).join(' ') || null,
        emailVerifiedAt: viaInvite ? new Date() : null,
      });
      // Joined in the same transaction: the account and its membership exist together or not at all.
      if (viaInvite) await joinByInvite(tx, viaInvite, { id, email });
      return id;
    });
  } catch (err) {
    // Two sign-ups with the same email at once: the unique index decides, the loser gets a 422.
    if (isUniqueViolation(err)) throw invalidInput({ email: [ACCOUNT_MESSAGES.emailTaken] });
    throw err;
  }

  if (viaInvite) await deps.events.emit('workspace.invite_closed', { inviteId: viaInvite });
  if (settings.require_email_confirmation && !viaInvite) {
    await issueEmailVerificationCode(deps, userId, email);
    return { userId, status: 'needs_email_verification' };
  }
  deps.mail.sendWelcome(email, body.display_name || body.first_name || email.split('@')[0]!);
  return { userId, status: 'success' };
}

/**
 * Changes the password, ends every other session of the user (this one stays), revokes their
 * personal access tokens and mails a notice. Only a browser session may do it: a leaked token must
 * not be able to lock the owner out (and it would have no session of its own to keep).
 */
export async function updatePassword(deps: Deps, caller: Caller, body: UpdatePasswordRequest) {
  if (caller.via !== 'session') throw new ForbiddenError(ACCOUNT_MESSAGES.passwordChangeByToken);
  const userId = caller.user.id;
  await checkOwnPassword(
    deps,
    userId,
    body.current_password,
    'current_password',
    ACCOUNT_MESSAGES.wrongCurrentPassword,
  );
  if (body.password !== body.password_confirmation)
    throw invalidInput({ password: [ACCOUNT_MESSAGES.confirmationMismatch] });
  const passwordHash = await hashPassword(body.password);
  const keep = caller.sessionId;
  await deps.db.transaction(async (tx) => {
    await updateUser(tx, userId, { passwordHash, updatedAt: new Date() });
    await tx
      .delete(sessions)
      .where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId));
    await tx.delete(personalAccessTokens).where(eq(personalAccessTokens.userId, userId));
  });
  await deps.events.emit('sessions.ended', { userId });
  deps.mail.sendPasswordChanged(caller.user.email);
}
