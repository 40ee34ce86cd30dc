import { msg } from '@zema/contracts';
import {
  type AdminUser,
  type AdminUserRow,
  type CreateUserRequest,
  type Grant,
  permissionDefinition,
  type SuspendUserRequest,
  supportedRestrictions,
  type UpdateUserRequest,
  type UsersListQuery,
} from '@zema/contracts/admin';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client';
import { isUniqueViolation } from '#src/db/errors';
import { COUNTRY_CODES } from '#src/lib/countries';
import { invalidInput, NotFoundError } from '#src/lib/errors';
import {
  type CsvColumn,
  containsPattern,
  dayStart,
  listCsv,
  listOrder,
  listPage,
  listWindow,
  yesNo,
} from '#src/lib/list-query';
import type { Page } from '#src/lib/pagination';
import { hashPassword } from '#src/lib/password';
import { randomToken, sha256Hex } from '#src/lib/tokens';
import { describeUserAgent } from '#src/lib/user-agent';
import { type Actor, audit } from '#src/modules/audit/index';
import { artists, trackArtist, tracks } from '#src/modules/catalogue/tables';
import { personalAccessTokens, sessions } from '#src/modules/identity/tables';
import { localizations } from '#src/modules/localization/tables';
import { plays } from '#src/modules/player/tables';
import {
  permissions,
  publicNameSql,
  roles,
  userPermission,
  userRole,
  users,
} from '#src/modules/users/tables';
import type { Deps } from '#src/platform/deps';
import type { GeoIp } from '#src/platform/geoip';
import { afterAccountsDeleted, countActiveAdmins, deleteAccounts, holdsAdmin } from './account-lifecycle';
import { EMAIL_CODE_MINUTES, newEmailCode, normaliseEmail } from './email-codes';
import { ACCOUNT_MESSAGES } from './messages';
import { displayNameOf } from './users.service';
import { dropEmailVerificationCode, storeEmailVerificationCode } from './users.writes';

/** The admin's user management. Every write is audited in its transaction. */

export const USER_ADMIN_MESSAGES = {
  lastAdmin: msg('This is the last active user holding the admin permission. Give it to someone else first.'),
  ownAdmin: msg('You cannot remove your own admin permission.'),
  self: msg('You cannot do this to your own account.'),
  unknownRole: msg('The selected role is invalid.'),
  unknownPermission: msg('The selected permission is invalid.'),
  alreadyVerified: msg('This email address is already verified.'),
  deleted: msg('User deleted.'),
  codeSent: msg('A new verification code was sent.'),
} as const;

/** Days an invitation link (a long-lived password reset token) stays valid. */
export const INVITATION_DAYS = 7;
const RECENT_PLAYS = 20;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const isSuspendedNow = (at: Date | null, until: Date | null) =>
  Boolean(at) && (until === null || until.getTime() > Date.now());

const SORTS = {
  created_at: users.createdAt,
  email: sql`lower(${users.email})`,
  display_name: sql`lower(${publicNameSql})`,
  last_login_at: users.lastLoginAt,
};
/** Sort keys that are never null: ordered without NULLS LAST, so their `(key, id)` index serves both directions. */
const NOT_NULL_SORTS = ['created_at', 'email', 'display_name'] as const;
const usersOrder = (query: UsersListQuery) =>
  listOrder(query, SORTS, { sort: 'created_at', order: 'desc' }, users.id, NOT_NULL_SORTS);

function listFilters(query: UsersListQuery): SQL[] {
  const where: SQL[] = [];
  if (query.query) {
    const pattern = containsPattern(query.query);
    where.push(or(sql`lower(${users.email}) like ${pattern}`, sql`lower(${publicNameSql}) like ${pattern}`)!);
  }
  if (query.role !== undefined)
    where.push(
      sql`exists (select 1 from ${userRole} where ${userRole.userId} = ${users.id} and ${userRole.roleId} = ${query.role})`,
    );
  if (query.verified !== undefined)
    where.push(query.verified ? isNotNull(users.emailVerifiedAt) : isNull(users.emailVerifiedAt));
  if (query.two_factor !== undefined)
    where.push(query.two_factor ? isNotNull(users.twoFactorConfirmedAt) : isNull(users.twoFactorConfirmedAt));
  if (query.suspended !== undefined) {
    const suspended = and(
      isNotNull(users.suspendedAt),
      or(isNull(users.suspendedUntil), gt(users.suspendedUntil, sql`now()`)),
    )!;
    where.push(query.suspended ? suspended : sql`not (${suspended})`);
  }
  if (query.created_from) where.push(sql`${users.createdAt} >= ${dayStart(query.created_from)}`);
  if (query.created_to) where.push(sql`${users.createdAt} < ${dayStart(query.created_to, 1)}`);
  return where;
}

