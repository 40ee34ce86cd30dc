import { z } from 'zod';
import { msg } from '../i18n/messages';
import { idSchema } from '../primitives';

/**
 * Workspaces: teams that share a backstage (SPEC §1, §2, §3, §4, §7, §8; decision 0034).
 *
 * The personal workspace (id 0, "Default") is always there and needs no membership. Any other
 * workspace id a request names (`?workspaceId=`) is checked against the caller's membership and
 * the route's workspace permission; it is never trusted.
 *
 * - GET workspaces                                   -> {workspaces} the caller belongs to (0 first)
 * - POST workspaces {name}                           -> {workspace}
 * - GET workspaces/{id}                              -> {workspace, members, invites}
 * - PUT workspaces/{id} {name}                       -> {workspace} (workspace.update)
 * - DELETE workspaces/{id}                           -> {message} (owner only)
 * - POST workspaces/{id}/invites {emails, role}      -> {invites} (workspace_members.invite)
 * - POST workspaces/{id}/invites/{inviteId}/resend   -> {invite}
 * - DELETE workspaces/{id}/invites/{inviteId}        -> {message} (revoke)
 * - PUT workspaces/{id}/members/{userId} {role}      -> {member} (workspace_members.update)
 * - DELETE workspaces/{id}/members/{userId}          -> {message} (remove; yourself = leave)
 * - POST workspaces/{id}/transfer {user_id}          -> {workspace} (owner only)
 * - GET workspace/invites/{inviteId}                 -> {invite} preview for the join pages
 * - GET workspace/join/{inviteId}                    -> {workspace} (SPEC §7: joins)
 * - DELETE workspace/invite/{inviteId}               -> {message} (SPEC §7: declines)
 * - POST workspaces/{id}/artists {artist_id}         -> {message} share an artist you manage
 * - DELETE workspaces/{id}/artists/{artistId}        -> {message}
 */

export const WORKSPACE_ROLES = ['owner', 'admin', 'editor', 'viewer'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];
/** How each role reads in the app (settings, invitations, the backstage's artist cards). */
export const WORKSPACE_ROLE_LABELS: Record<WorkspaceRole, string> = {
  owner: msg('Owner'),
  admin: msg('Admin'),
  editor: msg('Editor'),
  viewer: msg('Viewer'),
};
/** Roles an invitation or a role change may give (ownership moves by transfer only). */
export const ASSIGNABLE_WORKSPACE_ROLES = ['admin', 'editor', 'viewer'] as const;

export const WORKSPACE_PERMISSIONS = [
  'workspace.update',
  'workspace.delete',
  'workspace_members.invite',
  'workspace_members.update',
  'workspace_members.delete',
  /** Create and edit the workspace's artists, albums, tracks and uploads. */
  'workspace_catalogue.update',
  /** See the workspace's backstage: artists, releases, uploads. */
  'workspace_catalogue.view',
  'workspace_insights.view',
] as const;
export type WorkspacePermission = (typeof WORKSPACE_PERMISSIONS)[number];

/** What each role may do; `owner` alone may delete the workspace and transfer it. */
export const WORKSPACE_ROLE_PERMISSIONS: Record<WorkspaceRole, readonly WorkspacePermission[]> = {
  owner: WORKSPACE_PERMISSIONS,
  admin: [
    'workspace.update',
    'workspace_members.invite',
    'workspace_members.update',
    'workspace_members.delete',
    'workspace_catalogue.update',
    'workspace_catalogue.view',
    'workspace_insights.view',
  ],
  editor: ['workspace_catalogue.update', 'workspace_catalogue.view', 'workspace_insights.view'],
  viewer: ['workspace_catalogue.view', 'workspace_insights.view'],
};

/** Invitations expire after 7 days. */
export const WORKSPACE_INVITE_DAYS = 7;
/**
 * The permission whose `max_members` restriction caps a workspace's members (plans set it; none =
 * no cap).
 */
export const WORKSPACE_MEMBER_QUOTA_PERMISSION = 'workspaces.create';

/**
 * The 422 of an invitation past the member cap (on `errors.emails`). `ownPlan`: the inviter owns
 * the workspace, so the cap is their plan's and the web offers them the upgrade dialog.
 */
export function workspaceMemberLimitMessage(max: number, ownPlan: boolean): string {
  const who = ownPlan ? 'Your plan allows' : "The owner's plan allows";
  return `${who} ${max} member${max === 1 ? '' : 's'} in a workspace, pending invitations included. Remove a member or revoke an invitation first${ownPlan ? ', or upgrade your plan' : ''}.`;
}

/** Whether a message is the member cap of the inviter's own plan (the web shows the upgrade dialog). */
export const isOwnMemberLimitMessage = (message: string) =>
  /^Your plan allows \d+ members? in a workspace/.test(message);

export const workspaceNameSchema = z
  .string()
  .trim()
  .min(1, msg('Give the workspace a name.'))
  .max(100, msg('A workspace name is at most 100 characters.'));

/** SPEC §3 Workspace, plus the caller's role and what it allows. */
export const workspaceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  members_count: z.number().int(),
  default: z.boolean(),
  owner_id: z.number().int().nullable().optional(),
  /** The caller's role (null for the personal workspace). */
  role: z.enum(WORKSPACE_ROLES).nullable().optional(),
  permissions: z.array(z.string()).optional(),
  created_at: z.string().nullable().optional(),
});
export type Workspace = z.infer<typeof workspaceSchema>;

export const workspaceMemberSchema = z.object({
  user_id: z.number().int(),
  display_name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  role: z.enum(WORKSPACE_ROLES),
  joined_at: z.string(),
});
export type WorkspaceMember = z.infer<typeof workspaceMemberSchema>;

export const workspaceInviteSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(WORKSPACE_ROLES),
  invited_by: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type WorkspaceInvite = z.infer<typeof workspaceInviteSchema>;

/** What the join pages show about an invitation before the visitor signs in or registers. */
export const workspaceInvitePreviewSchema = z.object({
  id: z.string(),
  workspace_name: z.string(),
  email: z.string(),
  role: z.enum(WORKSPACE_ROLES),
  invited_by: z.string().nullable(),
  expires_at: z.string(),
  /** Whether an account with this email exists (login rather than register). */
  has_account: z.boolean(),
});

const inviteEmail = z.string().trim().toLowerCase().email(msg('Enter a valid email address.')).max(255);

export const createWorkspaceRequestSchema = z.object({ name: workspaceNameSchema });
export const updateWorkspaceRequestSchema = z.object({ name: workspaceNameSchema });
export const inviteWorkspaceMembersRequestSchema = z.object({
  emails: z.array(inviteEmail).min(1, msg('Enter at least one email address.')).max(20),
  role: z.enum(ASSIGNABLE_WORKSPACE_ROLES),
});
export const updateWorkspaceMemberRequestSchema = z.object({ role: z.enum(ASSIGNABLE_WORKSPACE_ROLES) });
export const transferWorkspaceRequestSchema = z.object({ user_id: idSchema });
export const shareWorkspaceArtistRequestSchema = z.object({ artist_id: idSchema });

/** An invite id: a random, unguessable token (it travels in mail links). */
export const inviteIdParamSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, msg('This invite is no longer valid'));
