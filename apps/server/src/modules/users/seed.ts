import { randomInt } from 'node:crypto';
import { PERMISSIONS } from '@zema/contracts';
import { PERMISSION_CATALOGUE } from '@zema/contracts/admin';
import { eq } from 'drizzle-orm';
import type { Config } from '#src/config';
import type { Tx } from '#src/db/client';
import { type SeedResult, writeAdminCredentials } from '#src/db/seed';
import { hashPassword } from '#src/lib/password';
import { permissionRole, permissions, roles, userRole } from './roles.tables';
import { users } from './users.tables';

// Every permission the app knows (contracts PERMISSION_CATALOGUE); new ones arrive on the next start.
const PERMISSION_ROWS = PERMISSION_CATALOGUE.map(({ name, displayName, group, description }) => ({
  name,
  displayName,
  group,
  description,
}));

/**
 * The `space` quota (MB) of `files.create` on the seeded roles that may upload
 * (docs/guide/backstage.md, "Quotas"). Users: room for pictures and documents (an avatar, a
 * backstage proof) many times over, not for a 2 GB master; Artists: a catalogue of lossless albums, which Artist
 * Pro's 50 GB raises. Admins have no quota; guests cannot upload. Installs seeded before these
 * existed get them from migration 0026, only where a role has no `space` set.
 */
export const DEFAULT_UPLOAD_SPACE_MB = { users: 500, artists: 10_240 } as const;

type RolePermission = string | { name: string; restrictions: { name: string; value: number | null }[] };

const filesCreate = (spaceMb: number): RolePermission => ({
  name: PERMISSIONS.filesCreate,
  restrictions: [{ name: 'space', value: spaceMb }],
});

const ROLE_ROWS: {
  slug: string;
  name: string;
  guests?: boolean;
  default?: boolean;
  description: string;
  permissions: RolePermission[];
}[] = [
  {
    slug: 'guest',
    name: 'Guest',
    guests: true,
    description: 'Visitors who are not logged in.',
    permissions: [PERMISSIONS.musicView],
  },
  {
    slug: 'users',
    name: 'Users',
    default: true,
    description: 'Given to every new account.',
    permissions: [PERMISSIONS.musicView, PERMISSIONS.apiAccess, filesCreate(DEFAULT_UPLOAD_SPACE_MB.users)],
  },
  {
    slug: 'artists',
    name: 'Artists',
    description: 'Artists with a backstage.',
    permissions: [
      PERMISSIONS.musicView,
      PERMISSIONS.apiAccess,
      filesCreate(DEFAULT_UPLOAD_SPACE_MB.artists),
      PERMISSIONS.backstageAccess,
    ],
  },
  { slug: 'admin', name: 'Admin', description: 'Full access.', permissions: [PERMISSIONS.admin] },
];

function generatePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  return Array.from({ length: 16 }, () => alphabet[randomInt(alphabet.length)]).join('');
}

/**
 * The permissions, the four roles and the first admin (SPEC §3): what every other module's seed
 * refers to, so this module seeds first. The admin's password is the configured one, else a
 * generated one written to the data folder once.
 */
export async function seedAccess(tx: Tx, config: Config): Promise<Partial<SeedResult>> {
  await tx.insert(permissions).values(PERMISSION_ROWS).onConflictDoNothing({ target: permissions.name });
  await tx
    .insert(roles)
    .values(ROLE_ROWS.map(({ permissions: _p, ...r }) => r))
    .onConflictDoNothing({ target: roles.slug });

  const roleRows = await tx.select({ id: roles.id, slug: roles.slug }).from(roles);
  const permRows = await tx.select({ id: permissions.id, name: permissions.name }).from(permissions);
  const roleId = (slug: string) => roleRows.find((r) => r.slug === slug)!.id;
  const permId = (name: string) => permRows.find((p) => p.name === name)!.id;

  await tx
    .insert(permissionRole)
    .values(
      ROLE_ROWS.flatMap((r) =>
        r.permissions.map((p) =>
          typeof p === 'string'
            ? { roleId: roleId(r.slug), permissionId: permId(p), restrictions: [] }
            : { roleId: roleId(r.slug), permissionId: permId(p.name), restrictions: p.restrictions },
        ),
      ),
    )
    .onConflictDoNothing();

  const existingAdmin = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(userRole, eq(userRole.userId, users.id))
    .where(eq(userRole.roleId, roleId('admin')))
    .limit(1);
  if (existingAdmin.length > 0) return { adminCreated: false };

  const generatedPassword = config.adminPassword ? undefined : generatePassword();
  const [admin] = await tx
    .insert(users)
    .values({
      email: config.adminEmail,
      passwordHash: await hashPassword(config.adminPassword ?? generatedPassword!),
      firstName: 'Admin',
      displayName: 'Admin',
      emailVerifiedAt: new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  const adminId =
    admin?.id ??
    (await tx.select({ id: users.id }).from(users).where(eq(users.email, config.adminEmail)))[0]!.id;
  await tx
    .insert(userRole)
    .values({ userId: adminId, roleId: roleId('admin') })
    .onConflictDoNothing();
  if (generatedPassword) writeAdminCredentials(config, generatedPassword);
  return { adminCreated: true, generatedPassword };
}
