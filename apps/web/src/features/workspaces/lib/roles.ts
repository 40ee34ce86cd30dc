import {
  ASSIGNABLE_WORKSPACE_ROLES,
  msg,
  WORKSPACE_ROLE_LABELS,
  type Workspace,
  type WorkspaceRole,
} from '@zema/contracts';
import type { TransFn } from '#src/lib/i18n';

export const ROLE_DESCRIPTIONS: Record<WorkspaceRole, string> = {
  owner: msg('Everything, including deleting the workspace'),
  admin: msg('Manages members, invitations and the catalogue'),
  editor: msg('Edits the artists, releases and uploads'),
  viewer: msg('Sees the catalogue and its insights'),
};

/** The roles an invitation or a role change may give, for a select, in the reader's language. */
export const assignableRoleOptions = (trans: TransFn) =>
  ASSIGNABLE_WORKSPACE_ROLES.map((role) => ({
    id: role,
    label: trans(WORKSPACE_ROLE_LABELS[role]),
    description: trans(ROLE_DESCRIPTIONS[role]),
  }));

/** What the caller may do in a workspace, from the server's answer (never guessed from the role). */
export function workspaceAbilities(workspace: Pick<Workspace, 'permissions' | 'role'>) {
  const can = (permission: string) => workspace.permissions?.includes(permission) ?? false;
  const isOwner = workspace.role === 'owner';
  return {
    isOwner,
    rename: can('workspace.update'),
    delete: isOwner && can('workspace.delete'),
    invite: can('workspace_members.invite'),
    changeRoles: can('workspace_members.update'),
    removeMembers: can('workspace_members.delete'),
    transfer: isOwner,
    shareArtists: can('workspace_catalogue.update'),
    unshareArtists: can('workspace_catalogue.update'),
  };
}
export type WorkspaceAbilities = ReturnType<typeof workspaceAbilities>;
