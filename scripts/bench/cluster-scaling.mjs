// Cluster scaling (decision 0061): the same load through Debian's nginx to one Zema instance, then to
// two, on PostgreSQL, Redis and an S3 store (s3rver), as `npm run cluster` runs them
// (scripts/cluster/cluster.mjs: the instances from deploy/zema@.service, nginx from
// deploy/nginx/zema.conf with the streaming X-Accel mode on S3). The one-instance figures are the
// reference of the two-instance ones, measured in the same run:
//   1. GET /api/v1/artists/{id} (the artist page, guest), over the demo catalogue's artists
//   2. 256 KB ranges of an 8 MB track's GET /api/v1/tracks/{id}/stream (guest): an instance
//      authorises, nginx fetches the bytes from the store
// Each: requests/s and p99 with autocannon, and two ÷ one (goal ≥ 1.6× on a machine with spare
// cores; on 2 cores nginx, PostgreSQL, Redis, the store and the load generator share them).
// The store runs in a process of its own (scripts/bench/s3-process.mjs), not on the load generator's
// thread; the CPU each part used during each load is printed under it, in cores.
// Run by `npm run bench`, or alone: node scripts/bench/cluster-scaling.mjs (builds when needed).
//   BENCH_DATABASE_URL  a PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres);
//                       a database of its own is created there and dropped at the end
//   BENCH_REDIS_URL     default redis://127.0.0.1:6379: a free database (2–15) is claimed and emptied
//   S3_*                an existing bucket instead of s3rver (s3rver caps the stream figure)
//   BENCH_CLUSTER_ORDER 1,2 (default) or 2,1: which cluster is measured first
//   BENCH_SECONDS (10), BENCH_CONNECTIONS (50), BENCH_SETTLE_SECONDS (5, a pause after each start)
//   BENCH_SERVER        another server entry (a .ts one runs through tsx); set, nothing is built
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { NGINX, S3_ACCEL_PREFIX, startCluster } from '../cluster/cluster.mjs';
import { buildIfNeeded, root } from '../lib.mjs';
import { startS3Process } from './s3-process.mjs';
import { adminToken, benchTrack, fmt, sleep } from './zema-process.mjs';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');
const pg = require('pg');
const { Redis } = require('ioredis');

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** Which cluster runs first: `1,2` (default) or `2,1`, to see whether the order moves the ratio. */
const ORDER = (process.env.BENCH_CLUSTER_ORDER ?? '1,2').split(',').map(Number);
if (ORDER.length !== 2 || !ORDER.includes(1) || !ORDER.includes(2)) {
  throw new Error('BENCH_CLUSTER_ORDER is 1,2 or 2,1');
}
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 5);
const RANGE_BYTES = 256 * 1024;
const ADMIN = { email: 'bench@zema.test', password: 'bench-password' };

if (!NGINX) {
  console.log('\nCluster scaling: skipped (needs Debian package nginx: apt-get install nginx)');
  process.exit(0);
}
const server = process.env.BENCH_SERVER;
if (!server && !(await buildIfNeeded({ log: () => {} }))) process.exit(1);

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisBase = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const cores = availableParallelism();

/** Runs `sql` on the maintenance database of `serverUrl`. */
async function admin(sql) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A Redis database (2–15) nobody uses, claimed with a key; emptied when released. */
async function claimRedis() {
  const id = randomBytes(8).toString('hex');
  for (let db = 2; db <= 15; db++) {
    const url = new URL(redisBase);
    url.pathname = `/${db}`;
    const redis = new Redis(url.toString(), { maxRetriesPerRequest: 1, retryStrategy: () => null });
    redis.on('error', () => {});
    const claimed = await redis.set('zema-bench:claim', id, 'EX', 3600, 'NX');
    if (claimed === 'OK' && (await redis.dbsize()) === 1) {
      return {
        url: url.toString(),
        async release() {
          await redis.flushdb();
          await redis.quit();
        },
      };
    }
    if (claimed === 'OK') await redis.del('zema-bench:claim');
    await redis.quit();
  }
  throw new Error('no free Redis database (2–15) for the benchmark');
}

/** Checks a range answer through nginx: 206, 256 KB, the track's own bytes. */
async function checkRange(url, offset, bytes) {
  const until = Date.now() + 60_000;
  for (;;) {
    const res = await fetch(url, { headers: { range: `bytes=${offset}-${offset + RANGE_BYTES - 1}` } });
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status === 206) {
      if (!body.equals(bytes.subarray(offset, offset + RANGE_BYTES))) {
        throw new Error(`${url}: the range's bytes differ from the uploaded file`);
      }
      const via = res.headers.get('x-zema-upstream') ?? '';
      if (!via.includes(' : ')) throw new Error(`${url}: not streamed from the store (upstream ${via})`);
      return;
    }
    // The upload's processing stores the audio shortly after the answer.
    if (Date.now() > until) throw new Error(`${url}: expected 206, got ${res.status}`);
    await sleep(200);
  }
}

