import { msg, storedSlugFrom } from '@zema/contracts';
import {
  type AdminRole,
  type AdminRoleRow,
  type Grant,
  permissionDefinition,
  type RolesListQuery,
  supportedRestrictions,
  type UpsertRoleRequest,
} from '@zema/contracts/admin';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client';
import { invalidInput, NotFoundError } from '#src/lib/errors';
import {
  type CsvColumn,
  containsPattern,
  listCsv,
  listOrder,
  listPage,
  listWindow,
  yesNo,
} from '#src/lib/list-query';
import type { Page } from '#src/lib/pagination';
import { type Actor, audit } from '#src/modules/audit/index';
import { permissionRole, permissions, roles, userRole } from '#src/modules/users/tables';
import type { Deps } from '#src/platform/deps';
import { countActiveAdmins, holdsAdmin } from './account-lifecycle';
import { GUEST_ROLE_CACHE_KEY } from './users.service';

/** Roles and their permissions. */

export const ROLE_MESSAGES = {
  unknownPermission: msg('The selected permission is invalid.'),
  builtIn: msg('The guest role, the default role and the admin role cannot be deleted.'),
  nameTaken: msg('A role with this name already exists.'),
  lastAdmin: msg('This would leave no active user holding the admin permission.'),
  ownAdmin: msg('You cannot remove your own admin permission.'),
  deleted: msg('Role deleted.'),
} as const;

/** Seeded slugs that stay (the guest role and the default role are also kept by their flags). */
const BUILT_IN_SLUGS = new Set(['guest', 'users', 'admin']);

const membersCount = sql<number>`(select count(*)::int from ${userRole} where ${userRole.roleId} = ${roles.id})`;
const permissionsCount = sql<number>`(select count(*)::int from ${permissionRole} where ${permissionRole.roleId} = ${roles.id})`;

const SORTS = { name: sql`lower(${roles.name})`, members_count: membersCount, created_at: roles.createdAt };

const rowColumns = {
  id: roles.id,
  name: roles.name,
  slug: roles.slug,
  description: roles.description,
  default: roles.default,
  guests: roles.guests,
  createdAt: roles.createdAt,
  members: membersCount,
  perms: permissionsCount,
};

type RoleRowData = {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  default: boolean;
  guests: boolean;
  createdAt: Date;
  members: number;
  perms: number;
};

function toRow(r: RoleRowData): AdminRoleRow {
  return {
    id: r.id,
    name: r.name,
    slug: r.slug,
    description: r.description,
    default: r.default,
    guests: r.guests,
    built_in: r.guests || r.default || BUILT_IN_SLUGS.has(r.slug),
    members_count: Number(r.members),
    permissions_count: Number(r.perms),
    created_at: r.createdAt.toISOString(),
  };
}

export async function listRoles(db: Db, query: RolesListQuery): Promise<Page<AdminRoleRow>> {
  const where = query.query ? sql`lower(${roles.name}) like ${containsPattern(query.query)}` : undefined;
  const { perPage, offset } = listWindow(query);
  const [rows, [count]] = await Promise.all([
    db
      .select(rowColumns)
      .from(roles)
      .where(where)
      .orderBy(...listOrder(query, SORTS, { sort: 'name', order: 'asc' }, roles.id))
      .limit(perPage)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(roles).where(where),
  ]);
  return listPage(rows.map(toRow), Number(count?.n ?? 0), query);
}

async function grantsOf(db: Db, roleId: number): Promise<Grant[]> {
  return db
    .select({ name: permissions.name, restrictions: permissionRole.restrictions })
    .from(permissionRole)
    .innerJoin(permissions, eq(permissions.id, permissionRole.permissionId))
    .where(eq(permissionRole.roleId, roleId))
    .orderBy(asc(permissions.name));
}

export async function getRole(db: Db, roleId: number): Promise<AdminRole> {
  const [row] = await db.select(rowColumns).from(roles).where(eq(roles.id, roleId));
  if (!row) throw new NotFoundError();
  return { ...toRow(row), permissions: await grantsOf(db, roleId) };
}

/** A role's key: the stored slug rule over its name (a name in another script gives `role`). */
const slugOf = (name: string) => storedSlugFrom(name, 60) || 'role';

async function writePermissions(tx: Db, roleId: number, grants: Grant[]) {
  await tx.delete(permissionRole).where(eq(permissionRole.roleId, roleId));
  if (!grants.length) return;
  const rows = await tx
    .select({ id: permissions.id, name: permissions.name })
    .from(permissions)
    .where(
      inArray(
        permissions.name,
        grants.map((g) => g.name),
      ),
    );
  const idOf = new Map(rows.map((r) => [r.name, r.id]));
  const unique = new Map(grants.map((g) => [g.name, g]));
  await tx
    .insert(permissionRole)
    .values(
      [...unique.values()]
        .filter((g) => idOf.has(g.name))
        .map((g) => ({ roleId, permissionId: idOf.get(g.name)!, restrictions: supportedRestrictions(g) })),
    );
}

