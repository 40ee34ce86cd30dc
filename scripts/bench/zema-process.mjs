// What the benchmarks that run a built Zema share: a free port, the server as a child process
// (started on its /health, stopped with SIGTERM), a signed-in cookie, and SQL against its database
// while it is stopped (PGlite) or beside it (PostgreSQL).
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { root } from '../lib.mjs';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/**
 * Starts `BENCH_SERVER` (default the build, apps/server/dist/main.js; a .ts entry runs through
 * tsx) on `port` with `env`, the admin account `admin` ({ email, password }); resolves once it
 * answers /health.
 */
export async function startZema(env, port, admin) {
  const server = process.env.BENCH_SERVER ?? 'apps/server/dist/main.js';
  const args = server.endsWith('.ts') ? ['--import', 'tsx', server] : [server];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).status === 200) return child;
    } catch {}
    await sleep(20);
  }
}

export const stop = (child) =>
  new Promise((r) => {
    if (child.exitCode !== null) return r();
    child.once('exit', r);
    child.kill('SIGTERM');
  });

/** Signs `admin` in; answers the cookie header every request then sends (session + XSRF pair). */
export async function login(base, admin) {
  const xsrf = 'bench-xsrf-token-0123456789abcdef';
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify(admin),
  });
  if (!res.ok) throw new Error(`login answered ${res.status}: ${await res.text()}`);
  return [...res.headers.getSetCookie().map((c) => c.split(';')[0]), `XSRF-TOKEN=${xsrf}`].join('; ');
}

/** Runs `fn(query)` on the PGlite database in `dir` (the server must be stopped). */
export async function withPglite(dir, fn) {
  const db = new PGlite(dir, { extensions: { pg_trgm } });
  try {
    return await fn(async (text) => (await db.exec(text)).at(-1)?.rows ?? []);
  } finally {
    await db.close();
  }
}

/** Runs `fn(query)` on the PostgreSQL database at `url`. */
export async function withPostgres(url, fn) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    return await fn(async (text) => (await pool.query(text)).rows);
  } finally {
    await pool.end();
  }
}
