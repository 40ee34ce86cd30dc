import {
  hasPermission,
  msg,
  PERMISSIONS,
  WORKSPACE_INVITE_DAYS,
  WORKSPACE_MEMBER_QUOTA_PERMISSION,
  WORKSPACE_ROLE_PERMISSIONS,
  type Workspace,
  type WorkspaceInvite,
  type WorkspaceMember,
  type WorkspaceRole,
  workspaceMemberLimitMessage,
} from '@zema/contracts';
import { and, asc, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database, Db } from '#src/db/client';
import { ForbiddenError, invalidInput, NotFoundError } from '#src/lib/errors';
import { randomToken } from '#src/lib/tokens';
import { userArtists } from '#src/modules/backstage/tables';
import { displayNameOf, loadUser } from '#src/modules/users/index';
import { users } from '#src/modules/users/tables';
import {
  workspaceArtists,
  workspaceInvites,
  workspaceMembers,
  workspaces,
} from '#src/modules/workspaces/tables';
import type { Deps } from '#src/platform/deps';
import { INVITE_NO_LONGER_VALID, INVITE_OTHER_EMAIL, joinByInvite, liveInvite } from './invites';
import { assertRoleAllows, memberRole } from './membership';
import { listWorkspaces, workspaceJson } from './workspace-list';

/**
 * Workspaces (decision 0034): create, rename, delete; members and their roles; invitations by
 * email (single use, bound to the email, 7 days); the artists shared with a workspace. Every call
 * names the workspace by id and is checked against the caller's membership and role here — the
 * path's id is never trusted.
 */

export const WORKSPACE_MESSAGES = {
  alreadyMember: (email: string) => `${email} is already a member of this workspace.`,
  quota: workspaceMemberLimitMessage,
  ownerRole: msg("The owner's role cannot be changed. Transfer the workspace first."),
  ownerLeaves: msg('The owner cannot leave the workspace. Transfer it to another member first.'),
  ownerRemoved: msg('The owner cannot be removed from the workspace.'),
  notMember: msg('This user is not a member of the workspace.'),
  transferToSelf: msg('You own this workspace already.'),
  notYourArtist: msg('You can only share an artist you manage.'),
  notShared: msg('This artist is not shared with the workspace.'),
  notYourShare: msg(
    "Only the artist's managers and the workspace's owner or admins can stop sharing this artist.",
  ),
  ownerOnly: msg('Only the owner can do this.'),
} as const;

const DAY_MS = 86_400_000;
const notFound = () => new NotFoundError();
const iso = (d: Date) => d.toISOString();

export { listWorkspaces };

async function membersCount(db: Db, workspaceId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.workspaceId, workspaceId));
  return Number(row?.n ?? 0);
}

/** The workspace and the caller's role there; 404 when it does not exist or they are not in it. */
async function membership(db: Db, userId: number, workspaceId: number) {
  const [row] = await db
    .select({ workspace: workspaces, role: workspaceMembers.role })
    .from(workspaces)
    .innerJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, workspaces.id), eq(workspaceMembers.userId, userId)),
    )
    .where(eq(workspaces.id, workspaceId));
  if (!row) throw notFound();
  return row;
}

export async function createWorkspace(db: Database, userId: number, name: string): Promise<Workspace> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(workspaces).values({ name, ownerId: userId }).returning();
    await tx.insert(workspaceMembers).values({ workspaceId: row!.id, userId, role: 'owner' });
    return workspaceJson(row!, 'owner', 1);
  });
}

async function membersOf(db: Db, workspaceId: number): Promise<WorkspaceMember[]> {
  const rows = await db
    .select({
      member: workspaceMembers,
      email: users.email,
      displayName: users.displayName,
      firstName: users.firstName,
      lastName: users.lastName,
      avatar: users.avatar,
    })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(asc(workspaceMembers.joinedAt), asc(workspaceMembers.userId));
  return rows.map((r) => ({
    user_id: r.member.userId,
    display_name: displayNameOf(r),
    email: r.email,
    avatar: r.avatar,
    role: r.member.role,
    joined_at: iso(r.member.joinedAt),
  }));
}

async function inviterNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      displayName: users.displayName,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, displayNameOf(r)]));
}

