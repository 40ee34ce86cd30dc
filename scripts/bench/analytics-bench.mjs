// The admin dashboard over 10 million generated plays (scripts/bench/play-history.mjs on top of the
// large catalogue): each chart query of GET api/v1/admin/analytics, timed at the service level (the
// functions the route calls, on the server's own database client) for every range of the picker
// in a UTC+3 zone, p50/p95 over repeated runs — next to the same numbers computed by a plain
// GROUP BY over the raw plays in the same run, and their ratio (what the rollups buy). Each
// reference's answer is compared with the dashboard's. Budget: every chart query p95 < 100 ms.
//
// Run by `npm run bench`, or alone (it loads the server's TypeScript through tsx):
//   node --import tsx scripts/bench/analytics-bench.mjs
// BENCH_ANALYTICS_DIR=<dir> keeps (and reuses) the PGlite DATA_DIR; BENCH_DATABASE_URL=postgres://…
// adds PostgreSQL (filled once, then reused); BENCH_PLAYS=1000000 for a smaller history;
// BENCH_ONLY=pglite or postgres runs one leg; BENCH_RUNS (default 20) timed runs per chart query, BENCH_REFERENCE_RUNS (default 3) per GROUP BY
// (seconds each on PGlite at 10 million plays: its p95 is the slowest of those runs).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createDatabase, queryRows } from '../../apps/server/src/db/client.ts';
import {
  DASHBOARD_QUERIES,
  getDashboard,
  resolveRange,
} from '../../apps/server/src/modules/system/analytics.service.ts';
import { quantile, runScript } from './zema-process.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const REFERENCE_RUNS = Number(process.env.BENCH_REFERENCE_RUNS ?? 3);
const PLAYS = process.env.BENCH_PLAYS ?? '10000000';
const TIME_ZONE = 'Africa/Addis_Ababa';
const RANGES = ['today', '7d', '30d', '90d', '12m'];
const BUDGET_MS = 100;

async function time(fn, runs) {
  const times = [];
  let result;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    result = await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95), result };
}

/** The large catalogue, then the play history (each kept when already there). */
async function generate(args, env = {}) {
  const t0 = performance.now();
  const catalogue = await runScript(
    'scripts/bench/large-catalogue.mjs',
    [...args, '--if-empty', '--quiet'],
    env,
  );
  if (catalogue !== 0 && catalogue !== 3) throw new Error(`large-catalogue.mjs exited with ${catalogue}`);
  const history = await runScript('scripts/bench/play-history.mjs', [...args, '--plays', PLAYS], env);
  if (history !== 0 && history !== 3) throw new Error(`play-history.mjs exited with ${history}`);
  if (catalogue === 0 || history === 0)
    console.log(`  generated in ${((performance.now() - t0) / 1000).toFixed(0)} s (process start to exit)`);
}

const iso = (ms) => new Date(ms).toISOString();
const span = (s, e) => sql`played_at >= ${iso(s)}::timestamptz and played_at < ${iso(e)}::timestamptz`;
const bounds = (r) => `{${r.buckets.map(iso).join(',')}}`;
const sortedByPlays = (rows) =>
  rows.sort((a, b) => b.plays - a.plays || String(a.key).localeCompare(String(b.key)));

/** The same numbers by a plain GROUP BY over the raw plays; each returns what the chart shows. */
const REFERENCES = {
  playsKpi: async (db, r) => {
    const [row] = await queryRows(
      db,
      sql`select count(*) filter (where ${span(r.start, r.end)})::int as value,
                 count(*) filter (where ${span(r.previousStart, r.previousEnd)})::int as previous
          from plays where ${span(Math.min(r.start, r.previousStart), r.end)}`,
    );
    return row;
  },
  listenersKpi: async (db, r) => {
    const [row] = await queryRows(
      db,
      sql`select count(distinct listener) filter (where ${span(r.start, r.end)})::int as value,
                 count(distinct listener) filter (where ${span(r.previousStart, r.previousEnd)})::int as previous
          from plays where ${span(Math.min(r.start, r.previousStart), r.end)}`,
    );
    return row;
  },
  playsSeries: async (db, r) => {
    const rows = await queryRows(
      db,
      sql`select width_bucket(played_at, ${bounds(r)}::timestamptz[]) as i, count(*)::int as n
          from plays where ${span(r.start, r.end)} group by 1`,
    );
    const out = new Array(r.buckets.length).fill(0);
    for (const row of rows) out[row.i - 1] = row.n;
    return out;
  },
  listenersSeries: async (db, r) => {
    const rows = await queryRows(
      db,
      sql`select width_bucket(played_at, ${bounds(r)}::timestamptz[]) as i, count(distinct listener)::int as n
          from plays where ${span(r.start, r.end)} group by 1`,
    );
    const out = new Array(r.buckets.length).fill(0);
    for (const row of rows) out[row.i - 1] = row.n;
    return out;
  },
  topTracks: (db, r) =>
    queryRows(
      db,
      sql`select track_id as id, count(*)::int as plays from plays where ${span(r.start, r.end)}
          group by 1 order by 2 desc, 1 limit 10`,
    ),
  topArtists: (db, r) =>
    queryRows(
      db,
      sql`select ta.artist_id as id, count(*)::int as plays from plays p join track_artist ta on ta.track_id = p.track_id
          where ${span(r.start, r.end)} group by 1 order by 2 desc, 1 limit 10`,
    ),
  topAlbums: (db, r) =>
    queryRows(
      db,
      sql`select t.album_id as id, count(*)::int as plays from plays p join tracks t on t.id = p.track_id
          where ${span(r.start, r.end)} and t.album_id is not null group by 1 order by 2 desc, 1 limit 10`,
    ),
  breakdowns: async (db, r) => {
    const rows = await queryRows(
      db,
      sql`select grouping(country, device_type, platform, browser) as g,
                 coalesce(country, device_type, platform, browser) as key, count(*)::int as plays
          from plays where ${span(r.start, r.end)}
          group by grouping sets ((country), (device_type), (platform), (browser))`,
    );
    const list = (g) =>
      sortedByPlays(rows.filter((x) => x.g === g).map(({ key, plays }) => ({ key, plays })));
    return { by_country: list(7), by_device_type: list(11), by_platform: list(13), by_browser: list(14) };
  },
};