const rowColumns = {
  id: users.id,
  email: users.email,
  displayName: users.displayName,
  firstName: users.firstName,
  lastName: users.lastName,
  avatar: users.avatar,
  emailVerifiedAt: users.emailVerifiedAt,
  twoFactorConfirmedAt: users.twoFactorConfirmedAt,
  suspendedAt: users.suspendedAt,
  suspendedUntil: users.suspendedUntil,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
};
type RowData = { [K in keyof typeof rowColumns]: (typeof users.$inferSelect)[K extends 'id' ? 'id' : K] };

async function rolesOf(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, { id: number; name: string }[]>();
  const rows = await db
    .select({ userId: userRole.userId, id: roles.id, name: roles.name })
    .from(userRole)
    .innerJoin(roles, eq(roles.id, userRole.roleId))
    .where(inArray(userRole.userId, ids))
    .orderBy(asc(roles.id));
  const map = new Map<number, { id: number; name: string }[]>();
  for (const r of rows) map.set(r.userId, [...(map.get(r.userId) ?? []), { id: r.id, name: r.name }]);
  return map;
}

function toRow(r: RowData, roleMap: Map<number, { id: number; name: string }[]>): AdminUserRow {
  const suspended = isSuspendedNow(r.suspendedAt, r.suspendedUntil);
  return {
    id: r.id,
    email: r.email,
    display_name: displayNameOf(r),
    avatar: r.avatar,
    roles: roleMap.get(r.id) ?? [],
    email_verified_at: iso(r.emailVerifiedAt),
    two_factor: Boolean(r.twoFactorConfirmedAt),
    suspended_at: suspended ? iso(r.suspendedAt) : null,
    suspended_until: suspended ? iso(r.suspendedUntil) : null,
    last_login_at: iso(r.lastLoginAt),
    created_at: r.createdAt.toISOString(),
  };
}

/** One page of the list's rows (without the total): the table's page and the export's batch. */
async function usersPage(db: Db, query: UsersListQuery): Promise<AdminUserRow[]> {
  const { perPage, offset } = listWindow(query);
  // The page's ids first (a walk of the sort's index that skips `offset` entries), then only
  // those rows: a deep page does not build the columns of every row it skips.
  const window = db
    .select({ id: users.id })
    .from(users)
    .where(and(...listFilters(query)))
    .orderBy(...usersOrder(query))
    .limit(perPage)
    .offset(offset)
    .as('window');
  const rows = await db
    .select(rowColumns)
    .from(users)
    .innerJoin(window, eq(window.id, users.id))
    .orderBy(...usersOrder(query));
  const roleMap = await rolesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toRow(r as RowData, roleMap));
}

export async function listUsers(db: Db, query: UsersListQuery): Promise<Page<AdminUserRow>> {
  const [rows, [count]] = await Promise.all([
    usersPage(db, query),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(...listFilters(query))),
  ]);
  return listPage(rows, Number(count?.n ?? 0), query);
}

const USER_CSV_COLUMNS: CsvColumn<AdminUserRow>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'email', value: (r) => r.email },
  { header: 'name', value: (r) => r.display_name },
  { header: 'roles', value: (r) => r.roles.map((x) => x.name).join('; ') },
  { header: 'verified', value: (r) => yesNo(r.email_verified_at) },
  { header: 'two_factor', value: (r) => yesNo(r.two_factor) },
  { header: 'suspended', value: (r) => yesNo(r.suspended_at) },
  { header: 'last_login_at', value: (r) => r.last_login_at },
  { header: 'created_at', value: (r) => r.created_at },
];

/** Every row of the current filter as CSV lines (lib/list-query `listCsv`). */
export function usersCsv(db: Db, query: UsersListQuery): AsyncGenerator<string> {
  return listCsv((window) => usersPage(db, { ...query, ...window }), USER_CSV_COLUMNS);
}

