// Both drivers: each driver's migrator, pg_trgm and its unique-index error.
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PERMISSION_CATALOGUE } from '@zema/contracts/admin';
import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#src/config';
import { verifyPassword } from '#src/lib/password';
import { menus, themes } from '#src/modules/appearance/tables';
import { AMHARIC_LOCALIZATION } from '#src/modules/localization/index';
import { localizations } from '#src/modules/localization/tables';
import { DEFAULT_UPLOAD_SPACE_MB, loadGuestRole } from '#src/modules/users/index';
import { permissionRole, permissions, roles, userRole, users } from '#src/modules/users/tables';
import { seedDatabaseWithModules } from '#src/server-modules';
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, useApp } from '#test/helpers';
import { PREPARED_STATEMENTS_MAX, queryRows, queryRowsPlanned, runMigrations } from './client';
import { readAdminCredentials } from './seed';

const t = useApp();

const tables = {
  users,
  roles,
  permissions,
  permissionRole,
  userRole,
  themes,
  menus,
  localizations,
};

describe('embedded database', () => {
  it('lets the event loop turn before each statement, so one request cannot hold the others', async () => {
    if (t.app.deps.database.driver !== 'pglite') return;
    const order: string[] = [];
    // One request's statements, chained by await.
    const request = (async () => {
      await t.db.execute(sql`select 1`);
      order.push('first statement');
      await t.db.execute(sql`select 2`);
      order.push('second statement');
    })();
    // Another request, ready meanwhile. Without the yield, PGlite answers the whole chain inside
    // promise callbacks before any other callback of the event loop runs.
    setImmediate(() => order.push('other request'));
    await request;
    // The other request ran before the chain ended (before or after its first statement).
    expect(order.indexOf('other request')).toBeGreaterThanOrEqual(0);
    expect(order.at(-1)).toBe('second statement');
  });
});

