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
  admin: 'Administration',
  music: 'Music',
  api: 'API',
  users: 'Users',
  roles: 'Roles',
  settings: 'Settings',
  appearance: 'Appearance',
  contact: 'Contact messages',
  catalogue: 'Catalogue',
  analytics: 'Analytics',
  system: 'System',
  files: 'Files',
  backstage: 'Backstage',
  workspaces: 'Workspaces',
  billing: 'Billing',
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
  p(PERMISSIONS.admin, 'Super admin', 'admin', 'Grants every permission, present and future.'),
  p(
    PERMISSIONS.adminAccess,
    'Access admin area',
    'admin',
    'Open the /admin area. Give it with the permissions of the sections the role may use.',
  ),
  p(
    PERMISSIONS.musicView,
    'View music',
    'music',
    'Browse and play the catalogue (the guest role needs it too).',
  ),
  p(
    PERMISSIONS.musicDownload,
    'Download music',
    'music',
    'Download tracks and albums whose artist allows downloads (usually granted by a paid plan).',
  ),
  p(
    PERMISSIONS.adsDisable,
    'No ads',
    'music',
    'Listen without the ad slots (usually granted by a paid plan).',
  ),
  p(PERMISSIONS.apiAccess, 'Access API', 'api', 'Create personal access tokens and call the API.'),
  p(A.usersView, 'View users', 'users', 'List users and open their pages in the admin area.'),
  p(A.usersCreate, 'Create users', 'users', 'Create accounts, with or without an invitation mail.'),
  p(
    A.usersUpdate,
    'Update users',
    'users',
    'Edit accounts, their roles and permissions; suspend, verify, end sessions, reset two-factor.',
  ),
  p(A.usersDelete, 'Delete users', 'users', 'Delete accounts, one by one or in bulk.'),
  p(
    A.usersImpersonate,
    'Log in as users',
    'users',
    'Sign in as another user (never another admin) to see what they see; audited.',
  ),
  p(A.rolesView, 'View roles', 'roles', 'List roles and their members.'),
  p(
    A.rolesUpdate,
    'Manage roles',
    'roles',
    "Create, edit and delete roles and change the guest role's permissions.",
  ),
  p(A.settingsUpdate, 'Manage settings', 'settings', 'Read and change the site settings.'),
  p(
    A.appearanceUpdate,
    'Edit the appearance',
    'appearance',
    'Change themes, menus, logos, the landing page, the cookie notice and custom CSS, and publish them.',
  ),
  p(
    A.appearanceCustomHtml,
    'Edit custom HTML',
    'appearance',
    'Add custom HTML to every page in the appearance editor (scripts and event handlers are removed).',
  ),
  p(
    A.customPagesUpdate,
    'Manage custom pages',
    'appearance',
    'Create, edit, hide and delete custom pages (privacy policy, terms, about…), and read hidden ones.',
  ),
  p(
    A.contactMessagesView,
    'Read contact messages',
    'contact',
    "Read the contact form's messages, mark them read or unread, and export them.",
  ),
  p(
    A.contactMessagesUpdate,
    'Manage contact messages',
    'contact',
    'Delete contact messages and try their mails again.',
  ),
  p(A.artistsUpdate, 'Manage artists', 'catalogue', 'Create, edit and delete artists.'),
  p(A.albumsUpdate, 'Manage albums', 'catalogue', 'Create, edit and delete albums.'),
  p(A.tracksUpdate, 'Manage tracks', 'catalogue', 'Create, edit and delete tracks and their audio.'),
  p(A.genresUpdate, 'Manage genres', 'catalogue', 'Create, edit and delete genres.'),
  p(A.channelsUpdate, 'Manage channels', 'catalogue', 'Create, edit and delete channels.'),
  p(A.analyticsView, 'View analytics', 'analytics', 'See the dashboard: plays, listeners and growth.'),
  p(
    A.billingManage,
    'Manage billing',
    'billing',
    'Edit plans and prices, see and change subscriptions and payments, and the billing settings.',
  ),
  p(A.logsView, 'View logs', 'system', 'Read the error, mail and audit logs and the health page.'),
  p(PERMISSIONS.filesCreate, 'Upload files', 'files', 'Upload files (tracks, images, proofs).', [
    { name: 'space', label: 'Space (MB)', description: 'Storage the user may fill with uploads, in MB.' },
  ]),
  p(
    PERMISSIONS.backstageAccess,
    'Backstage',
    'backstage',
    "Use the artists' backstage for the artists the user is linked to: upload, edit, insights.",
  ),
  p(
    A.backstageReview,
    'Review backstage requests',
    'backstage',
    'Approve or deny requests to become, claim or verify an artist.',
  ),
  // Every user may create workspaces; this permission carries the member quota plans set.
  p(
    WORKSPACE_MEMBER_QUOTA_PERMISSION,
    'Workspaces',
    'workspaces',
    'Create workspaces and invite members. Without a member limit, workspaces have no cap.',
    [
      {
        name: 'max_members',
        label: 'Members per workspace',
        description: 'How many members and pending invitations a workspace the user owns may have.',
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
