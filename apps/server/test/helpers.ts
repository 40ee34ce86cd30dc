import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { type BuildAppOptions, buildApp } from '#src/app';
import { type Config, loadConfig } from '#src/config';
import type { Database } from '#src/db/client';
import { hashPassword } from '#src/lib/password';
import { permissions, roles, userPermission, userRole, users } from '#src/modules/users/tables';
import type { Deps } from '#src/platform/deps';
import { Client, sessionFor } from './client';
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from './constants';
import { databaseUrl, quoteIdent, withClient } from './database';

export {
  Client,
  type ClientInit,
  cookieFrom,
  guest,
  type Method,
  randomIp,
  request,
  sessionFor,
  tokenFor,
} from './client';
export { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD };

export const FIXTURE_WEB_DIST = resolve(import.meta.dirname, 'fixtures/web-dist');

export type TestApp = {
  app: FastifyInstance;
  config: Config;
  db: Database;
  /** What the services take (deps.ts): call a service directly, as a script or job would. */
  deps: Deps;
  close(): Promise<void>;
};

export const uniqueSuffix = () => `${process.pid}_${randomBytes(4).toString('hex')}`;

/**
 * A fully built app on a fresh copy of the migrated + seeded template database, with its own
 * DATA_DIR. Env-style overrides (APP_DEBUG: 'true', ...) go through loadConfig like in production.
 */
export async function buildTestApp(
  env: Record<string, string | undefined> = {},
  opts: BuildAppOptions = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'zema-app-'));
  const baseEnv: Record<string, string | undefined> = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    ADMIN_EMAIL: TEST_ADMIN_EMAIL,
    APP_URL: 'http://localhost:8080',
    WEB_DIST_DIR: FIXTURE_WEB_DIST,
    REDIS_URL: process.env.REDIS_URL,
    DATABASE_URL: '',
  };

  let dropDatabase: (() => Promise<void>) | undefined;
  // Live events under a prefix of this app's own: test runs share one Redis, and user ids of
  // other runs' databases would otherwise meet on the same bus (a test sharing it passes its own).
  const buildOpts: BuildAppOptions = {
    ...opts,
    live: { namespace: `test-${uniqueSuffix()}:`, ...opts.live },
  };
  const pgTemplate = inject('pgTemplate');
  if (pgTemplate) {
    const serverUrl = process.env.DATABASE_URL!;
    const name = `${inject('pgRunPrefix')}${randomBytes(4).toString('hex')}`;
    await withClient(serverUrl, (c) =>
      c.query(`create database ${quoteIdent(name)} template ${quoteIdent(pgTemplate)}`),
    );
    baseEnv.DATABASE_URL = databaseUrl(serverUrl, name);
    dropDatabase = () =>
      withClient(serverUrl, async (c) => {
        await c.query(`drop database if exists ${quoteIdent(name)} with (force)`);
      });
  } else {
    const tarball = await readFile(inject('pgliteTemplate'));
    buildOpts.database = { ...opts.database, pgliteLoadDataDir: new Blob([tarball]) };
  }

  const config = loadConfig({ ...baseEnv, ...env });
  let app: FastifyInstance;
  try {
    app = await buildApp(config, buildOpts);
  } catch (err) {
    await dropDatabase?.();
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    app,
    config,
    db: app.deps.db,
    deps: app.deps,
    async close() {
      await app.close();
      await dropDatabase?.();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

type Lazy<T> = T | (() => T);
const value = <T>(v: Lazy<T>): T => (typeof v === 'function' ? (v as () => T)() : v);

/**
 * The one-line preamble of a server test file (fastify/demo's `build(t)`): `const t = useApp()`
 * builds the app on a fresh copy of the template database before the file's (or the describe
 * block's) tests and closes it after them. `env` and `opts` may be functions when they depend on
 * something an earlier `beforeAll` started (a peer server's URL). Use `t` inside hooks and tests.
 */
export function useApp(
  env: Lazy<Record<string, string | undefined>> = {},
  opts: Lazy<BuildAppOptions> = {},
): TestApp {
  let built: TestApp | undefined;
  beforeAll(async () => {
    built = await buildTestApp(value(env), value(opts));
  });
  afterAll(async () => {
    await built?.close();
    built = undefined;
  });
  const current = () => {
    if (!built) throw new Error('useApp(): the app exists inside hooks and tests only');
    return built;
  };
  return {
    get app() {
      return current().app;
    },
    get config() {
      return current().config;
    },
    get db() {
      return current().db;
    },
    get deps() {
      return current().deps;
    },
    close: () => current().close(),
  };
}

export type UserFactoryInput = {
  email?: string;
  password?: string;
  roles?: string[];
  permissions?: { name: string; restrictions?: { name: string; value: number | null }[] }[];
  firstName?: string;
  lastName?: string;
  language?: string;
  /** Whether the email is verified (default true: confirmation is required by default). */
  verified?: boolean;
};

/** Inserts a user (role `users` unless `roles` says otherwise) and returns its id and email. */
export async function createUser(db: Database, input: UserFactoryInput = {}) {
  const email = (input.email ?? `user-${uniqueSuffix()}@example.test`).toLowerCase();
  const [row] = await db
    .insert(users)
    .values({
      email,
      // Hashing is slow by design; only pay for it when the test needs the password.
      passwordHash: input.password ? await hashPassword(input.password) : null,
      firstName: input.firstName ?? 'Test',
      lastName: input.lastName ?? 'User',
      language: input.language ?? null,
      emailVerifiedAt: input.verified === false ? null : new Date(),
    })
    .returning({ id: users.id, email: users.email });
  const roleSlugs = input.roles ?? ['users'];
  if (roleSlugs.length) {
    const found = await db.select({ id: roles.id }).from(roles).where(inArray(roles.slug, roleSlugs));
    await db.insert(userRole).values(found.map((r) => ({ userId: row!.id, roleId: r.id })));
  }
  for (const p of input.permissions ?? []) {
    let [perm] = await db
      .select({ id: permissions.id })
      .from(permissions)
      .where(eq(permissions.name, p.name));
    if (!perm) {
      [perm] = await db
        .insert(permissions)
        .values({ name: p.name, displayName: p.name, group: p.name.split('.')[0]! })
        .returning({ id: permissions.id });
    }
    await db
      .insert(userPermission)
      .values({ userId: row!.id, permissionId: perm!.id, restrictions: p.restrictions ?? [] });
  }
  return row!;
}

export async function adminUserId(db: Database) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, TEST_ADMIN_EMAIL));
  return row!.id;
}

/** A browser signed in as `userId` on `t.app`, keeping its cookies between requests. */
export async function signedInClient(
  t: { app: FastifyInstance; db: Database },
  userId: number,
): Promise<Client> {
  const session = await sessionFor(t.db, userId);
  return new Client(t.app, { userId, cookies: Object.fromEntries(session.cookies) });
}
