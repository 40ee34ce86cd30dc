// What the benchmarks share: a free port, the server as a child process (started on its /health,
// stopped with SIGTERM), a signed-in cookie or an admin's personal token, the 8 MB bench track, SQL
// against its database while it is stopped (PGlite) or beside it (PostgreSQL), the generators'
// connection, and the small helpers of their reports (fmt, median, quantiles).
// The database drivers are imported when first used: a benchmark without SQL does not load them.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { root, run } from '../lib.mjs';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A number with `d` decimals (none by default). */
export const fmt = (n, d = 0) => n.toFixed(d);

/** The middle value (the upper one of an even count). */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The value at index ⌊q·n⌋ of an ascending list (the last for q = 1). */
export const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** The nearest-rank quantile of an ascending list: its ⌈q·n⌉-th value. */
export const nearestRank = (sorted, q) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

/** A shell command's standard output, trimmed. */
export const sh = (cmd) => spawnSync('sh', ['-c', cmd], { encoding: 'utf8' }).stdout.trim();

/** packages/contracts/src/slugs.ts's slugify, for plain Node: a name as a page's address holds it. */
export const slugify = (name) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '') || 'item';

/** Runs a script of the repository with this Node, `env` over this process's; resolves with its exit code. */
export const runScript = (script, args, env = {}) =>
  run(process.execPath, [script, ...args], { env: { ...process.env, ...env } });

/** Runs `bench`, then `cleanUp` whatever happened: a failure is printed and fails the process. */
export async function runThenCleanUp(bench, cleanUp) {
  try {
    await bench();
  } catch (err) {
    console.error(err);
    process.exitCode = 1;
  } finally {
    await cleanUp();
  }
}

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

const XSRF = 'bench-xsrf-token-0123456789abcdef';

/** Signs `admin` in; answers the cookie header every request then sends (session + XSRF pair). */
export async function login(base, admin) {
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF },
    body: JSON.stringify(admin),
  });
  if (!res.ok) throw new Error(`login answered ${res.status}: ${await res.text()}`);
  return [...res.headers.getSetCookie().map((c) => c.split(';')[0]), `XSRF-TOKEN=${XSRF}`].join('; ');
}

/** `admin`'s personal token (signed in with `login`, then POST access-tokens): no XSRF after it. */
export async function adminToken(base, admin) {
  const cookie = await login(base, { ...admin, remember: false });
  const res = await fetch(`${base}/api/v1/access-tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', cookie, 'x-xsrf-token': XSRF },
    body: JSON.stringify({ tokenName: 'bench' }),
  });
  if (!res.ok) throw new Error(`access-tokens: ${res.status} ${await res.text()}`);
  return (await res.json()).plainTextToken;
}

/** Makes an 8 MB MP3 by joining the demo's MP3 files (whole frames, so it stays a valid stream). */
export function benchAudio() {
  const dir = join(root, 'apps/server/assets/demo/audio');
  const files = readdirSync(dir).filter((f) => f.endsWith('.mp3'));
  if (files.length === 0) throw new Error(`no demo MP3 in ${dir}`);
  const parts = [];
  let size = 0;
  for (let i = 0; size < 8 * 1024 * 1024; i++) {
    const buf = readFileSync(join(dir, files[i % files.length]));
    parts.push(buf);
    size += buf.length;
  }
  return Buffer.concat(parts);
}

/** "Bench Track" by "Bench Artist" with the 8 MB MP3 as its audio, made with `token`: `{ id, bytes }`. */
export async function benchTrack(base, token) {
  const auth = { authorization: `Bearer ${token}`, accept: 'application/json' };
  const json = async (path, body) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const { artist } = await json('/api/v1/artists', { name: 'Bench Artist' });
  const { track } = await json('/api/v1/tracks', { name: 'Bench Track', artist_ids: [artist.id] });
  const audio = benchAudio();
  const form = new FormData();
  form.append('file', new Blob([audio], { type: 'audio/mpeg' }), 'bench.mp3');
  const res = await fetch(`${base}/api/v1/tracks/${track.id}/audio`, {
    method: 'POST',
    headers: auth,
    body: form,
  });
  if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
  return { id: track.id, bytes: audio };
}

const pglite = async () => {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  return { PGlite, pg_trgm };
};

/** Runs `fn(query)` on the PGlite database in `dir` (the server must be stopped). */
export async function withPglite(dir, fn) {
  const { PGlite, pg_trgm } = await pglite();
  const db = new PGlite(dir, { extensions: { pg_trgm } });
  try {
    return await fn(async (text) => (await db.exec(text)).at(-1)?.rows ?? []);
  } finally {
    await db.close();
  }
}

/** Runs `fn(query)` on the PostgreSQL database at `url`. */
export async function withPostgres(url, fn) {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    return await fn(async (text) => (await pool.query(text)).rows);
  } finally {
    await pool.end();
  }
}

/**
 * The generators' database, migrated: PostgreSQL at DATABASE_URL, or PGlite in `pgliteDir` when
 * given or without DATABASE_URL (default DATA_DIR/db). One query interface over both drivers:
 * `{ name, query(text) → rows, close() }`.
 */
export async function openDatabase(pgliteDir) {
  const migrationsFolder = join(root, 'apps/server/src/db/migrations');
  const url = process.env.DATABASE_URL;
  if (url && !pgliteDir) {
    const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    await migrate(drizzle(pool), { migrationsFolder });
    return {
      name: 'PostgreSQL',
      query: async (text) => (await pool.query(text)).rows,
      close: () => pool.end(),
    };
  }
  const [{ PGlite, pg_trgm }, { drizzle }, { migrate }] = await Promise.all([
    pglite(),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const dir = pgliteDir ?? join(process.env.DATA_DIR ?? join(root, 'data'), 'db');
  mkdirSync(dir, { recursive: true });
  const client = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
  await migrate(drizzle(client), { migrationsFolder });
  return {
    name: `PGlite (${dir})`,
    // exec: the simple protocol, so one call may hold several statements (as with pg).
    query: async (text) => (await client.exec(text)).at(-1)?.rows ?? [],
    close: () => client.close(),
  };
}

/** `step(label, text)`: runs `text` on `db`, then logs the label and the seconds it took. */
export const timedSteps = (db, log) => async (label, text) => {
  const s = performance.now();
  await db.query(text);
  log(`  ${label.padEnd(34)} ${((performance.now() - s) / 1000).toFixed(1)} s`);
};
