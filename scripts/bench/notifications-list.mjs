// The notifications list API for `npm run bench`: GET /api/v1/notifications (the
// first page of 30, rendered in the reader's language) at 200 connections with autocannon, next to
// its floor measured in the same run, alternately: a bare Fastify process sending the very same
// answer (bytes and headers) with no work at all. The reader has 1 000 notifications among 200 000
// of 2 000 other users. Goal: p99 < 25 ms.
//
//   node scripts/bench/notifications-list.mjs            (after a build; PGlite)
//   BENCH_SERVER=<bundle> measures another build; BENCH_ROUNDS (default 3) alternating rounds of
//   BENCH_SECONDS (default 5) each;
//   BENCH_DATABASE_URL=postgres://… also runs against PostgreSQL (the database is filled once).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from '../lib.mjs';
import { freePort, login, sleep, startZema, stop, withPglite, withPostgres } from './zema-process.mjs';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');

const CONNECTIONS = Number(process.env.BENCH_NOTIF_CONNECTIONS ?? 200);
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const GOAL_P99_MS = 25;
const OTHER_USERS = 2_000;
const PER_OTHER = 100;
const MINE = 1_000;
const READER = { email: 'bench-notifications@zema.test', password: 'bench-password' };

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
    where u.email = '${READER.email}'`);
  await query('analyze notifications');
  console.log(
    `  ${OTHER_USERS * PER_OTHER + MINE} notifications written in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}

async function load(url, cookie, duration = DURATION) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration, headers: { cookie } });
  if (r.non2xx || r.errors || r.timeouts) {
    console.warn(`  warning: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts for ${url}`);
  }
  return r;
}

/** The floor: bare Fastify answering the bytes and headers Zema answered, fetched once. */
async function startFloor(answerUrl, cookie) {
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/bench/bare-fastify.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), SAME_ANSWER_URL: answerUrl, SAME_ANSWER_COOKIE: cookie },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the floor exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) break;
    } catch {}
    await sleep(20);
  }
  return { child, url: `http://127.0.0.1:${port}/same-answer` };
}

async function benchAgainst(label, env) {
  const port = await freePort();
  const zema = await startZema(env, port, READER);
  const base = `http://127.0.0.1:${port}`;
  const list = `${base}/api/v1/notifications`;
  let floor = null;
  try {
    const cookie = await login(base, READER);
    const first = await (await fetch(list, { headers: { cookie } })).json();
    if (first.pagination?.data?.length !== 30)
      throw new Error(`unexpected first page: ${JSON.stringify(first).slice(0, 200)}`);
    floor = await startFloor(list, cookie);
    // Warm both up, then alternate rounds so the machine's drift hits both alike; medians of the rounds.
    await load(floor.url, cookie, 1);
    await load(list, cookie, 1);
    const bareRuns = [];
    const zemaRuns = [];
    for (let round = 0; round < ROUNDS; round++) {
      bareRuns.push(await load(floor.url, cookie));
      zemaRuns.push(await load(list, cookie));
    }
    const median = (runs, pick) => runs.map(pick).sort((a, b) => a - b)[Math.floor(runs.length / 2)];
    const summary = (runs) => ({
      rps: median(runs, (r) => r.requests.average),
      p50: median(runs, (r) => r.latency.p50),
      p99: median(runs, (r) => r.latency.p99),
      total: runs.reduce((n, r) => n + r.requests.total, 0),
    });
    const bare = summary(bareRuns);
    const zema = summary(zemaRuns);
    console.log(
      `\n[${label}] ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${DURATION} s, medians`,
    );
    const row = (name, r) =>
      `  ${name.padEnd(44)} ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms`;
    console.log(row('floor: bare Fastify sending the same answer', bare));
    console.log(row('GET notifications (page 1 of 30)', zema));
    const verdict = !zema.total
      ? 'not measured (no answer within the run)'
      : zema.p99 < GOAL_P99_MS
        ? 'ok'
        : 'OVER';
    console.log(
      `  ${(zema.rps / Math.max(bare.rps, 1)).toFixed(2)}× the floor's throughput, p99 ${(zema.p99 / Math.max(bare.p99, 1)).toFixed(2)}× the floor's; goal p99 < ${GOAL_P99_MS} ms: ${verdict}`,
    );
  } finally {
    if (floor) await stop(floor.child);
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
  await stop(await startZema({ DATA_DIR: dataDir }, await freePort(), READER));
  await withPglite(join(dataDir, 'db'), fill);
  await benchAgainst('PGlite', { DATA_DIR: dataDir });
  if (postgresUrl) {
    const pgData = mkdtempSync(join(tmpdir(), 'zema-bench-notif-pg-'));
    try {
      await stop(await startZema({ DATA_DIR: pgData, DATABASE_URL: postgresUrl }, await freePort(), READER));
      await withPostgres(postgresUrl, fill);
      await benchAgainst('PostgreSQL', { DATA_DIR: pgData, DATABASE_URL: postgresUrl });
    } finally {
      rmSync(pgData, { recursive: true, force: true });
    }
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
