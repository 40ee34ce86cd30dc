// The notifications list API for `npm run bench` (issue 13 item 8): GET /api/v1/notifications (the
// first page of 30, rendered in the reader's language) at 200 connections with autocannon, next to
// GET /api/v1/users/me — an authenticated read through the same stack and database — measured in
// the same run, alternately. The reader has 1 000 notifications among 200 000 of 2 000 other users,
// so the (user, created_at) index is what keeps the page cheap. Goal: p99 < 25 ms.
//
//   node scripts/bench/notifications-list.mjs            (after a build; PGlite)
//   BENCH_SERVER=<bundle> measures another build; BENCH_SECONDS (default 8) per run;
//   BENCH_DATABASE_URL=postgres://… also runs against PostgreSQL (the database is filled once).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { root } from '../lib.mjs';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');

const CONNECTIONS = Number(process.env.BENCH_NOTIF_CONNECTIONS ?? 200);
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const GOAL_P99_MS = 25;
const OTHER_USERS = 2_000;
const PER_OTHER = 100;
const MINE = 1_000;
const EMAIL = 'bench-notifications@zema.test';
const PASSWORD = 'bench-password';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function startZema(env, port) {
  const server = process.env.BENCH_SERVER ?? 'apps/server/dist/main.js';
  const args = server.endsWith('.ts') ? ['--import', 'tsx', server] : [server];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: EMAIL,
      ADMIN_PASSWORD: PASSWORD,
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
const stop = (child) =>
  new Promise((r) => {
    if (child.exitCode !== null) return r();
    child.once('exit', r);
    child.kill('SIGTERM');
  });

/** Fills the notifications table once: the reader's rows and many other users' rows. */
async function fill(query) {
  const [{ n }] = await query(
    "select count(*)::int as n from users where email like 'bench-notif-%@example.test'",
  );
  if (n >= OTHER_USERS) return;
  const t0 = performance.now();
  await query(`
    insert into users (email, first_name, last_name, email_verified_at)
    select 'bench-notif-' || i || '@example.test', 'Fan', 'Number ' || i, now()
    from generate_series(1, ${OTHER_USERS}) i on conflict do nothing`);
  const params = (who) =>
    `jsonb_build_object('followerId', ${who}, 'followerName', 'Fan ' || ${who}, 'followerAvatar', null)`;
  await query(`
    insert into notifications (user_id, type, params, read_at, created_at, updated_at)
    select u.id, 'user.followed', ${params('g')},
           case when g % 3 = 0 then now() else null end,
           now() - g * interval '1 minute', now()
    from users u cross join generate_series(1, ${PER_OTHER}) g
    where u.email like 'bench-notif-%@example.test'`);
  await query(`
    insert into notifications (user_id, type, params, read_at, created_at, updated_at)
    select u.id,
           case when g % 2 = 0 then 'user.followed' else 'playlist.collaborator_added' end,
           case when g % 2 = 0 then ${params('g')}
                else jsonb_build_object('playlistId', g, 'playlistName', 'Mix ' || g, 'byUserName', 'Hana') end,
           case when g % 4 = 0 then now() else null end,
           now() - g * interval '1 minute', now()
    from users u cross join generate_series(1, ${MINE}) g
    where u.email = '${EMAIL}'`);
  await query('analyze notifications');
  console.log(
    `  ${OTHER_USERS * PER_OTHER + MINE} notifications written in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}

async function login(base) {
  const xsrf = 'bench-xsrf-token-0123456789abcdef';
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`login answered ${res.status}: ${await res.text()}`);
  return [...res.headers.getSetCookie().map((c) => c.split(';')[0]), `XSRF-TOKEN=${xsrf}`].join('; ');
}

async function load(url, cookie, duration = DURATION) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration, headers: { cookie } });
  if (r.non2xx || r.errors || r.timeouts) {
    console.warn(`  warning: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts for ${url}`);
  }
  return r;
}

async function benchAgainst(label, env) {
  const port = await freePort();
  const zema = await startZema(env, port);
  const base = `http://127.0.0.1:${port}`;
  try {
    const cookie = await login(base);
    const first = await (await fetch(`${base}/api/v1/notifications`, { headers: { cookie } })).json();
    if (first.pagination?.data?.length !== 30)
      throw new Error(`unexpected first page: ${JSON.stringify(first).slice(0, 200)}`);
    // Warm both up, then alternate so the machine's drift hits both alike.
    await load(`${base}/api/v1/users/me`, cookie, 1);
    await load(`${base}/api/v1/notifications`, cookie, 1);
    const ref = await load(`${base}/api/v1/users/me`, cookie);
    const list = await load(`${base}/api/v1/notifications`, cookie);
    console.log(`\n[${label}] ${CONNECTIONS} connections, ${DURATION} s each`);
    const row = (name, r) =>
      `  ${name.padEnd(38)} ${r.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms`;
    console.log(row('reference: GET users/me', ref));
    console.log(row('GET notifications (page 1 of 30)', list));
    const verdict = !list.requests.total
      ? 'not measured (no answer within the run)'
      : list.latency.p99 < GOAL_P99_MS
        ? 'ok'
        : 'OVER';
    console.log(
      `  p99 ${(list.latency.p99 / Math.max(ref.latency.p99, 1)).toFixed(2)}× the reference's; goal p99 < ${GOAL_P99_MS} ms: ${verdict}`,
    );
  } finally {
    await stop(zema);
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'zema-bench-notif-'));
const postgresUrl = process.env.BENCH_DATABASE_URL;
delete process.env.DATABASE_URL;
delete process.env.REDIS_URL;
try {
  console.log('Notifications list API');
  // The server migrates and seeds on its first start; the rows are added with it stopped.
  await stop(await startZema({ DATA_DIR: dataDir }, await freePort()));
  const db = new PGlite(join(dataDir, 'db'), { extensions: { pg_trgm } });
  try {
    await fill(async (text) => (await db.exec(text)).at(-1)?.rows ?? []);
  } finally {
    await db.close();
  }
  await benchAgainst('PGlite', { DATA_DIR: dataDir });
  if (postgresUrl) {
    const pgData = mkdtempSync(join(tmpdir(), 'zema-bench-notif-pg-'));
    const pool = new pg.Pool({ connectionString: postgresUrl, max: 1 });
    try {
      await stop(await startZema({ DATA_DIR: pgData, DATABASE_URL: postgresUrl }, await freePort()));
      await fill(async (text) => (await pool.query(text)).rows);
      await benchAgainst('PostgreSQL', { DATA_DIR: pgData, DATABASE_URL: postgresUrl });
    } finally {
      await pool.end();
      rmSync(pgData, { recursive: true, force: true });
    }
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
