import type { AccessToken, AccountUser, GuestRole, Permission, Restriction, User } from '@zema/contracts';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { loadEntitlements } from '#src/modules/billing/index';
import { personalAccessTokens, socialProfiles } from '#src/modules/identity/tables';
import {
  permissionRole,
  permissions,
  roles,
  userPermission,
  userRole,
  users,
} from '#src/modules/users/tables';
import type { SharedCache } from '#src/platform/shared-cache';

type PermissionGrant = { id: number; name: string; restrictions: Restriction[] };

/**
 * The same permission granted twice (two roles, or a role and the user) keeps the most generous
 * quota for each restriction: null (unlimited) beats any number, a higher number beats a lower.
 */
export function mergePermissions(grants: PermissionGrant[]): Permission[] {
  const byName = new Map<string, Permission>();
  for (const g of grants) {
    const existing = byName.get(g.name);
    if (!existing) {
      byName.set(g.name, { id: g.id, name: g.name, restrictions: g.restrictions.map((r) => ({ ...r })) });
      continue;
    }
    for (const r of g.restrictions) {
      const current = existing.restrictions.find((x) => x.name === r.name);
      if (!current) continue; // The other grant has no such limit, which is already more generous.
      if (current.value === null || r.value === null) current.value = null;
      else current.value = Math.max(current.value, r.value);
    }
    // A grant without a restriction lifts the limit the other grant had.
    existing.restrictions = existing.restrictions.filter((x) =>
      g.restrictions.some((r) => r.name === x.name),
    );
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function displayNameOf(u: {
  displayName: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string;
}) {
  if (u.displayName) return u.displayName;
  const full = [u.firstName, u.lastName].filter(Boolean).join(' ');
  return full || u.email.split('@')[0]!;
}

/** The user as bootstrap data and `request.user` carry it; null when the id does not exist. */
export async function loadUser(db: Database, userId: number): Promise<User | null> {
  const [record, unread] = await Promise.all([loadUserRecord(db, userId), unreadNotifications(db, userId)]);
  return record ? { ...record.user, unread_notifications_count: unread } : null;
}

type UnreadCount = (db: Database, userId: number) => Promise<number>;
let unreadNotifications: UnreadCount = async () => 0;

/**
 * Where the bell's badge (SPEC §4) comes from: the notifications module, which owns the table,
 * sets it at register. Stateless (it takes the database), so every app of a process may set it.
 */
export function countUnreadNotificationsWith(count: UnreadCount): void {
  unreadNotifications = count;
}

/**
 * The user without their unread count (which changes far more often), and whether the account is
 * suspended: what the signed-in cache keeps (modules/identity/signed-in.ts).
 */
export type UserRecord = {
  user: Omit<User, 'unread_notifications_count'>;
  suspendedAt: number | null;
  suspendedUntil: number | null;
};

export async function loadUserRecord(db: Database, userId: number): Promise<UserRecord | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) return null;
  const roleRows = await db
    .select({ id: roles.id, name: roles.name, slug: roles.slug })
    .from(userRole)
    .innerJoin(roles, eq(roles.id, userRole.roleId))
    .where(eq(userRole.userId, userId))
    .orderBy(roles.id);
  const [roleGrants, userGrants, socialRows, plan] = await Promise.all([
    roleRows.length
      ? db
          .select({ id: permissions.id, name: permissions.name, restrictions: permissionRole.restrictions })
          .from(permissionRole)
          .innerJoin(permissions, eq(permissions.id, permissionRole.permissionId))
          .where(
            inArray(
              permissionRole.roleId,
              roleRows.map((r) => r.id),
            ),
          )
      : [],
    db
      .select({ id: permissions.id, name: permissions.name, restrictions: userPermission.restrictions })
      .from(userPermission)
      .innerJoin(permissions, eq(permissions.id, userPermission.permissionId))
      .where(eq(userPermission.userId, userId)),
    db
      .select({ service_name: socialProfiles.serviceName, username: socialProfiles.username })
      .from(socialProfiles)
      .where(eq(socialProfiles.userId, userId))
      .orderBy(asc(socialProfiles.id)),
    // A valid subscription's plan (or the free plan) adds its permissions.
    loadEntitlements(db, userId),
  ]);

  return {
    user: {
      id: row.id,
      email: row.email,
      email_verified_at: iso(row.emailVerifiedAt),
      first_name: row.firstName,
      last_name: row.lastName,
      display_name: displayNameOf(row),
      avatar: row.avatar,
      language: row.language,
      country: row.country,
      timezone: row.timezone,
      calendar: row.calendar ?? null,
      roles: roleRows,
      permissions: mergePermissions([...roleGrants, ...userGrants, ...plan.grants]),
      subscriptions: plan.subscriptions,
      social_profiles: socialRows,
      two_factor_confirmed_at: iso(row.twoFactorConfirmedAt),
      created_at: row.createdAt.toISOString(),
    },
    suspendedAt: row.suspendedAt?.getTime() ?? null,
    suspendedUntil: row.suspendedUntil?.getTime() ?? null,
  };
}