async function invitesJson(
  db: Db,
  rows: (typeof workspaceInvites.$inferSelect)[],
): Promise<WorkspaceInvite[]> {
  const names = await inviterNames(db, [
    ...new Set(rows.flatMap((r) => (r.invitedBy === null ? [] : [r.invitedBy]))),
  ]);
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    role: r.role,
    invited_by: r.invitedBy === null ? null : (names.get(r.invitedBy) ?? null),
    created_at: iso(r.createdAt),
    expires_at: iso(r.expiresAt),
  }));
}

/**
 * A workspace with its members and its invitations (those not expired, unless the caller may
 * invite: they see expired ones too, to resend or revoke them).
 */
export async function getWorkspace(db: Database, userId: number, workspaceId: number) {
  const { workspace, role } = await membership(db, userId, workspaceId);
  const members = await membersOf(db, workspaceId);
  const mayInvite = WORKSPACE_ROLE_PERMISSIONS[role].includes('workspace_members.invite');
  const inviteRows = await db
    .select()
    .from(workspaceInvites)
    .where(
      and(
        eq(workspaceInvites.workspaceId, workspaceId),
        mayInvite ? undefined : gt(workspaceInvites.expiresAt, new Date()),
      ),
    )
    .orderBy(asc(workspaceInvites.createdAt), asc(workspaceInvites.email));
  return {
    workspace: workspaceJson(workspace, role, members.length),
    members,
    invites: await invitesJson(db, inviteRows),
  };
}

export async function renameWorkspace(db: Database, userId: number, workspaceId: number, name: string) {
  const { role } = await membership(db, userId, workspaceId);
  assertRoleAllows(role, 'workspace.update');
  const [row] = await db
    .update(workspaces)
    .set({ name, updatedAt: new Date() })
    .where(eq(workspaces.id, workspaceId))
    .returning();
  return workspaceJson(row!, role, await membersCount(db, workspaceId));
}

/**
 * Deletes a workspace (owner only). Its members, invitations and artist shares go with it; the
 * artists themselves stay with their personal managers, and the uploads made in the workspace
 * go back to the personal space of whoever uploaded them (decision 0034): nothing a member
 * uploaded is lost with the team.
 */
export async function deleteWorkspace(
  deps: Pick<Deps, 'db' | 'events' | 'writeEvents'>,
  userId: number,
  workspaceId: number,
) {
  const { role } = await membership(deps.db, userId, workspaceId);
  if (role !== 'owner') throw new ForbiddenError(WORKSPACE_MESSAGES.ownerOnly);
  const closed = await deps.db.transaction(async (tx) => {
    const invites = await tx
      .select({ id: workspaceInvites.id })
      .from(workspaceInvites)
      .where(eq(workspaceInvites.workspaceId, workspaceId));
    // What was uploaded there returns to its uploaders' personal space (the uploads module).
    await deps.writeEvents.emit(tx, 'workspace.closing', { workspaceIds: [workspaceId] });
    await tx.delete(workspaces).where(eq(workspaces.id, workspaceId));
    return invites.map((i) => i.id);
  });
  for (const inviteId of closed) await deps.events.emit('workspace.invite_closed', { inviteId });
}

/**
 * The member cap of a workspace: the `max_members` restriction of the owner's
 * WORKSPACE_MEMBER_QUOTA_PERMISSION (their plan), null when there is none.
 */
async function memberCap(db: Database, ownerId: number): Promise<number | null> {
  const owner = await loadUser(db, ownerId);
  if (!owner) return null;
  const perm = owner.permissions.find((p) => p.name === WORKSPACE_MEMBER_QUOTA_PERMISSION);
  const limit = perm?.restrictions.find((r) => r.name === 'max_members')?.value ?? null;
  // `admin` lifts every quota (SPEC §6).
  return limit !== null && !hasPermission(owner, PERMISSIONS.admin) ? limit : null;
}

type InviteDeps = Pick<Deps, 'db' | 'events' | 'mail'>;

async function mailInvite(
  deps: InviteDeps,
  invite: { id: string; email: string; role: string },
  workspaceName: string,
  inviterName: string | null,
) {
  const [account] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, invite.email));
  deps.mail.sendWorkspaceInvite(invite.email, {
    inviteId: invite.id,
    email: invite.email,
    workspaceName,
    inviterName,
    role: invite.role,
    hasAccount: Boolean(account),
    days: WORKSPACE_INVITE_DAYS,
  });
  return account?.id ?? null;
}

