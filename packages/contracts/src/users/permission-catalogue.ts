import { msg } from '../i18n/messages';
import { ADMIN_PERMISSIONS, PERMISSIONS } from '../permissions';
import { WORKSPACE_MEMBER_QUOTA_PERMISSION } from '../workspaces/workspaces';

/** A quota a permission supports (SPEC §6: a usage at or above the value is over quota). */
export type RestrictionDefinition = { name: string; label: string; description: string };

/**
 * Every permission the app knows: the server seeds the `permissions` table from it, the admin's
 * role and user editors list it, and the API docs describe it. One source, so a route cannot ask
 * for a permission no role can be given.
 */
export type PermissionDefinition = {
  name: string;
  displayName: string;
  group: PermissionGroup;
  description: string;
  restrictions: RestrictionDefinition[];
};

export const PERMISSION_GROUPS = [
  'admin',
  'music',
  'api',
  'users',
  'roles',
  'settings',
  'appearance',
  'contact',
  'catalogue',
  'analytics',
  'system',
  'files',
  'backstage',
  'workspaces',
  'billing',
] as const;
export type PermissionGroup = (typeof PERMISSION_GROUPS)[number];

export const PERMISSION_GROUP_LABELS: Record<PermissionGroup, string> = {
  admin: msg('Administration'),
  music: msg('Music'),
  api: msg('API'),
  users: msg('Users'),
  roles: msg('Roles'),
  settings: msg('Settings'),
  appearance: msg('Appearance'),
  contact: msg('Contact messages'),
  catalogue: msg('Catalogue'),
  analytics: msg('Analytics'),
  system: msg('System'),
  files: msg('Files'),
  backstage: msg('Backstage'),
  workspaces: msg('Workspaces'),
  billing: msg('Billing'),
};

const p = (
  name: string,
  displayName: string,
  group: PermissionGroup,
  description: string,
  restrictions: RestrictionDefinition[] = [],
): PermissionDefinition => ({ name, displayName, group, description, restrictions });

const A = ADMIN_PERMISSIONS;