describe('queries planned once (queryRowsPlanned)', () => {
  const query = (text: string | null, n: number) =>
    sql`select ${text}::text as text, ${n}::numeric + 1 as next, length(${text}::text) as length`;
  const prepared = async (like: string) => {
    if (t.app.deps.database.driver !== 'pglite') return 0;
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from pg_prepared_statements where statement like ${like}`,
    );
    return row!.n;
  };

  it('answers what the plain query answers, whatever the values hold, preparing each text once', async () => {
    for (const [text, n] of [
      ["it's", 1],
      ["back\\slash and \\'", 2],
      ['ዘማ — "quoted" $1 $$', 3],
      ["'); drop table users; --", 4],
      [null, 5],
      ['', -6.5],
    ] as const) {
      expect(await queryRowsPlanned(t.db, query(text, n))).toEqual(await queryRows(t.db, query(text, n)));
    }
    // PGlite: one prepared statement for the six runs; PostgreSQL runs the query as it is.
    expect(await prepared('%::numeric + 1 as next%')).toBe(t.app.deps.database.driver === 'pglite' ? 1 : 0);
    const [users] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from users`);
    expect(users!.n).toBeGreaterThan(0);
  });

  it('runs a query as it is when a value is no string, number or null, or holds a NUL', async () => {
    const at = new Date('2026-01-02T03:04:05Z');
    const dated = sql`select ${at.toISOString()}::timestamptz = ${at}::timestamptz as same, ${true}::boolean as flag`;
    expect(await queryRowsPlanned(t.db, dated)).toEqual([{ same: true, flag: true }]);
    expect(await prepared('%as same, $2::boolean as flag%')).toBe(0);
    // The plain query refuses a NUL in text as it always did; the text is not cut short at it.
    const nul = sql`select ${'a\0b'}::text as nul_value`;
    await expect(queryRowsPlanned(t.db, nul)).rejects.toThrow();
    expect(await prepared('%as nul_value%')).toBe(0);
  });

  it('keeps at most PREPARED_STATEMENTS_MAX statements; further texts run as they are', async () => {
    if (t.app.deps.database.driver !== 'pglite') return;
    for (let i = 0; i < PREPARED_STATEMENTS_MAX + 5; i++) {
      expect(await queryRowsPlanned(t.db, sql.raw(`select ${i} as cap_probe`))).toEqual([{ cap_probe: i }]);
    }
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from pg_prepared_statements`,
    );
    expect(row!.n).toBe(PREPARED_STATEMENTS_MAX);
  });
});

async function counts() {
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await t.db.select({ n: count() }).from(table);
    out[name] = Number(row!.n);
  }
  return out;
}

describe('migrations', () => {
  it('are recorded, and applying them again changes nothing', async () => {
    const before = await queryRows(t.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    await runMigrations(t.app.deps.database);
    const after = await queryRows(t.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(after).toEqual(before);
    const journal = JSON.parse(
      await readFile(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8'),
    );
    expect(after).toEqual([{ n: journal.entries.length }]);
  });

  it('run in one transaction: a failing migration leaves nothing behind', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'zema-migrations-'));
    try {
      await mkdir(join(folder, 'meta'));
      const tag = '0001_broken';
      await writeFile(
        join(folder, 'meta', '_journal.json'),
        JSON.stringify({
          version: '7',
          dialect: 'postgresql',
          entries: [{ idx: 0, version: '7', when: Date.now() + 60_000, tag, breakpoints: true }],
        }),
      );
      await writeFile(
        join(folder, `${tag}.sql`),
        'CREATE TABLE "zema_probe" ("id" integer);\n--> statement-breakpoint\nSELECT * FROM "no_such_table";\n',
      );
      await expect(runMigrations(t.app.deps.database, folder)).rejects.toThrow();
      const probe = await queryRows<{ t: unknown }>(t.db, sql`select to_regclass('public.zema_probe') as t`);
      expect(probe[0]!.t).toBeNull();
      // The app keeps working after the rolled-back attempt.
      expect((await t.app.inject({ url: '/health' })).statusCode).toBe(200);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('enable pg_trgm on both drivers', async () => {
    const rows = await queryRows<{ ok: boolean }>(
      t.db,
      sql`select similarity('tewodros', 'teddy') > 0 as ok`,
    );
    expect(rows[0]!.ok).toBe(true);
  });

  it('keep emails unique regardless of case', async () => {
    await expect(t.db.insert(users).values({ email: TEST_ADMIN_EMAIL.toUpperCase() })).rejects.toThrow();
  });
});

/** The restrictions on a role's files.create grant; undefined when the role has no such grant. */
async function filesCreateRestrictions(slug: string) {
  const [row] = await t.db
    .select({ restrictions: permissionRole.restrictions })
    .from(permissionRole)
    .innerJoin(roles, eq(roles.id, permissionRole.roleId))
    .innerJoin(permissions, eq(permissions.id, permissionRole.permissionId))
    .where(and(eq(roles.slug, slug), eq(permissions.name, 'files.create')));
  return row?.restrictions;
}

async function setFilesCreateRestrictions(
  slug: string,
  restrictions: { name: string; value: number | null }[],
) {
  const [role] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.slug, slug));
  const [permission] = await t.db
    .select({ id: permissions.id })
    .from(permissions)
    .where(eq(permissions.name, 'files.create'));
  await t.db
    .update(permissionRole)
    .set({ restrictions })
    .where(and(eq(permissionRole.roleId, role!.id), eq(permissionRole.permissionId, permission!.id)));
}

describe('seed', () => {
  it('creates the SPEC §6 roles with their permissions', async () => {
    const rows = await t.db
      .select({
        slug: roles.slug,
        guests: roles.guests,
        isDefault: roles.default,
        perm: permissions.name,
      })
      .from(roles)
      .leftJoin(permissionRole, eq(permissionRole.roleId, roles.id))
      .leftJoin(permissions, eq(permissions.id, permissionRole.permissionId));
    const bySlug = (slug: string) =>
      rows
        .filter((r) => r.slug === slug)
        .map((r) => r.perm)
        .sort();
    expect(bySlug('guest')).toEqual(['music.view']);
    expect(bySlug('users')).toEqual(['api.access', 'files.create', 'music.view']);
    expect(bySlug('artists')).toEqual(['api.access', 'backstage.access', 'files.create', 'music.view']);
    expect(bySlug('admin')).toEqual(['admin']);
    expect(rows.find((r) => r.slug === 'guest')!.guests).toBe(true);
    expect(rows.filter((r) => r.isDefault).map((r) => r.slug)[0]).toBe('users');
    const perms = await t.db.select({ name: permissions.name }).from(permissions);
    expect(perms.map((p) => p.name).sort()).toEqual(PERMISSION_CATALOGUE.map((p) => p.name).sort());
    expect((await loadGuestRole(t.db))?.slug).toBe('guest');
  });

  it('gives the roles that may upload a space quota out of the box, the admin none', async () => {
    expect(DEFAULT_UPLOAD_SPACE_MB).toEqual({ users: 500, artists: 10_240 });
    expect(await filesCreateRestrictions('users')).toEqual([{ name: 'space', value: 500 }]);
    expect(await filesCreateRestrictions('artists')).toEqual([{ name: 'space', value: 10_240 }]);
    // The admin role's `admin` grants uploads without a quota; guests cannot upload.
    expect(await filesCreateRestrictions('admin')).toBeUndefined();
    expect(await filesCreateRestrictions('guest')).toBeUndefined();
  });

  it('gives installs seeded before the quotas existed the same, keeping what an admin set (migration 0026)', async () => {
    const migration = await readFile(
      new URL('./migrations/0026_default-upload-quotas.sql', import.meta.url),
      'utf8',
    );
    const migrate = async () => {
      for (const statement of migration.split('--> statement-breakpoint'))
        await t.db.execute(sql.raw(statement));
    };
    try {
      // As the seed left them before: no restriction; and an admin who chose unlimited (null).
      await setFilesCreateRestrictions('users', []);
      await setFilesCreateRestrictions('artists', [{ name: 'space', value: null }]);
      await migrate();
      expect(await filesCreateRestrictions('users')).toEqual([{ name: 'space', value: 500 }]);
      expect(await filesCreateRestrictions('artists')).toEqual([{ name: 'space', value: null }]);

      // An admin's number stays; other restrictions are kept beside the added one.
      await setFilesCreateRestrictions('users', [{ name: 'space', value: 2_000 }]);
      await setFilesCreateRestrictions('artists', [{ name: 'count', value: 3 }]);
      await migrate();
      expect(await filesCreateRestrictions('users')).toEqual([{ name: 'space', value: 2_000 }]);
      expect(await filesCreateRestrictions('artists')).toEqual([
        { name: 'count', value: 3 },
        { name: 'space', value: 10_240 },
      ]);
    } finally {
      await setFilesCreateRestrictions('users', [{ name: 'space', value: 500 }]);
      await setFilesCreateRestrictions('artists', [{ name: 'space', value: 10_240 }]);
    }
  });

  it('creates a verified admin with an argon2id password', async () => {
    const [admin] = await t.db.select().from(users).where(eq(users.email, TEST_ADMIN_EMAIL));
    expect(admin!.emailVerifiedAt).toBeInstanceOf(Date);
    expect(admin!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(admin!.passwordHash, TEST_ADMIN_PASSWORD)).toBe(true);
    expect(await verifyPassword(admin!.passwordHash, 'wrong password')).toBe(false);
    expect(await verifyPassword(null, TEST_ADMIN_PASSWORD)).toBe(false);
  });

  it('seeds English and Amharic, and adds Amharic to an install that predates it', async () => {
    const rows = await t.db.select().from(localizations);
    expect(rows.map((r) => r.language).sort()).toEqual(['am', 'en']);
    const am = rows.find((r) => r.language === 'am')!;
    expect(am.name).toBe('አማርኛ');
    expect(am.lines).toEqual(AMHARIC_LOCALIZATION.lines);
    expect(am.lines.Login).toBe('ግባ');

    await t.db.delete(localizations).where(eq(localizations.language, 'am'));
    expect((await seedDatabaseWithModules(t.db, t.config)).localizationsAdded).toBe(true);
    const [again] = await t.db.select().from(localizations).where(eq(localizations.language, 'am'));
    expect(again!.lines).toEqual(AMHARIC_LOCALIZATION.lines);
    // An admin's edit of an existing language survives the next start, and the lines it lacks
    // (a new version's messages) are added to it.
    await t.db
      .update(localizations)
      .set({ lines: { Login: 'ይግቡ', 'A line no version ships': 'ያለ' } })
      .where(eq(localizations.language, 'am'));
    expect((await seedDatabaseWithModules(t.db, t.config)).localizationsAdded).toBeUndefined();
    const [edited] = await t.db.select().from(localizations).where(eq(localizations.language, 'am'));
    expect(edited!.lines).toEqual({
      ...AMHARIC_LOCALIZATION.lines,
      Login: 'ይግቡ',
      'A line no version ships': 'ያለ',
    });
    await t.db
      .update(localizations)
      .set({ lines: AMHARIC_LOCALIZATION.lines })
      .where(eq(localizations.language, 'am'));
  });

  it('is idempotent and keeps what an admin changed', async () => {
    await t.db.update(menus).set({ name: 'Renamed footer' }).where(eq(menus.id, 'footer'));
    const before = await counts();
    await seedDatabaseWithModules(t.db, t.config);
    await seedDatabaseWithModules(t.db, t.config);
    expect(await counts()).toEqual(before);
    const [footer] = await t.db.select().from(menus).where(eq(menus.id, 'footer'));
    expect(footer!.name).toBe('Renamed footer');
  });

  it('generates an admin password once, in a private file, when none is configured', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'zema-seed-'));
    try {
      await t.db.delete(users).where(eq(users.email, TEST_ADMIN_EMAIL));
      const config = loadConfig({ DATA_DIR: dataDir, ADMIN_EMAIL: 'owner@example.test' });
      const first = await seedDatabaseWithModules(t.db, config);
      expect(first.adminCreated).toBe(true);
      expect(first.generatedPassword).toMatch(/^[A-Za-z0-9]{16}$/);
      const file = join(dataDir, 'admin-credentials.txt');
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(readAdminCredentials(config)).toEqual({
        email: 'owner@example.test',
        password: first.generatedPassword,
      });
      const [owner] = await t.db.select().from(users).where(eq(users.email, 'owner@example.test'));
      expect(await verifyPassword(owner!.passwordHash, first.generatedPassword!)).toBe(true);
      const again = await seedDatabaseWithModules(t.db, config);
      expect(again).toEqual({ adminCreated: false });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