/**
 * Invites people by email with a role. A current member is refused (422); a pending invitation
 * to the same email is replaced (a new link; the old one stops working). Members plus pending
 * invitations may not exceed the owner's member quota. Everyone invited gets a mail; someone
 * with an account also gets a notification (`workspace.invited`).
 */
export async function inviteMembers(
  deps: InviteDeps,
  inviter: { id: number; displayName: string },
  workspaceId: number,
  body: { emails: string[]; role: WorkspaceRole },
): Promise<WorkspaceInvite[]> {
  const { db } = deps;
  const { workspace, role } = await membership(db, inviter.id, workspaceId);
  assertRoleAllows(role, 'workspace_members.invite');
  const emails = [...new Set(body.emails.map((e) => e.toLowerCase()))];
  const now = new Date();

  const { created, replaced } = await db.transaction(async (tx) => {
    // One inviter at a time per workspace: the quota counts what the other one wrote.
    await tx
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId))
      .for('update');
    const members = await tx
      .select({ email: users.email })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(eq(workspaceMembers.workspaceId, workspaceId));
    const memberEmails = new Set(members.map((m) => m.email.toLowerCase()));
    const already = emails.filter((e) => memberEmails.has(e));
    if (already.length) throw invalidInput({ emails: already.map(WORKSPACE_MESSAGES.alreadyMember) });

    const pending = await tx
      .select({
        id: workspaceInvites.id,
        email: workspaceInvites.email,
        expiresAt: workspaceInvites.expiresAt,
      })
      .from(workspaceInvites)
      .where(eq(workspaceInvites.workspaceId, workspaceId));
    const cap = await memberCap(tx as unknown as Database, workspace.ownerId);
    if (cap !== null) {
      const otherPending = pending.filter((p) => p.expiresAt > now && !emails.includes(p.email)).length;
      if (members.length + otherPending + emails.length > cap)
        throw invalidInput({
          emails: [WORKSPACE_MESSAGES.quota(cap, workspace.ownerId === inviter.id)],
        });
    }
    const old = pending.filter((p) => emails.includes(p.email)).map((p) => p.id);
    if (old.length) await tx.delete(workspaceInvites).where(inArray(workspaceInvites.id, old));
    const rows = await tx
      .insert(workspaceInvites)
      .values(
        emails.map((email) => ({
          id: randomToken(24),
          workspaceId,
          email,
          role: body.role,
          invitedBy: inviter.id,
          createdAt: now,
          expiresAt: new Date(now.getTime() + WORKSPACE_INVITE_DAYS * DAY_MS),
        })),
      )
      .returning();
    return { created: rows, replaced: old };
  });

  for (const inviteId of replaced) await deps.events.emit('workspace.invite_closed', { inviteId });
  for (const invite of created) {
    const userId = await mailInvite(deps, invite, workspace.name, inviter.displayName);
    await deps.events.emit('workspace.invited', {
      inviteId: invite.id,
      workspaceId,
      email: invite.email,
      userId,
      inviterId: inviter.id,
      workspaceName: workspace.name,
      role: invite.role,
    });
  }
  return invitesJson(db, created);
}

async function inviteOf(db: Db, workspaceId: number, inviteId: string) {
  const [row] = await db
    .select()
    .from(workspaceInvites)
    .where(and(eq(workspaceInvites.id, inviteId), eq(workspaceInvites.workspaceId, workspaceId)));
  if (!row) throw new NotFoundError(INVITE_NO_LONGER_VALID);
  return row;
}

/** Sends an invitation again: the same link, 7 days from now. */
export async function resendInvite(
  deps: InviteDeps,
  inviter: { id: number; displayName: string },
  workspaceId: number,
  inviteId: string,
): Promise<WorkspaceInvite> {
  const { workspace, role } = await membership(deps.db, inviter.id, workspaceId);
  assertRoleAllows(role, 'workspace_members.invite');
  await inviteOf(deps.db, workspaceId, inviteId);
  const [row] = await deps.db
    .update(workspaceInvites)
    .set({ expiresAt: new Date(Date.now() + WORKSPACE_INVITE_DAYS * DAY_MS) })
    .where(eq(workspaceInvites.id, inviteId))
    .returning();
  await mailInvite(deps, row!, workspace.name, inviter.displayName);
  return (await invitesJson(deps.db, [row!]))[0]!;
}