/** The demo catalogue's artist ids (each answers 200 to a guest). */
async function artistIds(base) {
  const res = await fetch(`${base}/api/v1/search?query=a&types=artist&perPage=50`);
  if (!res.ok) throw new Error(`search: ${res.status}`);
  const ids = (await res.json()).results.artist.data.map((a) => a.id);
  if (ids.length === 0) throw new Error('no artists in the catalogue');
  return ids;
}

/** CPU seconds a process has used (/proc/<pid>/stat: user + system, in clock ticks of 10 ms). */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}
/** nginx's master and its workers. */
function nginxPids(master) {
  try {
    const children = readFileSync(`/proc/${master}/task/${master}/children`, 'utf8').trim().split(/\s+/);
    return [master, ...children.filter(Boolean).map(Number)];
  } catch {
    return [master];
  }
}

/**
 * A warm-up, then BENCH_SECONDS of load; with the CPU each instance, nginx, the store and this
 * process (the load generator) used meanwhile, in cores.
 */
async function load(url, requests, headers = {}, cluster = null) {
  const opts = { url, connections: CONNECTIONS, pipelining: 1, headers, ...(requests ? { requests } : {}) };
  await autocannon({ ...opts, duration: Math.min(3, SECONDS) });
  const groups = cluster
    ? {
        ...Object.fromEntries(cluster.instances.map((i) => [`instance ${i.index}`, [i.pid]])),
        nginx: nginxPids(cluster.nginx.pid),
        ...(store.pid ? { store: [store.pid] } : {}),
        'load generator': [process.pid],
      }
    : {};
  const used = (pids) => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  const before = Object.fromEntries(Object.entries(groups).map(([k, pids]) => [k, used(pids)]));
  const t0 = performance.now();
  const r = await autocannon({ ...opts, duration: SECONDS });
  const wall = (performance.now() - t0) / 1000;
  const cpu = Object.entries(groups)
    .map(([k, pids]) => `${k} ${fmt((used(pids) - before[k]) / wall, 2)}`)
    .join(', ');
  return { rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors, cpu };
}

/**
 * The store alone: the presigned GET an instance hands nginx (its X-Accel-Redirect, asked of the
 * instance directly), sent straight to the store with the same range. The ceiling of the stream
 * figure whatever the number of instances.
 */
async function storeUrl(cluster, path, range) {
  const res = await fetch(`${cluster.instances[0].url}${path}`, { headers: { range } });
  await res.arrayBuffer();
  const target = res.headers.get('x-accel-redirect');
  if (!target?.startsWith(S3_ACCEL_PREFIX)) throw new Error(`${path}: no X-Accel-Redirect to the store`);
  return `${cluster.s3.endpoint}/${target.slice(S3_ACCEL_PREFIX.length)}`;
}

/** Instance and nginx lines at warning level or worse (JSON logs: level ≥ 40), by message. */
const problems = new Map();
const onOutput = (line, instance) => {
  if (!line.trim()) return;
  const who = instance ? `instance ${instance.index}` : 'nginx';
  let key = line;
  let bad = !instance;
  try {
    const entry = JSON.parse(line);
    bad = entry.level >= 40;
    key = `${entry.msg ?? ''} ${entry.err?.message ?? ''}`.trim();
  } catch {}
  if (!bad) return;
  const seen = problems.get(key);
  if (seen) seen.count++;
  else problems.set(key, { count: 1, first: `${who}: ${line.slice(0, 1200)}` });
};

