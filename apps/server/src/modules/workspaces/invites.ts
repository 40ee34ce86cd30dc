import { msg } from '@zema/contracts';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '#src/db/client';
import { ForbiddenError, NotFoundError } from '#src/lib/errors';
import { workspaceInvites, workspaceMembers, workspaces } from '#src/modules/workspaces/tables';

/** SPEC §8: what an unknown, expired or used invitation answers (404). */
export const INVITE_NO_LONGER_VALID = msg('This invite is no longer valid');
export const INVITE_OTHER_EMAIL = msg(
  'This invitation was sent to another email address. Sign in with that account to accept it.',
);

export type InviteRow = typeof workspaceInvites.$inferSelect;

/** The invitation when it exists and has not expired; joined and declined ones no longer exist. */
export async function liveInvite(db: Db, id: string, now = new Date()) {
  const [row] = await db
    .select({ invite: workspaceInvites, workspace: workspaces })
    .from(workspaceInvites)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvites.workspaceId))
    .where(and(eq(workspaceInvites.id, id), gt(workspaceInvites.expiresAt, now)));
  return row ?? null;
}

/**
 * Joins `userId` to the invitation's workspace and consumes the invitation, inside the caller's
 * transaction. The invitation row is locked first, so two joins of one link cannot both pass; a
 * user who is a member already keeps their role (the invitation is still used up).
 */
export async function joinByInvite(tx: Db, inviteId: string, user: { id: number; email: string }) {
  const [invite] = await tx
    .select()
    .from(workspaceInvites)
    .where(and(eq(workspaceInvites.id, inviteId), gt(workspaceInvites.expiresAt, new Date())))
    .for('update');
  if (!invite) throw new NotFoundError(INVITE_NO_LONGER_VALID);
  if (invite.email !== user.email.toLowerCase()) throw new ForbiddenError(INVITE_OTHER_EMAIL);
  await tx
    .insert(workspaceMembers)
    .values({ workspaceId: invite.workspaceId, userId: user.id, role: invite.role })
    .onConflictDoNothing();
  await tx.delete(workspaceInvites).where(eq(workspaceInvites.id, invite.id));
  return invite;
}

/**
 * Joins with an invitation a sign-in carried (the social popup started from a join page), by the
 * same rules as the join call: live, single use, sent to this account's email. An invitation that
 * does not qualify is left alone and the sign-in goes on; the join page asks again and says why.
 * Inside the caller's transaction; the invitation's id when it was used, else null.
 */
export async function joinOnSignIn(
  tx: Db,
  inviteId: string,
  user: { id: number; email: string },
): Promise<string | null> {
  const found = await liveInvite(tx, inviteId);
  if (!found || found.invite.email !== user.email.toLowerCase()) return null;
  try {
    await joinByInvite(tx, inviteId, user);
    return inviteId;
  } catch (err) {
    // Used up by a concurrent join between the look and the lock.
    if (err instanceof NotFoundError) return null;
    throw err;
  }
}