export async function revokeInvite(
  deps: Pick<Deps, 'db' | 'events'>,
  userId: number,
  workspaceId: number,
  inviteId: string,
) {
  const { role } = await membership(deps.db, userId, workspaceId);
  assertRoleAllows(role, 'workspace_members.invite');
  await inviteOf(deps.db, workspaceId, inviteId);
  await deps.db.delete(workspaceInvites).where(eq(workspaceInvites.id, inviteId));
  await deps.events.emit('workspace.invite_closed', { inviteId });
}

async function targetRole(db: Db, workspaceId: number, userId: number): Promise<WorkspaceRole> {
  const role = await memberRole(db, userId, workspaceId);
  if (!role) throw new NotFoundError(WORKSPACE_MESSAGES.notMember);
  return role;
}

/** Changes a member's role (never the owner's: ownership moves by transfer only). */
export async function updateMemberRole(
  deps: Pick<Deps, 'db' | 'events'>,
  actorId: number,
  workspaceId: number,
  userId: number,
  newRole: WorkspaceRole,
): Promise<WorkspaceMember> {
  const { role, workspace } = await membership(deps.db, actorId, workspaceId);
  assertRoleAllows(role, 'workspace_members.update');
  const current = await targetRole(deps.db, workspaceId, userId);
  if (current === 'owner') throw new ForbiddenError(WORKSPACE_MESSAGES.ownerRole);
  // The request schema offers admin, editor and viewer only; this holds if it ever widens.
  if (newRole === 'owner') throw invalidInput({ role: [WORKSPACE_MESSAGES.ownerRole] });
  await deps.db
    .update(workspaceMembers)
    .set({ role: newRole })
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  if (userId !== actorId && current !== newRole)
    await deps.events.emit('workspace.member_changed', {
      workspaceId,
      userId,
      role: newRole,
      byUserId: actorId,
      workspaceName: workspace.name,
    });
  return (await membersOf(deps.db, workspaceId)).find((m) => m.user_id === userId)!;
}

/**
 * Removes a member, or leaves when it is the caller. The owner can neither leave nor be removed
 * (transfer first). Access ends at once: membership is read on every request.
 */
export async function removeMember(
  deps: Pick<Deps, 'db' | 'events'>,
  actorId: number,
  workspaceId: number,
  userId: number,
): Promise<'left' | 'removed'> {
  const { role, workspace } = await membership(deps.db, actorId, workspaceId);
  const leaving = userId === actorId;
  if (leaving) {
    if (role === 'owner') throw invalidInput({ user_id: [WORKSPACE_MESSAGES.ownerLeaves] });
  } else {
    assertRoleAllows(role, 'workspace_members.delete');
    const current = await targetRole(deps.db, workspaceId, userId);
    if (current === 'owner') throw new ForbiddenError(WORKSPACE_MESSAGES.ownerRemoved);
  }
  await deps.db
    .delete(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  if (!leaving)
    await deps.events.emit('workspace.member_changed', {
      workspaceId,
      userId,
      role: null,
      byUserId: actorId,
      workspaceName: workspace.name,
    });
  return leaving ? 'left' : 'removed';
}

/** Makes another member the owner; the previous owner stays as an admin. */
export async function transferWorkspace(
  db: Database,
  actorId: number,
  workspaceId: number,
  toUserId: number,
) {
  const { role } = await membership(db, actorId, workspaceId);
  if (role !== 'owner') throw new ForbiddenError(WORKSPACE_MESSAGES.ownerOnly);
  if (toUserId === actorId) throw invalidInput({ user_id: [WORKSPACE_MESSAGES.transferToSelf] });
  if (!(await memberRole(db, toUserId, workspaceId)))
    throw invalidInput({ user_id: [WORKSPACE_MESSAGES.notMember] });
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(workspaces)
      .set({ ownerId: toUserId, updatedAt: new Date() })
      .where(eq(workspaces.id, workspaceId))
      .returning();
    await tx
      .update(workspaceMembers)
      .set({ role: 'owner' })
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, toUserId)));
    await tx
      .update(workspaceMembers)
      .set({ role: 'admin' })
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, actorId)));
    return updated!;
  });
  return workspaceJson(row, 'admin', await membersCount(db, workspaceId));
}