async function directGrants(db: Db, userId: number): Promise<Grant[]> {
  const rows = await db
    .select({ name: permissions.name, restrictions: userPermission.restrictions })
    .from(userPermission)
    .innerJoin(permissions, eq(permissions.id, userPermission.permissionId))
    .where(eq(userPermission.userId, userId))
    .orderBy(asc(permissions.name));
  return rows;
}

export async function getAdminUser(db: Db, geoip: GeoIp, userId: number): Promise<AdminUser> {
  const [r] = await db
    .select({
      ...rowColumns,
      language: users.language,
      country: users.country,
      timezone: users.timezone,
      suspensionReason: users.suspensionReason,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!r) throw new NotFoundError();
  const [roleMap, grants, sessionRows, tokenRows, playRows] = await Promise.all([
    rolesOf(db, [userId]),
    directGrants(db, userId),
    db
      .select({
        id: sessions.id,
        ip: sessions.ip,
        userAgent: sessions.userAgent,
        lastActive: sessions.lastActive,
      })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
      .orderBy(desc(sessions.lastActive)),
    db
      .select({
        id: personalAccessTokens.id,
        name: personalAccessTokens.name,
        lastUsedAt: personalAccessTokens.lastUsedAt,
        createdAt: personalAccessTokens.createdAt,
      })
      .from(personalAccessTokens)
      .where(eq(personalAccessTokens.userId, userId))
      .orderBy(desc(personalAccessTokens.createdAt)),
    db
      .select({
        trackId: tracks.id,
        trackName: tracks.name,
        playedAt: plays.playedAt,
        artistNames: sql<string>`coalesce((select string_agg(${artists.name}, ', ' order by ${trackArtist.position}) from ${trackArtist} join ${artists} on ${artists.id} = ${trackArtist.artistId} where ${trackArtist.trackId} = ${tracks.id}), '')`,
      })
      .from(plays)
      .innerJoin(tracks, eq(tracks.id, plays.trackId))
      .where(eq(plays.userId, userId))
      .orderBy(desc(plays.playedAt))
      .limit(RECENT_PLAYS),
  ]);
  const row = toRow(r as RowData, roleMap);
  const suspended = Boolean(row.suspended_at);
  return {
    ...row,
    first_name: r.firstName,
    last_name: r.lastName,
    language: r.language,
    country: r.country,
    timezone: r.timezone,
    suspension_reason: suspended ? r.suspensionReason : null,
    permissions: grants,
    sessions: await Promise.all(
      sessionRows.map(async (s) => {
        const place = await geoip.lookup(s.ip);
        return {
          id: s.id.slice(0, 24),
          ...describeUserAgent(s.userAgent),
          city: place.city,
          country: place.country,
          ip_address: s.ip,
          token: false,
          last_active: s.lastActive.toISOString(),
        };
      }),
    ),
    tokens: tokenRows.map((t) => ({
      id: t.id,
      name: t.name,
      last_used_at: iso(t.lastUsedAt),
      created_at: t.createdAt.toISOString(),
    })),
    recent_plays: playRows.map((p) => ({
      track_id: p.trackId,
      track_name: p.trackName,
      artist_names: p.artistNames,
      played_at: p.playedAt.toISOString(),
    })),
  };
}

/** A snapshot for the audit log: what an admin sees and changes (never a hash or a secret). */
async function snapshot(db: Db, userId: number) {
  const [r] = await db
    .select({
      email: users.email,
      first_name: users.firstName,
      last_name: users.lastName,
      language: users.language,
      country: users.country,
      timezone: users.timezone,
      email_verified_at: users.emailVerifiedAt,
      suspended_at: users.suspendedAt,
      suspended_until: users.suspendedUntil,
      suspension_reason: users.suspensionReason,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!r) return null;
  const roleMap = await rolesOf(db, [userId]);
  return {
    ...r,
    roles: (roleMap.get(userId) ?? []).map((x) => x.name),
    permissions: await directGrants(db, userId),
  };
}

const ZONES = new Set(Intl.supportedValuesOf('timeZone'));
const COUNTRIES = new Set<string>(COUNTRY_CODES);

async function checkDetails(db: Db, body: UpdateUserRequest, userId: number | null) {
  const errors: Record<string, string[]> = {};
  if (body.timezone && !ZONES.has(body.timezone)) errors.timezone = [ACCOUNT_MESSAGES_EXTRA.invalidTimezone];
  if (body.country && !COUNTRIES.has(body.country.toUpperCase()))
    errors.country = [ACCOUNT_MESSAGES_EXTRA.invalidCountry];
  // The language picker offers the site's localizations; the API holds to the same list.
  if (body.language) {
    const [known] = await db
      .select({ id: localizations.id })
      .from(localizations)
      .where(eq(localizations.language, body.language));
    if (!known) errors.language = [ACCOUNT_MESSAGES_EXTRA.unknownLanguage];
  }
  if (body.email) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, normaliseEmail(body.email)));
    if (taken && taken.id !== userId) errors.email = [ACCOUNT_MESSAGES.emailTaken];
  }
  if (body.roles?.length) {
    const found = await db
      .select({ id: roles.id, guests: roles.guests })
      .from(roles)
      .where(inArray(roles.id, body.roles));
    if (found.length !== new Set(body.roles).size || found.some((r) => r.guests))
      errors.roles = [USER_ADMIN_MESSAGES.unknownRole];
  }
  if (body.permissions?.some((p) => !permissionDefinition(p.name)))
    errors.permissions = [USER_ADMIN_MESSAGES.unknownPermission];
  if (Object.keys(errors).length) throw invalidInput(errors);
}