function checkBody(body: UpsertRoleRequest) {
  if (body.permissions.some((p) => !permissionDefinition(p.name)))
    throw invalidInput({ permissions: [ROLE_MESSAGES.unknownPermission] });
}

async function assertNameFree(db: Db, name: string, roleId: number | null) {
  const [taken] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(sql`lower(${roles.name})`, name.toLowerCase()), roleId ? ne(roles.id, roleId) : undefined));
  if (taken) throw invalidInput({ name: [ROLE_MESSAGES.nameTaken] });
}

/** A role change can take `admin` from people: the same guard rails as a user's edit. */
async function assertGuards(tx: Db, actor: Actor, actorHeldAdmin: boolean) {
  if ((await countActiveAdmins(tx)) === 0) throw invalidInput({ permissions: [ROLE_MESSAGES.lastAdmin] });
  if (actorHeldAdmin && !(await holdsAdmin(tx, actor.user.id)))
    throw invalidInput({ permissions: [ROLE_MESSAGES.ownAdmin] });
}

/** Who listens: the guest role, cached for every visitor's request, and every signed-in user's. */
async function afterRoleChange(deps: Deps, guests: boolean) {
  if (guests) await deps.cache.invalidate(GUEST_ROLE_CACHE_KEY);
  await deps.events.emit('access.changed', {});
}

export async function createRole(deps: Deps, actor: Actor, body: UpsertRoleRequest): Promise<number> {
  checkBody(body);
  await assertNameFree(deps.db, body.name, null);
  return deps.db.transaction(async (tx) => {
    let slug = slugOf(body.name);
    const [clash] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.slug, slug));
    if (clash) slug = `${slug}-${Date.now().toString(36)}`;
    if (body.default) await tx.update(roles).set({ default: false }).where(eq(roles.default, true));
    const [row] = await tx
      .insert(roles)
      .values({
        name: body.name,
        slug,
        description: body.description ?? null,
        default: body.default ?? false,
      })
      .returning({ id: roles.id });
    await writePermissions(tx, row!.id, body.permissions);
    await audit(tx, actor, {
      action: 'role.create',
      target: { type: 'role', id: row!.id, label: body.name },
      after: { name: body.name, default: body.default ?? false, permissions: body.permissions },
    });
    return row!.id;
  });
}

export async function updateRole(deps: Deps, actor: Actor, roleId: number, body: UpsertRoleRequest) {
  checkBody(body);
  await assertNameFree(deps.db, body.name, roleId);
  const guests = await deps.db.transaction(async (tx) => {
    const before = await getRole(tx, roleId);
    const actorHeldAdmin = await holdsAdmin(tx, actor.user.id);
    // The guest role never becomes the default for new accounts, and the default flag moves, not copies.
    if (body.default && !before.guests)
      await tx.update(roles).set({ default: false }).where(ne(roles.id, roleId));
    await tx
      .update(roles)
      .set({
        name: body.name,
        description: body.description ?? null,
        default: before.guests ? false : (body.default ?? before.default),
      })
      .where(eq(roles.id, roleId));
    await writePermissions(tx, roleId, body.permissions);
    await assertGuards(tx, actor, actorHeldAdmin);
    await audit(tx, actor, {
      action: 'role.update',
      target: { type: 'role', id: roleId, label: body.name },
      before: { name: before.name, default: before.default, permissions: before.permissions },
      after: { name: body.name, default: body.default ?? before.default, permissions: body.permissions },
    });
    return before.guests;
  });
  await afterRoleChange(deps, guests);
}

export async function deleteRole(deps: Deps, actor: Actor, roleId: number) {
  await deps.db.transaction(async (tx) => {
    const before = await getRole(tx, roleId);
    if (before.built_in) throw invalidInput({ role: [ROLE_MESSAGES.builtIn] });
    const actorHeldAdmin = await holdsAdmin(tx, actor.user.id);
    await tx.delete(roles).where(eq(roles.id, roleId));
    await assertGuards(tx, actor, actorHeldAdmin);
    await audit(tx, actor, {
      action: 'role.delete',
      target: { type: 'role', id: roleId, label: before.name },
      before: { name: before.name, members: before.members_count, permissions: before.permissions },
    });
  });
  await afterRoleChange(deps, false);
}

const ROLE_CSV: CsvColumn<AdminRoleRow>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'name', value: (r) => r.name },
  { header: 'slug', value: (r) => r.slug },
  { header: 'description', value: (r) => r.description },
  { header: 'default', value: (r) => yesNo(r.default) },
  { header: 'guests', value: (r) => yesNo(r.guests) },
  { header: 'built_in', value: (r) => yesNo(r.built_in) },
  { header: 'members', value: (r) => r.members_count },
  { header: 'permissions', value: (r) => r.permissions_count },
  { header: 'created_at', value: (r) => r.created_at },
];

/** Every role of the current filter as CSV lines (lib/list-query `listCsv`). */
export function rolesCsv(db: Db, query: RolesListQuery): AsyncGenerator<string> {
  return listCsv(async (window) => (await listRoles(db, { ...query, ...window })).data, ROLE_CSV);
}
