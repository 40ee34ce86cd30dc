import { z } from 'zod';

export const PERMISSIONS = {
  admin: 'admin',
  adminAccess: 'admin.access',
  musicView: 'music.view',
  apiAccess: 'api.access',
  /** Upload files (quota: the `space` restriction, in MB). */
  filesCreate: 'files.create',
  /** The artists' area: upload and manage the artists the user is linked to. */
  backstageAccess: 'backstage.access',
  /** Download tracks and albums the artist allows downloads of (plans grant it). */
  musicDownload: 'music.download',
  /** Listen without the ad slots (plans grant it). */
  adsDisable: 'ads.disable',
} as const;

/** Finer admin permissions than `admin` (which grants everything), so narrower roles can exist. */
export const ADMIN_PERMISSIONS = {
  usersView: 'users.view',
  /** Edit plans, subscriptions, payments and billing settings. */
  billingManage: 'billing.manage',
  usersCreate: 'users.create',
  usersUpdate: 'users.update',
  usersDelete: 'users.delete',
  usersImpersonate: 'users.impersonate',
  rolesView: 'roles.view',
  rolesUpdate: 'roles.update',
  settingsUpdate: 'settings.update',
  /** The appearance editor: themes, menus, logos, the landing page, cookie notice, custom CSS. */
  appearanceUpdate: 'appearance.update',
  /** Custom HTML in the appearance editor (injected into every page). */
  appearanceCustomHtml: 'appearance.custom_html',
  /** The translation editor: languages, their lines, import and export. */
  localizationsUpdate: 'localizations.update',
  /** Radio stations: add, edit, hide, order and delete them, and the built-in station's rotation. */
  radioUpdate: 'radio.update',
  /** Custom pages (privacy policy, terms, about…): create, edit, hide, delete. */
  customPagesUpdate: 'custom_pages.update',
  /** Read the contact form's messages, mark them read or unread, export them. */
  contactMessagesView: 'contact_messages.view',
  /** Delete contact messages and send their mails again. */
  contactMessagesUpdate: 'contact_messages.update',
  artistsUpdate: 'artists.update',
  albumsUpdate: 'albums.update',
  tracksUpdate: 'tracks.update',
  genresUpdate: 'genres.update',
  channelsUpdate: 'channels.update',
  analyticsView: 'analytics.view',
  logsView: 'logs.view',
  backstageReview: 'backstage.review',
} as const;

export const restrictionSchema = z.object({ name: z.string(), value: z.number().nullable() });
export type Restriction = z.infer<typeof restrictionSchema>;

export const permissionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  restrictions: z.array(restrictionSchema),
});
export type Permission = z.infer<typeof permissionSchema>;

export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  permissions: z.array(permissionSchema).optional(),
});
export type Role = z.infer<typeof roleSchema>;

export const guestRoleSchema = roleSchema.extend({ permissions: z.array(permissionSchema) });
export type GuestRole = z.infer<typeof guestRoleSchema>;

export type PermissionHolder = { permissions: Pick<Permission, 'name' | 'restrictions'>[] };

/**
 * SPEC §6: a permission named `admin` grants everything; restrictions are quotas, and a usage at or
 * above the limit means over quota. One function, used by the server and by the web app.
 */
export function hasPermission(
  holder: PermissionHolder | null | undefined,
  name: string,
  opts: { restriction?: string; usage?: number } = {},
): boolean {
  if (!holder) return false;
  if (holder.permissions.some((p) => p.name === PERMISSIONS.admin)) return true;
  const perm = holder.permissions.find((p) => p.name === name);
  if (!perm) return false;
  if (opts.restriction !== undefined && opts.usage !== undefined) {
    const r = perm.restrictions.find((x) => x.name === opts.restriction);
    if (r && r.value !== null && opts.usage >= r.value) return false;
  }
  return true;
}

/** True when `usage` is at or above the quota `restriction` of permission `name` (SPEC §6). */
export function isOverQuota(
  holder: PermissionHolder | null | undefined,
  name: string,
  restriction: string,
  usage: number,
) {
  if (!holder) return true;
  if (holder.permissions.some((p) => p.name === PERMISSIONS.admin)) return false;
  const perm = holder.permissions.find((p) => p.name === name);
  const r = perm?.restrictions.find((x) => x.name === restriction);
  if (!r || r.value === null) return false;
  return usage >= r.value;
}
