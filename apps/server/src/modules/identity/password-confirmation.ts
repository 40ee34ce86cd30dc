/**
 * Password confirmation (SPEC §9): a sensitive action needs the password confirmed in this browser
 * session within the last 9000 s. Used by the auth routes, the account and the sessions pages.
 */
import { msg, PASSWORD_CONFIRMATION_SECONDS } from '@zema/contracts';
import { and, eq, gt } from 'drizzle-orm';
import type { Caller } from '#src/lib/caller';
import { invalidInput, LockedError } from '#src/lib/errors';
import { verifyPassword } from '#src/lib/password';
import { sessions } from '#src/modules/identity/tables';
import { ACCOUNT_MESSAGES } from '#src/modules/users/index';
import { users } from '#src/modules/users/tables';
import type { Deps } from '#src/platform/deps';

/** Whether the password was confirmed in this session within `seconds` (at most 9000). */
export async function passwordConfirmedWithin(
  deps: Deps,
  caller: Caller,
  seconds = PASSWORD_CONFIRMATION_SECONDS,
): Promise<boolean> {
  const { sessionId } = caller;
  // Bearer tokens have no session to confirm in; sensitive actions need the browser session.
  if (!sessionId) return false;
  const window = Math.min(seconds, PASSWORD_CONFIRMATION_SECONDS) * 1000;
  const [row] = await deps.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), gt(sessions.passwordConfirmedAt, new Date(Date.now() - window))));
  return Boolean(row);
}

/** 423 unless the password was confirmed in this session within the last 9000 s (SPEC §9). */
export async function requireConfirmedPassword(deps: Deps, caller: Caller) {
  if (!(await passwordConfirmedWithin(deps, caller)))
    throw new LockedError(ACCOUNT_MESSAGES.confirmationRequired);
}

/** 422 on `field` unless `password` is the user's own. */
export async function checkOwnPassword(
  deps: Deps,
  userId: number,
  password: string,
  field: string,
  message: string,
) {
  const [row] = await deps.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!(await verifyPassword(row?.hash, password))) throw invalidInput({ [field]: [message] });
}

export async function confirmPassword(deps: Deps, caller: Caller, password: string) {
  await checkOwnPassword(deps, caller.user.id, password, 'password', ACCOUNT_MESSAGES.wrongPassword);
  const { sessionId } = caller;
  if (!sessionId) throw invalidInput({ password: [msg('Password confirmation needs a browser session.')] });
  await deps.db.update(sessions).set({ passwordConfirmedAt: new Date() }).where(eq(sessions.id, sessionId));
}
