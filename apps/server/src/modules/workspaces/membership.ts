import {
  DEFAULT_WORKSPACE_ID,
  msg,
  WORKSPACE_ROLE_PERMISSIONS,
  type WorkspacePermission,
  type WorkspaceRole,
} from '@zema/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '#src/db/client';
import type { Caller } from '#src/lib/caller';
import { ForbiddenError } from '#src/lib/errors';
import { workspaceMembers } from '#src/modules/workspaces/tables';

/**
 * Who acts, and in which workspace: plain values a route takes from its caller (http/caller.ts)
 * so services never read a request. `workspaceId` 0 is the personal workspace (role null).
 */
export type WorkspaceScope = { userId: number; workspaceId: number; workspaceRole: WorkspaceRole | null };

/** The scope of a route's caller: their id, the workspace the request named and their role there. */
export function scopeOf(caller: Pick<Caller, 'user' | 'workspace'>): WorkspaceScope {
  return { userId: caller.user.id, workspaceId: caller.workspace.id, workspaceRole: caller.workspace.role };
}

export const WORKSPACE_ERRORS = {
  notPermitted: msg('Your role in this workspace does not allow this.'),
} as const;

/** The user's role in a workspace, or null when they are not a member (or it does not exist). */
export async function memberRole(db: Db, userId: number, workspaceId: number): Promise<WorkspaceRole | null> {
  const [row] = await db
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  return row?.role ?? null;
}

export function roleAllows(role: WorkspaceRole | null, permission: WorkspacePermission): boolean {
  return role !== null && WORKSPACE_ROLE_PERMISSIONS[role].includes(permission);
}

/** 403 unless the role in the workspace gives `permission`. */
export function assertRoleAllows(role: WorkspaceRole | null, permission: WorkspacePermission): void {
  if (!roleAllows(role, permission)) throw new ForbiddenError(WORKSPACE_ERRORS.notPermitted);
}

export const isPersonal = (scope: Pick<WorkspaceScope, 'workspaceId'>) =>
  scope.workspaceId === DEFAULT_WORKSPACE_ID;

/**
 * The workspace an upload belongs to: the active one when the caller may edit its catalogue,
 * else their personal space (a viewer's avatar or proof file is theirs, not the team's).
 */
export function uploadWorkspaceId(workspace: { id: number; role: WorkspaceRole | null }): number {
  return workspace.id !== DEFAULT_WORKSPACE_ID && roleAllows(workspace.role, 'workspace_catalogue.update')
    ? workspace.id
    : DEFAULT_WORKSPACE_ID;
}
