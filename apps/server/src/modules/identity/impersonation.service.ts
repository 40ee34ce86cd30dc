import { hasPermission, msg, PERMISSIONS } from '@zema/contracts';
import { eq } from 'drizzle-orm';
import { invalidInput, NotFoundError } from '#src/lib/errors';
import { type Actor, audit } from '#src/modules/audit/index';
import { sessions } from '#src/modules/identity/tables';
import { loadUser } from '#src/modules/users/index';
import type { Deps } from '#src/platform/deps';

/**
 * "Log in as": an admin holding users.impersonate opens a session as a user who is not
 * an admin, marked with the admin's id; the banner's one click ends it and signs the admin back in.
 * Both ends are audited. The admin's own session ends when the look begins, so one browser never
 * holds both.
 */
export const IMPERSONATION_MESSAGES = {
  admin: msg('You cannot log in as another administrator.'),
  self: msg('You are already signed in as yourself.'),
  notImpersonating: msg('This session is not a "Log in as" session.'),
} as const;

export async function assertMayImpersonate(deps: Deps, actor: Actor, targetId: number) {
  if (targetId === actor.user.id) throw invalidInput({ user: [IMPERSONATION_MESSAGES.self] });
  const target = await loadUser(deps.db, targetId);
  if (!target) throw new NotFoundError();
  if (hasPermission(target, PERMISSIONS.adminAccess))
    throw invalidInput({ user: [IMPERSONATION_MESSAGES.admin] });
  return target;
}

export async function auditImpersonation(
  deps: Deps,
  actor: Actor,
  target: { id: number; email: string },
  action: 'start' | 'stop',
) {
  await audit(deps.db, actor, {
    action: action === 'start' ? 'user.impersonate' : 'user.impersonate_stop',
    target: { type: 'user', id: target.id, label: target.email },
  });
}

/** The admin a "Log in as" session returns to, checked against the session row itself. */
export async function impersonatorOf(deps: Deps, sessionId: string | null): Promise<number> {
  if (!sessionId) throw invalidInput({ session: [IMPERSONATION_MESSAGES.notImpersonating] });
  const [row] = await deps.db
    .select({ by: sessions.impersonatorId })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  if (!row?.by) throw invalidInput({ session: [IMPERSONATION_MESSAGES.notImpersonating] });
  return row.by;
}