/** The role visitors get (SPEC §6), with its permissions. */
export const GUEST_ROLE_CACHE_KEY = 'guest-role';

/** The guest role, read by the access check and bootstrap of every visitor's request. */
export function cachedGuestRole(db: Database, cache: SharedCache) {
  return cache.get(GUEST_ROLE_CACHE_KEY, () => loadGuestRole(db));
}

/** The same, synchronously once it is cached: the access check runs on every visitor's request. */
export function guestRoleAtHand(
  db: Database,
  cache: SharedCache,
): GuestRole | null | Promise<GuestRole | null> {
  const hit = cache.peek<GuestRole | null>(GUEST_ROLE_CACHE_KEY);
  return hit ? hit.value : cachedGuestRole(db, cache);
}

export async function loadGuestRole(db: Database): Promise<GuestRole | null> {
  const [role] = await db
    .select({ id: roles.id, name: roles.name, slug: roles.slug })
    .from(roles)
    .where(eq(roles.guests, true))
    .orderBy(roles.id)
    .limit(1);
  if (!role) return null;
  const grants = await db
    .select({ id: permissions.id, name: permissions.name, restrictions: permissionRole.restrictions })
    .from(permissionRole)
    .innerJoin(permissions, eq(permissions.id, permissionRole.permissionId))
    .where(eq(permissionRole.roleId, role.id));
  return { ...role, permissions: mergePermissions(grants) };
}

/** The user's personal access tokens, newest first (never the hash). */
export async function listAccessTokens(db: Database, userId: number): Promise<AccessToken[]> {
  const rows = await db
    .select({
      id: personalAccessTokens.id,
      name: personalAccessTokens.name,
      lastUsedAt: personalAccessTokens.lastUsedAt,
      createdAt: personalAccessTokens.createdAt,
    })
    .from(personalAccessTokens)
    .where(eq(personalAccessTokens.userId, userId))
    .orderBy(desc(personalAccessTokens.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    last_used_at: iso(r.lastUsedAt),
    created_at: r.createdAt.toISOString(),
  }));
}

/** The user as account settings loads it (SPEC §2): bootstrap shape plus tokens; null if unknown. */
export async function loadAccountUser(db: Database, userId: number): Promise<AccountUser | null> {
  const user = await loadUser(db, userId);
  if (!user) return null;
  const [row] = await db
    .select({ codes: users.twoFactorRecoveryCodes })
    .from(users)
    .where(eq(users.id, userId));
  return {
    ...user,
    tokens: await listAccessTokens(db, userId),
    two_factor_recovery_codes: (row?.codes ?? []).map(() => MASKED_RECOVERY_CODE),
  };
}

const MASKED_RECOVERY_CODE = '**********-**********';

/** Id and display name of a user (the impersonation banner's "back to"), or null. */
export async function userRefOf(
  db: Database,
  userId: number,
): Promise<{ id: number; display_name: string } | null> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      displayName: users.displayName,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ? { id: row.id, display_name: displayNameOf(row) } : null;
}
