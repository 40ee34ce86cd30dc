import {
  type AccountUser,
  hasPermission,
  msg,
  PERMISSIONS,
  type UpdateAccountRequest,
} from '@zema/contracts';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Caller } from '#src/lib/caller';
import { COUNTRY_CODES } from '#src/lib/countries';
import { ForbiddenError, invalidInput, NotFoundError } from '#src/lib/errors';
import { requireConfirmedPassword } from '#src/modules/identity/index';
import { localizations } from '#src/modules/localization/tables';
import { afterAccountsDeleted, deleteAccounts, loadAccountUser, updateUser } from '#src/modules/users/index';
import { permissionRole, permissions, userPermission, userRole, users } from '#src/modules/users/tables';
import type { Deps } from '#src/platform/deps';

export const ACCOUNT_MESSAGES = {
  unknownLocale: msg('The selected locale is invalid.'),
  unknownLanguage: msg('The selected language is invalid.'),
  invalidTimezone: msg('The selected timezone is invalid.'),
  invalidCountry: msg('The selected country is invalid.'),
  lastAdmin: msg(
    'You are the only administrator. Make another user an administrator before deleting your account.',
  ),
  confirmDelete: msg('Add deleteCurrentUser=true to delete your own account.'),
} as const;

/** `'me'` or a numeric id from the URL. */
export type UserRef = 'me' | number;

const isAdmin = (user: Caller['user']) => hasPermission(user, PERMISSIONS.adminAccess);

/**
 * The id `ref` points at, when the caller may act on it: themselves, or anyone for admins
 * (`adminAllowed`). Other users get 403 whether or not the id exists (no enumeration).
 */
export function resolveTarget(caller: Caller, ref: UserRef, adminAllowed = true): number {
  const me = caller.user;
  const id = ref === 'me' ? me.id : ref;
  if (id !== me.id && !(adminAllowed && isAdmin(me))) throw new ForbiddenError();
  return id;
}

export async function getAccount(deps: Deps, userId: number): Promise<AccountUser> {
  const user = await loadAccountUser(deps.db, userId);
  if (!user) throw new NotFoundError();
  return user;
}

const ZONES = new Set(Intl.supportedValuesOf('timeZone'));

/** An IANA zone the runtime knows, canonical or an alias (Asia/Kolkata as well as Asia/Calcutta). */
export function isValidTimezone(zone: string): boolean {
  if (ZONES.has(zone)) return true;
  if (zone !== 'UTC' && !/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)+$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const COUNTRIES = new Set<string>(COUNTRY_CODES);

async function localizationExists(deps: Deps, language: string) {
  const [row] = await deps.db
    .select({ id: localizations.id })
    .from(localizations)
    .where(eq(localizations.language, language));
  return Boolean(row);
}

const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() || null);

/**
 * Account details and the location-and-language panel: only the fields sent change. A new first
 * or last name recomputes the display name.
 */
export async function updateAccount(
  deps: Deps,
  userId: number,
  body: UpdateAccountRequest,
): Promise<AccountUser> {
  const errors: Record<string, string[]> = {};
  const firstName = blankToNull(body.first_name);
  const lastName = blankToNull(body.last_name);
  const timezone = blankToNull(body.timezone);
  const rawCountry = blankToNull(body.country);
  const country = rawCountry ? rawCountry.toUpperCase() : rawCountry;
  const language = blankToNull(body.language);
  if (timezone && !isValidTimezone(timezone)) errors.timezone = [ACCOUNT_MESSAGES.invalidTimezone];
  if (country && !COUNTRIES.has(country)) errors.country = [ACCOUNT_MESSAGES.invalidCountry];
  if (language && !(await localizationExists(deps, language)))
    errors.language = [ACCOUNT_MESSAGES.unknownLanguage];
  if (Object.keys(errors).length) throw invalidInput(errors);

  const [current] = await deps.db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  if (!current) throw new NotFoundError();

  const changes: Partial<typeof users.$inferInsert> = {};
  if (firstName !== undefined) changes.firstName = firstName;
  if (lastName !== undefined) changes.lastName = lastName;
  if (firstName !== undefined || lastName !== undefined) {
    const nextFirst = firstName !== undefined ? firstName : current.firstName;
    const nextLast = lastName !== undefined ? lastName : current.lastName;
    const full = [nextFirst, nextLast].filter(Boolean).join(' ');
    // Empty = displayNameOf falls back to the email's local part.
    changes.displayName = full || null;
  }
  if (timezone !== undefined) changes.timezone = timezone;
  if (country !== undefined) changes.country = country;
  if (language !== undefined) changes.language = language;
  if (body.calendar !== undefined) changes.calendar = body.calendar;
  if (Object.keys(changes).length) {
    await updateUser(deps.db, userId, { ...changes, updatedAt: new Date() });
    // Others see the display name; the account itself sees every field.
    await deps.events.emit('displayName' in changes ? 'user.changed' : 'account.changed', { userId });
  }
  return getAccount(deps, userId);
}

/** Switches the user's UI language; it must be one of the site's localizations. */
export async function changeLocale(deps: Deps, userId: number, locale: string): Promise<string> {
  if (!(await localizationExists(deps, locale)))
    throw invalidInput({ locale: [ACCOUNT_MESSAGES.unknownLocale] });
  await updateUser(deps.db, userId, { language: locale, updatedAt: new Date() });
  await deps.events.emit('account.changed', { userId });
  return locale;
}

/** Whether some user other than `userId` holds admin.access (through a role or directly). */
async function anotherAdminExists(deps: Deps, userId: number): Promise<boolean> {
  const adminPermission = deps.db
    .select({ id: permissions.id })
    .from(permissions)
    .where(or(eq(permissions.name, PERMISSIONS.adminAccess), eq(permissions.name, PERMISSIONS.admin)));
  const viaRole = await deps.db
    .select({ userId: userRole.userId })
    .from(userRole)
    .innerJoin(permissionRole, eq(permissionRole.roleId, userRole.roleId))
    .where(and(ne(userRole.userId, userId), sql`${permissionRole.permissionId} in ${adminPermission}`))
    .limit(1);
  if (viaRole.length) return true;
  const direct = await deps.db
    .select({ userId: userPermission.userId })
    .from(userPermission)
    .where(and(ne(userPermission.userId, userId), sql`${userPermission.permissionId} in ${adminPermission}`))
    .limit(1);
  return direct.length > 0;
}

/**
 * Self-service account deletion (SPEC §9): needs a password confirmed in this browser session
 * (423 otherwise). The user row goes; sessions, tokens, social profiles, codes and roles follow by
 * ON DELETE CASCADE; the avatar file is removed; the address gets a notice. The route clears the
 * browser's cookie and answers a visitor's bootstrap data.
 */
export async function deleteOwnAccount(deps: Deps, caller: Caller, userId: number): Promise<void> {
  await requireConfirmedPassword(deps, caller);
  if (isAdmin(caller.user) && !(await anotherAdminExists(deps, userId))) {
    throw invalidInput({ user: [ACCOUNT_MESSAGES.lastAdmin] });
  }
  const deleted = await deleteAccounts(deps, deps.db, [userId]);
  if (!deleted.length) throw new NotFoundError();
  await afterAccountsDeleted(deps, deleted);
}
