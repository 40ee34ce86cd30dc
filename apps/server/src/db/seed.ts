import { randomInt } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DEFAULT_DARK_THEME_VALUES,
  DEFAULT_LIGHT_THEME_VALUES,
  type MenuItem,
  PERMISSIONS,
  WORKSPACE_MEMBER_QUOTA_PERMISSION,
} from '@zema/contracts';
import { PERMISSION_CATALOGUE } from '@zema/contracts/admin';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '#src/config';
import { hashPassword } from '#src/lib/password';
import { type Database, queryRows } from './client';
import {
  localizations,
  menus,
  permissionRole,
  permissions,
  prices,
  productPermissions,
  products,
  roles,
  themes,
  userRole,
  users,
} from './schema/index';
import { AMHARIC_LOCALIZATION } from './seed-data/amharic';

export const ADMIN_CREDENTIALS_FILE = 'admin-credentials.txt';

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

const route = (id: string, label: string, action: string): MenuItem => ({
  id,
  label,
  type: 'route',
  action,
  target: null,
});

const MENU_ROWS: { id: string; name: string; positions: string[]; items: MenuItem[] }[] = [
  {
    id: 'landing-navbar',
    name: 'Landing page navbar',
    positions: ['landing-page-navbar'],
    items: [
      route('landing-navbar-discover', 'Discover', '/discover'),
      route('landing-navbar-radio', 'Radio', '/radio/zema'),
      route('landing-navbar-contact', 'Contact', '/contact'),
    ],
  },
  {
    id: 'auth-footer',
    name: 'Auth page footer',
    positions: ['auth-page-footer'],
    items: [
      route('auth-footer-privacy', 'Privacy', '/pages/privacy-policy'),
      route('auth-footer-terms', 'Terms', '/pages/terms-of-service'),
      route('auth-footer-contact', 'Contact', '/contact'),
    ],
  },
  {
    id: 'footer',
    name: 'Footer',
    positions: ['footer'],
    items: [
      route('footer-contact', 'Contact', '/contact'),
      route('footer-privacy', 'Privacy', '/pages/privacy-policy'),
      route('footer-terms', 'Terms', '/pages/terms-of-service'),
    ],
  },
  {
    id: 'footer-secondary',
    name: 'Footer secondary',
    positions: ['footer-secondary'],
    items: [
      {
        ...route('footer-secondary-api', 'API', '/api-docs'),
        permissions: [PERMISSIONS.apiAccess],
        settings: { 'api.integrated': true },
      },
    ],
  },
  { id: 'account-menu', name: 'Account menu', positions: ['account-menu'], items: [] },
];

function generatePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  return Array.from({ length: 16 }, () => alphabet[randomInt(alphabet.length)]).join('');
}

export type SeedResult = {
  adminCreated: boolean;
  generatedPassword?: string;
  /** A localization was added, so instances already serving must drop their cached list. */
  localizationsAdded?: boolean;
};

/** Idempotent: inserts what is missing and never overwrites what an admin changed. */
type ExamplePlan = {
  name: string;
  description: string;
  free?: boolean;
  recommended?: boolean;
  featureList: string[];
  permissions: { name: string; restrictions?: { name: string; value: number | null }[] }[];
  prices: { currency: 'ETB' | 'USD'; amount: number; interval: 'month' | 'year' }[];
};

/**
 * The example plans of a fresh install (decision 0039): the whole flow can be tried at once, and the
 * admin edits or removes them. Amounts in minor units (santim, cents).
 */