/** Shares an artist the caller manages personally with a workspace where they may edit the catalogue. */
export async function shareArtist(db: Database, userId: number, workspaceId: number, artistId: number) {
  const { role } = await membership(db, userId, workspaceId);
  assertRoleAllows(role, 'workspace_catalogue.update');
  const [link] = await db
    .select({ id: userArtists.artistId })
    .from(userArtists)
    .where(and(eq(userArtists.userId, userId), eq(userArtists.artistId, artistId)));
  if (!link) throw invalidInput({ artist_id: [WORKSPACE_MESSAGES.notYourArtist] });
  await db.insert(workspaceArtists).values({ workspaceId, artistId, addedBy: userId }).onConflictDoNothing();
}

/**
 * Stops sharing an artist with a workspace. Sharing is the artist's managers' choice and the
 * workspace's owner's and admins': an editor works on every shared artist but takes away only one
 * they manage themselves, so a member cannot remove another's artist from the team.
 */
export async function unshareArtist(db: Database, userId: number, workspaceId: number, artistId: number) {
  const { role } = await membership(db, userId, workspaceId);
  assertRoleAllows(role, 'workspace_catalogue.update');
  if (role !== 'owner' && role !== 'admin') {
    const [link] = await db
      .select({ id: userArtists.artistId })
      .from(userArtists)
      .where(and(eq(userArtists.userId, userId), eq(userArtists.artistId, artistId)));
    if (!link) throw new ForbiddenError(WORKSPACE_MESSAGES.notYourShare);
  }
  const removed = await db
    .delete(workspaceArtists)
    .where(and(eq(workspaceArtists.workspaceId, workspaceId), eq(workspaceArtists.artistId, artistId)))
    .returning({ id: workspaceArtists.artistId });
  if (!removed.length) throw new NotFoundError(WORKSPACE_MESSAGES.notShared);
}

/** What the join pages show before sign-in; 404 for an unknown, expired or used invitation. */
export async function previewInvite(db: Database, inviteId: string) {
  const found = await liveInvite(db, inviteId);
  if (!found) throw new NotFoundError(INVITE_NO_LONGER_VALID);
  const { invite, workspace } = found;
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, invite.email));
  const names = await inviterNames(db, invite.invitedBy === null ? [] : [invite.invitedBy]);
  return {
    id: invite.id,
    workspace_name: workspace.name,
    email: invite.email,
    role: invite.role,
    invited_by: invite.invitedBy === null ? null : (names.get(invite.invitedBy) ?? null),
    expires_at: iso(invite.expiresAt),
    has_account: Boolean(account),
  };
}

/** SPEC §7 GET workspace/join/{inviteId}: joins with the invitation sent to the caller's email. */
export async function joinWorkspace(
  deps: Pick<Deps, 'db' | 'events'>,
  user: { id: number; email: string },
  inviteId: string,
): Promise<Workspace> {
  const invite = await deps.db.transaction((tx) => joinByInvite(tx, inviteId, user));
  await deps.events.emit('workspace.invite_closed', { inviteId });
  const { workspace, role } = await membership(deps.db, user.id, invite.workspaceId);
  return workspaceJson(workspace, role, await membersCount(deps.db, workspace.id));
}

/** SPEC §7 DELETE workspace/invite/{inviteId}: declines (only the invited account may). */
export async function declineInvite(
  deps: Pick<Deps, 'db' | 'events'>,
  user: { id: number; email: string },
  inviteId: string,
) {
  const found = await liveInvite(deps.db, inviteId);
  if (!found) throw new NotFoundError(INVITE_NO_LONGER_VALID);
  if (found.invite.email !== user.email.toLowerCase()) throw new ForbiddenError(INVITE_OTHER_EMAIL);
  const deleted = await deps.db
    .delete(workspaceInvites)
    .where(eq(workspaceInvites.id, inviteId))
    .returning({ id: workspaceInvites.id });
  // Joined or declined elsewhere in the meantime.
  if (!deleted.length) throw new NotFoundError(INVITE_NO_LONGER_VALID);
  await deps.events.emit('workspace.invite_closed', { inviteId });
}
