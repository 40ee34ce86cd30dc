import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { XSRF_COOKIE } from '@zema/contracts';
import { expect, inject } from 'vitest';
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from './constants';
import { databaseUrl, quoteIdent, withClient } from './database';

/**
 * RELIABILITY "Durability" tests: the server as a child process (test/fixtures/crash-server.ts) on
 * data of its own, killed with SIGKILL while writers are in flight and started again on the same
 * data, driven over real HTTP as browsers and gateways drive it.
 */
const serverRoot = resolve(import.meta.dirname, '..');

export type CrashServer = { child: ChildProcess; base: string; exited: Promise<unknown> };

/**
 * A DATA_DIR of its own and, on the PostgreSQL leg, a database of its own (a copy of the run's
 * template, with the leg's Redis); `dispose` removes both.
 */
async function crashData(): Promise<{
  dataDir: string;
  env: Record<string, string>;
  dispose: () => Promise<void>;
}> {
  const dataDir = await mkdtemp(join(tmpdir(), 'zema-crash-'));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: TEST_ADMIN_EMAIL,
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    APP_URL: 'http://localhost:8080',
    WEB_DIST_DIR: resolve(serverRoot, 'test/fixtures/web-dist'),
  };
  let dropDatabase: (() => Promise<void>) | undefined;
  const pgTemplate = inject('pgTemplate');
  if (pgTemplate) {
    const serverUrl = process.env.DATABASE_URL!;
    const name = `${inject('pgRunPrefix')}crash_${randomBytes(4).toString('hex')}`;
    await withClient(serverUrl, (c) =>
      c.query(`create database ${quoteIdent(name)} template ${quoteIdent(pgTemplate)}`),
    );
    env.DATABASE_URL = databaseUrl(serverUrl, name);
    // The production pair: PostgreSQL with Redis (the leg that runs on PostgreSQL has both).
    if (process.env.REDIS_URL) env.REDIS_URL = process.env.REDIS_URL;
    dropDatabase = () =>
      withClient(serverUrl, async (c) => {
        await c.query(`drop database if exists ${quoteIdent(name)} with (force)`);
      });
  } else {
    // The migrated template of this run, unpacked where the server keeps its database: the first
    // start opens it instead of migrating from nothing (seconds, not a minute, on a busy machine).
    await mkdir(join(dataDir, 'db'), { recursive: true });
    await promisify(execFile)('tar', ['-xf', inject('pgliteTemplate'), '-C', join(dataDir, 'db')]);
  }
  return {
    dataDir,
    env,
    dispose: async () => {
      await dropDatabase?.();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The server on `env`: `start()` resolves once it listens. A standby loads its modules (most of a
 * start) at once but opens the data only when `start()` says so, after the server before it died.
 */
function spawnServer(env: Record<string, string>, standby: boolean) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/crash-server.ts'], {
    cwd: serverRoot,
    env: { PATH: process.env.PATH, ...env, ...(standby ? { CRASH_STANDBY: '1' } : {}) },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise((r) => child.on('exit', r));
  let out = '';
  const listening = new Promise<CrashServer>((ready, fail) => {
    child.stderr!.on('data', (d) => {
      out += d;
    });
    child.stdout!.on('data', (d) => {
      out += d;
      const port = /listening (\d+)/.exec(out)?.[1];
      if (port) ready({ child, base: `http://127.0.0.1:${port}`, exited });
    });
    void exited.then((code) =>
      fail(new Error(`the server exited with ${String(code)} before listening:\n${out}`)),
    );
  });
  // Not awaited before start(): a standby killed unused must not fail the test.
  listening.catch(() => {});
  return {
    child,
    exited,
    start: () => {
      if (standby) child.stdin!.write('go\n');
      return listening;
    },
  };
}

/** SIGKILL, unless it has already ended; resolves once the process is gone. */
async function killServer(server: Pick<CrashServer, 'child' | 'exited'> | undefined) {
  if (!server) return;
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  await server.exited;
}

/**
 * The server started on data of its own, its next life loading its modules meanwhile (most of a
 * restart's time): `restart()`, once the server was killed (killMidWrites), starts it again on the
 * same data. `dispose()` ends both and removes the data.
 */
export async function firstLife(extraEnv: Record<string, string> = {}) {
  const data = await crashData();
  const env = { ...data.env, ...extraEnv };
  let first: CrashServer;
  try {
    first = await spawnServer(env, false).start();
  } catch (err) {
    await data.dispose();
    throw err;
  }
  const next = spawnServer(env, true);
  return {
    server: first,
    dataDir: data.dataDir,
    restart: async () => {
      if (first.child.exitCode === null && first.child.signalCode === null)
        throw new Error('the first server is still running');
      return next.start();
    },
    dispose: async () => {
      await killServer(first);
      await killServer(next);
      await data.dispose();
    },
  };
}

/**
 * `lanes` writers at once, each calling `write(lane, n)` for n = 0, 1, … Once `enough()` holds
 * after a write, the server is killed with SIGKILL while the other lanes still have requests in
 * flight; their failures from then on are the kill's. A failure before it fails the test.
 */
export async function killMidWrites(
  server: CrashServer,
  lanes: number,
  write: (lane: number, n: number) => Promise<void>,
  enough: () => boolean,
) {
  let killed = false;
  const kill = () => {
    if (killed) return;
    killed = true;
    server.child.kill('SIGKILL');
  };
  const writers = Array.from({ length: lanes }, async (_, lane) => {
    for (let n = 0; !killed; n++) {
      try {
        await write(lane, n);
      } catch (err) {
        if (killed) return;
        kill();
        throw err;
      }
      if (enough()) kill();
    }
  });
  const results = await Promise.allSettled(writers);
  await server.exited;
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}

export type Session = { cookie: string; 'x-xsrf-token': string };

/** A browser of the test: the XSRF pair and the session cookie, over real HTTP. */
export async function signIn(
  base: string,
  email = TEST_ADMIN_EMAIL,
  password = TEST_ADMIN_PASSWORD,
): Promise<Session> {
  const xsrf = randomBytes(16).toString('hex');
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `${XSRF_COOKIE}=${xsrf}`,
      'x-xsrf-token': xsrf,
    },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const session = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('zema_session='));
  expect(session).toBeDefined();
  return { cookie: `${XSRF_COOKIE}=${xsrf}; ${session}`, 'x-xsrf-token': xsrf };
}

/**
 * A JSON call as `session` (or none) that answers its status and body. It never throws on a
 * status: a writer throws on what it does not expect, so the kill's cut-off requests are told apart.
 */
export async function call<T = unknown>(
  base: string,
  session: Session | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...session,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    // A string goes as it is (bytes a signature was made over), anything else as JSON.
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: the text as it came.
  }
  return { status: res.status, body: parsed as T };
}

/** Users made by the admin, signed in, each its own browser. */
export async function createUsers(base: string, admin: Session, count: number, label: string) {
  const password = `crash-${randomBytes(8).toString('hex')}`;
  const tag = randomBytes(4).toString('hex');
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const email = `${label}-${i}-${tag}@zema.test`;
      const res = await call<{ user: { id: number } }>(base, admin, 'POST', '/api/v1/admin/users', {
        email,
        password,
        email_verified: true,
        first_name: `${label} ${i}`,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return { id: res.body.user.id, session: await signIn(base, email, password) };
    }),
  );
}