const EXAMPLE_PLANS: ExamplePlan[] = [
  {
    name: 'Free',
    description: 'The whole catalogue, with ads.',
    free: true,
    featureList: ['Listen to the whole catalogue', 'Playlists and your library', 'With ads'],
    permissions: [],
    prices: [
      { currency: 'ETB', amount: 0, interval: 'month' },
      { currency: 'USD', amount: 0, interval: 'month' },
    ],
  },
  {
    name: 'Premium',
    description: 'Music without ads, and downloads.',
    recommended: true,
    featureList: ['No ads', 'Download tracks and albums', 'Everything in Free'],
    permissions: [{ name: PERMISSIONS.adsDisable }, { name: PERMISSIONS.musicDownload }],
    prices: [
      { currency: 'ETB', amount: 19_900, interval: 'month' },
      { currency: 'ETB', amount: 199_000, interval: 'year' },
      { currency: 'USD', amount: 499, interval: 'month' },
      { currency: 'USD', amount: 4_990, interval: 'year' },
    ],
  },
  {
    name: 'Artist Pro',
    description: 'For artists and their teams.',
    featureList: ['Everything in Premium', '50 GB of uploads', 'Workspaces of up to 25 members'],
    permissions: [
      { name: PERMISSIONS.adsDisable },
      { name: PERMISSIONS.musicDownload },
      { name: PERMISSIONS.filesCreate, restrictions: [{ name: 'space', value: 51_200 }] },
      { name: WORKSPACE_MEMBER_QUOTA_PERMISSION, restrictions: [{ name: 'max_members', value: 25 }] },
    ],
    prices: [
      { currency: 'ETB', amount: 49_900, interval: 'month' },
      { currency: 'ETB', amount: 499_000, interval: 'year' },
      { currency: 'USD', amount: 999, interval: 'month' },
      { currency: 'USD', amount: 9_990, interval: 'year' },
    ],
  },
];

/** Adds the example plans once: on an install whose products table never had a row. */
async function seedExamplePlans(tx: Database, permId: (name: string) => number) {
  const [seq] = await queryRows<{ is_called: boolean }>(tx, sql`select is_called from products_id_seq`);
  if (seq?.is_called) return;
  for (const [position, plan] of EXAMPLE_PLANS.entries()) {
    const [row] = await tx
      .insert(products)
      .values({
        name: plan.name,
        description: plan.description,
        free: plan.free ?? false,
        recommended: plan.recommended ?? false,
        featureList: plan.featureList,
        position,
      })
      .returning({ id: products.id });
    await tx.insert(prices).values(plan.prices.map((price) => ({ ...price, productId: row!.id })));
    if (plan.permissions.length)
      await tx.insert(productPermissions).values(
        plan.permissions.map((perm) => ({
          productId: row!.id,
          permissionId: permId(perm.name),
          restrictions: perm.restrictions ?? [],
        })),
      );
  }
}

export async function seedDatabase(db: Database, config: Config): Promise<SeedResult> {
  return db.transaction(async (tx) => {
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

    await seedExamplePlans(tx, permId);

    const themeCount = await tx.select({ n: sql<number>`count(*)::int` }).from(themes);
    if (themeCount[0]!.n === 0) {
      await tx.insert(themes).values([
        { name: 'Light', values: { ...DEFAULT_LIGHT_THEME_VALUES }, isDark: false, defaultLight: true },
        { name: 'Dark', values: { ...DEFAULT_DARK_THEME_VALUES }, isDark: true, defaultDark: true },
      ]);
    }

    await tx
      .insert(menus)
      .values(MENU_ROWS.map((m, sort) => ({ ...m, sort })))
      .onConflictDoNothing({ target: menus.id });

    // Keyed by language: an install that predates a language gets it on its next start, while a
    // language that already exists (perhaps edited by an admin) is left alone.
    const addedLocales = await tx
      .insert(localizations)
      .values([{ name: 'English', language: 'en', lines: {} }, AMHARIC_LOCALIZATION])
      .onConflictDoNothing({ target: localizations.language })
      .returning({ id: localizations.id });
    // Only present when true, so the usual answer stays `{ adminCreated }`.
    const added = addedLocales.length > 0 ? { localizationsAdded: true } : {};

    const existingAdmin = await tx
      .select({ id: users.id })
      .from(users)
      .innerJoin(userRole, eq(userRole.userId, users.id))
      .where(eq(userRole.roleId, roleId('admin')))
      .limit(1);
    if (existingAdmin.length > 0) return { adminCreated: false, ...added };

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
    return { adminCreated: true, generatedPassword, ...added };
  });
}

function writeAdminCredentials(config: Config, password: string) {
  mkdirSync(config.dataDir, { recursive: true });
  const file = join(config.dataDir, ADMIN_CREDENTIALS_FILE);
  writeFileSync(file, `${config.adminEmail}\n${password}\n`, { mode: 0o600 });
  // writeFileSync's mode only applies when the file is created.
  chmodSync(file, 0o600);
}

/** The generated admin login, while the credentials file exists (the admin deletes it). */
export function readAdminCredentials(config: Config): { email: string; password: string } | null {
  const file = join(config.dataDir, ADMIN_CREDENTIALS_FILE);
  if (!existsSync(file)) return null;
  const [email, password] = readFileSync(file, 'utf8').split('\n');
  return email && password ? { email, password } : null;
}