const dbName = `zema_bench_cluster_${randomBytes(4).toString('hex')}`;
const databaseUrl = (() => {
  const u = new URL(serverUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
try {
  await admin(`create database "${dbName}"`);
} catch (err) {
  // Never the URL: it may hold a password.
  console.log(`\nCluster scaling: skipped (no PostgreSQL server at BENCH_DATABASE_URL: ${err.message})`);
  process.exit(0);
}
let redis;
try {
  redis = await claimRedis();
} catch (err) {
  await admin(`drop database if exists "${dbName}"`).catch(() => {});
  console.log(`\nCluster scaling: skipped (no Redis at BENCH_REDIS_URL: ${err.message})`);
  process.exit(0);
}
// S3_* of an existing bucket (as `npm run cluster` takes them), else s3rver in a process of its own
// (not on the load generator's thread); shared by both runs.
const store = process.env.S3_BUCKET
  ? {
      env: Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('S3_'))),
      pid: null,
      stop: async () => {},
    }
  : await startS3Process();
let dir;
let track;
let artists;
let offset;
const results = {};
try {
  for (const instances of ORDER) {
    const cluster = await startCluster({
      instances,
      dir,
      databaseUrl,
      redisUrl: redis.url,
      s3Env: store.env,
      server,
      onOutput,
      env: {
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        ...(existsSync(join(root, 'apps/web/dist/index.html'))
          ? {}
          : { WEB_DIST_DIR: join(root, 'apps/server/test/fixtures/web-dist') }),
      },
    });
    dir = cluster.dir;
    try {
      const base = cluster.url;
      if (!track) {
        track = await benchTrack(base, await adminToken(base, ADMIN));
        artists = await artistIds(base);
        offset = Math.floor(track.bytes.length / 2);
      }
      const streamPath = `/api/v1/tracks/${track.id}/stream`;
      await checkRange(`${base}${streamPath}`, offset, track.bytes);
      // Start-up work (the first instance's seed, caches, jobs) settles before anything is timed.
      await sleep(SETTLE_SECONDS * 1000);
      const artist = await load(
        base,
        artists.map((id) => ({ method: 'GET', path: `/api/v1/artists/${id}` })),
        {},
        cluster,
      );
      const range = `bytes=${offset}-${offset + RANGE_BYTES - 1}`;
      const stream = await load(base, [{ method: 'GET', path: streamPath }], { range }, cluster);
      const alone = await load(await storeUrl(cluster, streamPath, range), undefined, { range });
      results[instances] = { artist, stream, store: alone };
    } finally {
      await cluster.stop();
    }
  }
} finally {
  await store.stop();
  await redis.release();
  await admin(`drop database if exists "${dbName}" with (force)`).catch(() => {});
  if (dir) rmSync(dir, { recursive: true, force: true });
}

const one = results[1];
const two = results[2];
const line = (label, r) =>
  `${label.padEnd(44)} ${fmt(r.rps).padStart(6)} req/s   p99 ${String(r.p99).padStart(4)} ms${
    r.non2xx || r.errors ? `   (${r.non2xx} non-2xx, ${r.errors} errors)` : ''
  }${r.cpu ? `\n${' '.repeat(6)}cores used: ${r.cpu}` : ''}`;
const ratio = (a, b) => `${' '.repeat(4)}2 ÷ 1: ${fmt(b.rps / a.rps, 2)}× (goal ≥ 1.6× with spare cores)`;
console.log(
  `\nCluster scaling through nginx, PostgreSQL + Redis + S3 (${process.env.S3_BUCKET ? 'S3_BUCKET' : 's3rver'}): ${CONNECTIONS} connections, ${SECONDS} s each, autocannon`,
);
console.log(line('  GET /api/v1/artists/{id} (guest), 1 instance', one.artist));
console.log(line('  GET /api/v1/artists/{id} (guest), 2 instances', two.artist));
console.log(ratio(one.artist, two.artist));
console.log(line('  256 KB stream ranges (X-Accel, S3), 1 instance', one.stream));
console.log(line('  256 KB stream ranges (X-Accel, S3), 2 instances', two.stream));
console.log(ratio(one.stream, two.stream));
console.log(
  line('  the store alone, same range (runs 1 · 2)', {
    ...one.store,
    rps: (one.store.rps + two.store.rps) / 2,
    p99: Math.max(one.store.p99, two.store.p99),
  }),
);
console.log(
  `    streams through nginx: ${fmt(one.stream.rps / one.store.rps, 2)}× · ${fmt(two.stream.rps / two.store.rps, 2)}× the store alone (its figure caps theirs)`,
);
console.log(
  `  this machine: ${cores} cores${
    cores <= 2
      ? ' — nginx, PostgreSQL, Redis, the store and the load generator share them with the instances, so a second instance has little to gain here'
      : ''
  }`,
);
if (problems.size) {
  console.log('  warnings and errors printed by the instances or nginx (count, first line):');
  for (const { count, first } of [...problems.values()].slice(0, 10)) console.log(`    × ${count}  ${first}`);
}
const failed = [one.artist, two.artist, one.stream, two.stream, one.store, two.store].some(
  (r) => r.non2xx || r.errors,
);
if (failed) process.exitCode = 1;