export const PERMISSION_CATALOGUE: readonly PermissionDefinition[] = [
  p(PERMISSIONS.admin, msg('Super admin'), 'admin', msg('Grants every permission, present and future.')),
  p(
    PERMISSIONS.adminAccess,
    msg('Access admin area'),
    'admin',
    msg('Open the /admin area. Give it with the permissions of the sections the role may use.'),
  ),
  p(
    PERMISSIONS.musicView,
    msg('View music'),
    'music',
    msg('Browse and play the catalogue (the guest role needs it too).'),
  ),
  p(
    PERMISSIONS.musicDownload,
    msg('Download music'),
    'music',
    msg('Download tracks and albums whose artist allows downloads (usually granted by a paid plan).'),
  ),
  p(
    PERMISSIONS.adsDisable,
    msg('No ads'),
    'music',
    msg('Listen without the ad slots (usually granted by a paid plan).'),
  ),
  p(PERMISSIONS.apiAccess, msg('Access API'), 'api', msg('Create personal access tokens and call the API.')),
  p(A.usersView, msg('View users'), 'users', msg('List users and open their pages in the admin area.')),
  p(A.usersCreate, msg('Create users'), 'users', msg('Create accounts, with or without an invitation mail.')),
  p(
    A.usersUpdate,
    msg('Update users'),
    'users',
    msg('Edit accounts, their roles and permissions; suspend, verify, end sessions, reset two-factor.'),
  ),
  p(A.usersDelete, msg('Delete users'), 'users', msg('Delete accounts, one by one or in bulk.')),
  p(
    A.usersImpersonate,
    msg('Log in as users'),
    'users',
    msg('Sign in as another user (never another admin) to see what they see; audited.'),
  ),
  p(A.rolesView, msg('View roles'), 'roles', msg('List roles and their members.')),
  p(
    A.rolesUpdate,
    msg('Manage roles'),
    'roles',
    msg("Create, edit and delete roles and change the guest role's permissions."),
  ),
  p(A.settingsUpdate, msg('Manage settings'), 'settings', msg('Read and change the site settings.')),
  p(
    A.appearanceUpdate,
    msg('Edit the appearance'),
    'appearance',
    msg('Change themes, menus, logos, the landing page, the cookie notice and custom CSS, and publish them.'),
  ),
  p(
    A.appearanceCustomHtml,
    msg('Edit custom HTML'),
    'appearance',
    msg('Add custom HTML to every page in the appearance editor (scripts and event handlers are removed).'),
  ),
  p(
    A.localizationsUpdate,
    msg('Manage translations'),
    'settings',
    msg('Add, rename and delete languages, translate their lines, and import or export them as JSON.'),
  ),
  p(
    A.customPagesUpdate,
    msg('Manage custom pages'),
    'appearance',
    msg('Create, edit, hide and delete custom pages (privacy policy, terms, about…), and read hidden ones.'),
  ),
  p(
    A.radioUpdate,
    msg('Manage radio stations'),
    'appearance',
    msg('Add, edit, order, hide and delete radio stations, and choose what the built-in station plays.'),
  ),
  p(
    A.contactMessagesView,
    msg('Read contact messages'),
    'contact',
    msg("Read the contact form's messages, mark them read or unread, and export them."),
  ),
  p(
    A.contactMessagesUpdate,
    msg('Manage contact messages'),
    'contact',
    msg('Delete contact messages and try their mails again.'),
  ),
  p(A.artistsUpdate, msg('Manage artists'), 'catalogue', msg('Create, edit and delete artists.')),
  p(A.albumsUpdate, msg('Manage albums'), 'catalogue', msg('Create, edit and delete albums.')),
  p(
    A.tracksUpdate,
    msg('Manage tracks'),
    'catalogue',
    msg('Create, edit and delete tracks and their audio.'),
  ),
  p(A.genresUpdate, msg('Manage genres'), 'catalogue', msg('Create, edit and delete genres.')),
  p(A.channelsUpdate, msg('Manage channels'), 'catalogue', msg('Create, edit and delete channels.')),
  p(
    A.analyticsView,
    msg('View analytics'),
    'analytics',
    msg('See the dashboard: plays, listeners and growth.'),
  ),
  p(
    A.billingManage,
    msg('Manage billing'),
    'billing',
    msg('Edit plans and prices, see and change subscriptions and payments, and the billing settings.'),
  ),
  p(A.logsView, msg('View logs'), 'system', msg('Read the error, mail and audit logs and the health page.')),
  p(PERMISSIONS.filesCreate, msg('Upload files'), 'files', msg('Upload files (tracks, images, proofs).'), [
    {
      name: 'space',
      label: msg('Space (MB)'),
      description: msg('Storage the user may fill with uploads, in MB.'),
    },
  ]),
  p(
    PERMISSIONS.backstageAccess,
    msg('Backstage'),
    'backstage',
    msg("Use the artists' backstage for the artists the user is linked to: upload, edit, insights."),
  ),
  p(
    A.backstageReview,
    msg('Review backstage requests'),
    'backstage',
    msg('Approve or deny requests to become, claim or verify an artist.'),
  ),
  // Every user may create workspaces; this permission carries the member quota plans set.
  p(
    WORKSPACE_MEMBER_QUOTA_PERMISSION,
    msg('Workspaces'),
    'workspaces',
    msg('Create workspaces and invite members. Without a member limit, workspaces have no cap.'),
    [
      {
        name: 'max_members',
        label: msg('Members per workspace'),
        description: msg('How many members and pending invitations a workspace the user owns may have.'),
      },
    ],
  ),
];

const BY_NAME = new Map(PERMISSION_CATALOGUE.map((d) => [d.name, d]));

/** The catalogue entry of a permission, or undefined for a name the app does not know. */
export function permissionDefinition(name: string): PermissionDefinition | undefined {
  return BY_NAME.get(name);
}

/** A grant's restrictions, keeping only those the catalogue says its permission supports. */
export function supportedRestrictions<R extends { name: string }>(grant: {
  name: string;
  restrictions: R[];
}): R[] {
  const known = new Set(permissionDefinition(grant.name)?.restrictions.map((r) => r.name) ?? []);
  return grant.restrictions.filter((r) => known.has(r.name));
}