const ACCOUNT_MESSAGES_EXTRA = {
  invalidTimezone: msg('The selected timezone is invalid.'),
  invalidCountry: msg('The selected country is invalid.'),
  unknownLanguage: msg('The selected language is invalid.'),
} as const;

/** Replaces a user's roles and/or direct permissions (only the lists sent). */
async function writeAccess(tx: Db, userId: number, body: Pick<UpdateUserRequest, 'roles' | 'permissions'>) {
  if (body.roles) {
    await tx.delete(userRole).where(eq(userRole.userId, userId));
    if (body.roles.length)
      await tx.insert(userRole).values([...new Set(body.roles)].map((roleId) => ({ userId, roleId })));
  }
  if (body.permissions) {
    await tx.delete(userPermission).where(eq(userPermission.userId, userId));
    if (body.permissions.length) {
      const rows = await tx
        .select({ id: permissions.id, name: permissions.name })
        .from(permissions)
        .where(
          inArray(
            permissions.name,
            body.permissions.map((p) => p.name),
          ),
        );
      const idOf = new Map(rows.map((r) => [r.name, r.id]));
      await tx.insert(userPermission).values(
        body.permissions
          .filter((p) => idOf.has(p.name))
          .map((p) => ({
            userId,
            permissionId: idOf.get(p.name)!,
            restrictions: supportedRestrictions(p),
          })),
      );
    }
  }
}

/**
 * The guard rails every access change passes, checked inside its transaction after the write:
 * the site keeps an active user holding `admin`, and an admin does not take `admin` from
 * themselves. A failed check rolls the whole change back.
 */
export async function assertAdminGuards(tx: Db, actor: Actor, actorHeldAdmin: boolean) {
  if ((await countActiveAdmins(tx)) === 0)
    throw invalidInput({ permissions: [USER_ADMIN_MESSAGES.lastAdmin] });
  if (actorHeldAdmin && !(await holdsAdmin(tx, actor.user.id)))
    throw invalidInput({ permissions: [USER_ADMIN_MESSAGES.ownAdmin] });
}