/** What the dashboard's function answered, in the reference's shape, to compare. */
const comparable = {
  playsKpi: (x) => x,
  listenersKpi: (x) => x,
  playsSeries: (x) => x,
  listenersSeries: (x) => x,
  topTracks: (x) => x.slice(0, 10).map(({ id, plays }) => ({ id, plays })),
  topArtists: (x) => x.slice(0, 10).map(({ id, plays }) => ({ id, plays })),
  topAlbums: (x) => x.slice(0, 10).map(({ id, plays }) => ({ id, plays })),
  breakdowns: (x) =>
    Object.fromEntries(Object.entries(x).map(([k, list]) => [k, sortedByPlays(list.map((e) => ({ ...e })))])),
};

async function benchAgainst(label, env) {
  const handle = await createDatabase(loadConfig({ LOG_LEVEL: 'silent', ...env }));
  const db = handle.db;
  try {
    const [{ n }] = await queryRows(db, sql`select count(*)::int as n from plays`);
    const [{ r }] = await queryRows(db, sql`select count(*)::int as r from play_rollups`);
    console.log(
      `\n[${label}] ${n.toLocaleString('en')} plays, ${r.toLocaleString('en')} rollup rows; zone ${TIME_ZONE}`,
    );
    console.log(
      `  ${'range'.padEnd(6)} ${'chart query'.padEnd(16)} ${'rollups p50 / p95'.padEnd(20)} ${'GROUP BY plays p50 / max'.padEnd(26)} ratio   same answer`,
    );
    let worst = 0;
    const now = Date.now();
    for (const range of RANGES) {
      const r = resolveRange({ range, timezone: TIME_ZONE }, now);
      for (const [name, query] of Object.entries(DASHBOARD_QUERIES)) {
        // Listener counts of ended periods are kept once counted: the first view counts them.
        let firstView = '';
        if (name.startsWith('listeners')) {
          await db.execute(sql`delete from listener_counts`);
          const t0 = performance.now();
          await query(db, r);
          firstView = `   first view ${(performance.now() - t0).toFixed(0)} ms`;
        } else await query(db, r); // warm
        const ours = await time(() => query(db, r), RUNS);
        worst = Math.max(worst, ours.p95);
        const reference = REFERENCES[name];
        let refText = '—'.padEnd(26);
        let ratio = '—    ';
        let same = '';
        if (reference) {
          const theirs = await time(() => reference(db, r), REFERENCE_RUNS);
          refText = `${theirs.p50.toFixed(0)} / ${theirs.p95.toFixed(0)} ms`.padEnd(26);
          ratio = `${(theirs.p95 / ours.p95).toFixed(0)}×`.padEnd(5);
          same =
            JSON.stringify(comparable[name](ours.result)) === JSON.stringify(theirs.result) ? 'yes' : 'NO';
        }
        const flag = ours.p95 >= BUDGET_MS ? '  over budget' : '';
        console.log(
          `  ${range.padEnd(6)} ${name.padEnd(16)} ${`${ours.p50.toFixed(1)} / ${ours.p95.toFixed(1)} ms`.padEnd(20)} ${refText} ${ratio}   ${same}${flag}${firstView}`,
        );
      }
      const whole = await time(
        () => getDashboard({ db }, { range, timezone: TIME_ZONE }, now),
        Math.max(5, RUNS / 4),
      );
      console.log(
        `  ${range.padEnd(6)} ${'whole answer'.padEnd(16)} ${`${whole.p50.toFixed(1)} / ${whole.p95.toFixed(1)} ms`.padEnd(20)}`,
      );
    }
    console.log(`  slowest chart query p95 ${worst.toFixed(1)} ms (budget < ${BUDGET_MS} ms)`);
  } finally {
    await handle.close();
  }
}

const reuse = process.env.BENCH_ANALYTICS_DIR;
const dataDir = reuse ?? mkdtempSync(join(tmpdir(), 'zema-bench-analytics-'));
const postgresUrl = process.env.BENCH_DATABASE_URL;
delete process.env.DATABASE_URL;
delete process.env.REDIS_URL;
try {
  console.log('Admin dashboard over a generated play history');
  const only = process.env.BENCH_ONLY;
  if (only !== 'postgres') {
    await generate(['--pglite', join(dataDir, 'db')]);
    await benchAgainst('PGlite', { DATA_DIR: dataDir });
  }
  if (postgresUrl && only !== 'pglite') {
    await generate([], { DATABASE_URL: postgresUrl });
    await benchAgainst('PostgreSQL', { DATA_DIR: dataDir, DATABASE_URL: postgresUrl });
  }
} finally {
  if (!reuse) rmSync(dataDir, { recursive: true, force: true });
}
