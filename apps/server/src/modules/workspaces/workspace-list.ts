import {
  DEFAULT_WORKSPACE_ID,
  WORKSPACE_ROLE_PERMISSIONS,
  type Workspace,
  type WorkspaceRole,
} from '@zema/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client';
import { workspaceMembers, workspaces } from '#src/modules/workspaces/tables';

/** SPEC §3: everyone's personal workspace. */
export const PERSONAL_WORKSPACE: Workspace = {
  id: DEFAULT_WORKSPACE_ID,
  name: 'Default',
  members_count: 1,
  default: true,
};

export type WorkspaceRow = typeof workspaces.$inferSelect;

/** A workspace as the API shows it to a member with `role`. */
export function workspaceJson(row: WorkspaceRow, role: WorkspaceRole, membersCount: number): Workspace {
  return {
    id: row.id,
    name: row.name,
    members_count: membersCount,
    default: false,
    owner_id: row.ownerId,
    role,
    permissions: [...WORKSPACE_ROLE_PERMISSIONS[role]],
    created_at: row.createdAt.toISOString(),
  };
}

/** The personal workspace first, then the user's workspaces by name, with their member counts. */
export async function listWorkspaces(db: Db, userId: number): Promise<Workspace[]> {
  const rows = await db
    .select({
      workspace: workspaces,
      role: workspaceMembers.role,
      members: sql<number>`(select count(*)::int from ${workspaceMembers} m where m.workspace_id = ${workspaces.id})`,
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(sql`lower(${workspaces.name})`, asc(workspaces.id));
  return [PERSONAL_WORKSPACE, ...rows.map((r) => workspaceJson(r.workspace, r.role, Number(r.members)))];
}
