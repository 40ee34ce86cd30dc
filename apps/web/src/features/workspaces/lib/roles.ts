import {
  ASSIGNABLE_WORKSPACE_ROLES,
  WORKSPACE_ROLE_LABELS,
  type Workspace,
  type WorkspaceRole,
} from '@zema/contracts';

export const ROLE_DESCRIPTIONS: Record<WorkspaceRole, string> = {
  owner: 'Everything, including deleting the workspace',
  admin: 'Manages members, invitations and the catalogue',
  editor: 'Edits the artists, releases and uploads',
  viewer: 'Sees the catalogue and its insights',
};

/** The roles an invitation or a role change may give, for a select. */
export const assignableRoleOptions = ASSIGNABLE_WORKSPACE_ROLES.map((role) => ({
  id: role,
  label: WORKSPACE_ROLE_LABELS[role],
  description: ROLE_DESCRIPTIONS[role],
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