export async function createUser(deps: Deps, actor: Actor, body: CreateUserRequest): Promise<number> {
  await checkDetails(deps.db, body, null);
  const passwordHash = body.password ? await hashPassword(body.password) : null;
  const invitation = !body.password && body.send_invitation ? randomToken(32) : null;
  const email = normaliseEmail(body.email);
  const id = await deps.db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          email,
          passwordHash,
          firstName: body.first_name ?? null,
          lastName: body.last_name ?? null,
          language: body.language ?? null,
          country: body.country?.toUpperCase() ?? null,
          timezone: body.timezone ?? null,
          emailVerifiedAt: body.email_verified || invitation ? new Date() : null,
        })
        .returning({ id: users.id });
      const userId = row!.id;
      const roleIds = body.roles.length
        ? body.roles
        : (await tx.select({ id: roles.id }).from(roles).where(eq(roles.default, true))).map((r) => r.id);
      await writeAccess(tx, userId, { roles: roleIds });
      // Its link is a password reset link that lives longer; identity keeps those.
      if (invitation)
        await deps.writeEvents.emit(tx, 'user.invited', {
          userId,
          tokenHash: sha256Hex(invitation),
          expiresAt: new Date(Date.now() + INVITATION_DAYS * 86_400_000),
        });
      await audit(tx, actor, {
        action: 'user.create',
        target: { type: 'user', id: userId, label: email },
        after: await snapshot(tx, userId),
      });
      return userId;
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) throw invalidInput({ email: [ACCOUNT_MESSAGES.emailTaken] });
      throw err;
    });
  // An invitation link proves the address: following it is as good as a verification code.
  if (invitation) deps.mail.sendInvitation(email, invitation, INVITATION_DAYS);
  await deps.events.emit('user.changed', { userId: id });
  return id;
}

export async function updateUser(deps: Deps, actor: Actor, userId: number, body: UpdateUserRequest) {
  await checkDetails(deps.db, body, userId);
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  await deps.db.transaction(async (tx) => {
    const before = await snapshot(tx, userId);
    if (!before) throw new NotFoundError();
    const actorHeldAdmin = await holdsAdmin(tx, actor.user.id);
    const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
    if (body.email !== undefined) set.email = normaliseEmail(body.email);
    if (body.first_name !== undefined) set.firstName = body.first_name;
    if (body.last_name !== undefined) set.lastName = body.last_name;
    if (body.language !== undefined) set.language = body.language;
    if (body.country !== undefined) set.country = body.country?.toUpperCase() ?? null;
    if (body.timezone !== undefined) set.timezone = body.timezone;
    if (passwordHash) set.passwordHash = passwordHash;
    await tx.update(users).set(set).where(eq(users.id, userId));
    await writeAccess(tx, userId, body);
    // A new password by an admin ends the user's sessions, as a reset does.
    if (passwordHash) await deps.writeEvents.emit(tx, 'user.signed_out_everywhere', { userId });
    await assertAdminGuards(tx, actor, actorHeldAdmin);
    await audit(tx, actor, {
      action: 'user.update',
      target: { type: 'user', id: userId, label: before.email },
      before: { ...before, password: null },
      after: { ...(await snapshot(tx, userId)), password: passwordHash ? 'changed' : null },
    });
  });
  await deps.events.emit('user.changed', { userId });
  if (passwordHash) await deps.events.emit('sessions.ended', { userId });
}

export async function suspendUser(deps: Deps, actor: Actor, userId: number, body: SuspendUserRequest) {
  if (userId === actor.user.id) throw invalidInput({ user: [USER_ADMIN_MESSAGES.self] });
  const until = body.until ? new Date(body.until) : null;
  if (until && until.getTime() <= Date.now())
    throw invalidInput({ until: [msg('The end of the suspension must be in the future.')] });
  await deps.db.transaction(async (tx) => {
    const before = await snapshot(tx, userId);
    if (!before) throw new NotFoundError();
    await tx
      .update(users)
      .set({ suspendedAt: new Date(), suspendedUntil: until, suspensionReason: body.reason })
      .where(eq(users.id, userId));
    // Browser sessions end now; tokens are refused while the suspension lasts (session.service).
    await deps.writeEvents.emit(tx, 'user.signed_out_everywhere', { userId });
    if ((await countActiveAdmins(tx)) === 0) throw invalidInput({ user: [USER_ADMIN_MESSAGES.lastAdmin] });
    await audit(tx, actor, {
      action: 'user.suspend',
      target: { type: 'user', id: userId, label: before.email },
      before,
      after: await snapshot(tx, userId),
    });
  });
  await deps.events.emit('user.changed', { userId });
  await deps.events.emit('sessions.ended', { userId });
}

export async function unsuspendUser(deps: Deps, actor: Actor, userId: number) {
  await deps.db.transaction(async (tx) => {
    const before = await snapshot(tx, userId);
    if (!before) throw new NotFoundError();
    await tx
      .update(users)
      .set({ suspendedAt: null, suspendedUntil: null, suspensionReason: null })
      .where(eq(users.id, userId));
    await audit(tx, actor, {
      action: 'user.unsuspend',
      target: { type: 'user', id: userId, label: before.email },
      before,
    });
  });
  await deps.events.emit('user.changed', { userId });
}

export async function markVerified(deps: Deps, actor: Actor, userId: number) {
  await deps.db.transaction(async (tx) => {
    const before = await snapshot(tx, userId);
    if (!before) throw new NotFoundError();
    if (before.email_verified_at) throw invalidInput({ email: [USER_ADMIN_MESSAGES.alreadyVerified] });
    await tx.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));
    await dropEmailVerificationCode(tx, userId);
    await audit(tx, actor, {
      action: 'user.verify_email',
      target: { type: 'user', id: userId, label: before.email },
    });
  });
  await deps.events.emit('account.changed', { userId });
}

export async function resendVerification(deps: Deps, actor: Actor, userId: number) {
  const [user] = await deps.db
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new NotFoundError();
  if (user.verifiedAt) throw invalidInput({ email: [USER_ADMIN_MESSAGES.alreadyVerified] });
  const { code, values } = await newEmailCode();
  await deps.db.transaction(async (tx) => {
    await storeEmailVerificationCode(tx, userId, values);
    await audit(tx, actor, {
      action: 'user.resend_verification',
      target: { type: 'user', id: userId, label: user.email },
    });
  });
  deps.mail.sendVerificationCode(user.email, code, EMAIL_CODE_MINUTES);
}

export async function resetTwoFactor(deps: Deps, actor: Actor, userId: number) {
  const email = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        twoFactorSecret: null,
        twoFactorRecoveryCodes: null,
        twoFactorConfirmedAt: null,
        twoFactorLastUsedStep: null,
      })
      .where(eq(users.id, userId))
      .returning({ email: users.email });
    if (!row) throw new NotFoundError();
    await audit(tx, actor, {
      action: 'user.reset_two_factor',
      target: { type: 'user', id: userId, label: row.email },
    });
    return row.email;
  });
  await deps.events.emit('account.changed', { userId });
  deps.mail.sendTwoFactorChanged(email, false);
}

/** Deletes users with self-deletion's clean-up; never the actor, never the last admin. */
export async function deleteUsers(deps: Deps, actor: Actor, ids: number[]): Promise<number> {
  if (ids.includes(actor.user.id)) throw invalidInput({ ids: [USER_ADMIN_MESSAGES.self] });
  const deleted = await deps.db.transaction(async (tx) => {
    const befores = await Promise.all(ids.map(async (id) => [id, await snapshot(tx, id)] as const));
    const rows = await deleteAccounts(deps, tx, ids);
    if ((await countActiveAdmins(tx)) === 0) throw invalidInput({ ids: [USER_ADMIN_MESSAGES.lastAdmin] });
    for (const [id, before] of befores) {
      if (!before) continue;
      await audit(tx, actor, {
        action: 'user.delete',
        target: { type: 'user', id, label: before.email },
        before,
      });
    }
    return rows;
  });
  await afterAccountsDeleted(deps, deleted);
  return deleted.length;
}

export async function assignRole(deps: Deps, actor: Actor, ids: number[], roleId: number): Promise<number> {
  const [role] = await deps.db
    .select({ id: roles.id, name: roles.name, guests: roles.guests })
    .from(roles)
    .where(eq(roles.id, roleId));
  if (!role || role.guests) throw invalidInput({ role: [USER_ADMIN_MESSAGES.unknownRole] });
  const added = await deps.db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.id, ids));
    if (!existing.length) return 0;
    const rows = await tx
      .insert(userRole)
      .values(existing.map((u) => ({ userId: u.id, roleId })))
      .onConflictDoNothing()
      .returning({ userId: userRole.userId });
    for (const r of rows) {
      const email = existing.find((u) => u.id === r.userId)?.email ?? null;
      await audit(tx, actor, {
        action: 'user.assign_role',
        target: { type: 'user', id: r.userId, label: email },
        after: { role: role.name },
      });
    }
    return rows.length;
  });
  for (const id of ids) await deps.events.emit('user.changed', { userId: id });
  return added;
}
