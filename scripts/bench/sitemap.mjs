// The sitemap for `npm run bench`, against the large generated catalogue (large-catalogue.mjs:
// 100 000 tracks, 10 000 artists, 20 000 albums) plus 6 000 playlists, two in three public, on
// PGlite: GET /sitemap.xml and a full tracks file, GET /sitemaps/tracks-{n}.xml (10 000
// addresses), one request at a time as a crawler asks (Accept-Encoding: gzip), next to GET /health
// and the visitor's GET /api/v1/bootstrap-data measured in the same run.
//  - cold: the first request after a start, when nothing is cached. The index computes every kind's
//    file boundaries; a file asked after it reads its 10 000 rows; a file asked first (a crawler
//    that kept the file's address) computes its kind's boundaries too.
//  - warm: the same requests again while the documents are kept (an hour).
// Each cold figure comes from its own server start (BENCH_ROUNDS starts of each order, default 3).
// Goal: p95 < 200 ms for the index and for one file, cold.
//
//   node scripts/bench/sitemap.mjs                (after a build; BENCH_SERVER=<bundle or .ts entry>)
//   BENCH_CATALOGUE_DIR=<dir> reuses a DATA_DIR that already holds the generated catalogue.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, nearestRank, runScript, startZema, stop, withPglite } from './zema-process.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARM = 40;
const GOAL_MS = 200;
const ADMIN = { email: 'bench@zema.test', password: 'bench-password' };
const PLAYLISTS = 6_000;

const stats = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: nearestRank(sorted, 0.5), p95: nearestRank(sorted, 0.95), n: sorted.length };
};
const ms = (n) => `${n.toFixed(1).padStart(6)} ms`;

/** GET as a crawler: gzip accepted, the body read to its last byte; the time and the sizes. */
function timedGet(base, path) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = request(`${base}${path}`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => {
        bytes += chunk.length;
      });
      res.on('end', () => {
        const time = performance.now() - t0;
        if (res.statusCode !== 200) return reject(new Error(`GET ${path} answered ${res.statusCode}`));
        resolve({ time, bytes, encoding: res.headers['content-encoding'] ?? 'identity' });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function body(base, path) {
  const res = await fetch(base + path);
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
  return res.text();
}

async function sequential(base, path, n) {
  const times = [];
  for (let i = 0; i < n; i++) times.push((await timedGet(base, path)).time);
  return times;
}

/** Public and private playlists of one listener, added while the server is stopped. */
async function addPlaylists(query) {
  const [{ n }] = await query('select count(*)::int as n from playlists');
  if (n >= PLAYLISTS) return;
  await query(`
    insert into users (email, first_name, last_name, email_verified_at)
    values ('bench-sitemap@example.test', 'Playlist', 'Maker', now()) on conflict do nothing`);
  await query(`
    insert into playlists (owner_id, name, public)
    select u.id, 'Mix & match ' || g, g % 3 <> 0
    from generate_series(1, ${PLAYLISTS}) g, (select id from users where email = 'bench-sitemap@example.test') u`);
  await query('analyze playlists');
}

/** Runs large-catalogue.mjs into `dir` (a PGlite data folder). */
async function generate(dir) {
  const code = await runScript('scripts/bench/large-catalogue.mjs', ['--pglite', dir, '--quiet']);
  if (code !== 0) throw new Error(`large-catalogue.mjs exited with ${code}`);
}

/** One server start: `order` is what it asks first; answers the cold times and, once, the warm ones. */
async function round(env, order, trackFile, withWarm) {
  const port = await freePort();
  const zema = await startZema(env, port, ADMIN);
  const base = `http://127.0.0.1:${port}`;
  try {
    // The process itself warmed up (JIT, database buffers) on other routes, not on the sitemap.
    await sequential(base, '/health', 20);
    await sequential(base, '/api/v1/bootstrap-data', 20);
    const out = {};
    if (order === 'index-first') {
      out.indexCold = (await timedGet(base, '/sitemap.xml')).time;
      out.fileAfterIndex = await timedGet(base, `/sitemaps/tracks-${trackFile}.xml`);
    } else {
      out.fileFirst = (await timedGet(base, `/sitemaps/tracks-${trackFile}.xml`)).time;
      out.indexAfterFile = (await timedGet(base, '/sitemap.xml')).time;
    }
    if (withWarm) {
      const index = await body(base, '/sitemap.xml');
      out.files = (index.match(/<sitemap>/g) ?? []).length;
      const file = await body(base, `/sitemaps/tracks-${trackFile}.xml`);
      out.urls = (file.match(/<url>/g) ?? []).length;
      out.rawBytes = Buffer.byteLength(file);
      // Alternated, so the machine's drift hits every series alike.
      const series = { health: [], bootstrap: [], index: [], file: [] };
      for (let i = 0; i < WARM; i++) {
        series.health.push((await timedGet(base, '/health')).time);
        series.bootstrap.push((await timedGet(base, '/api/v1/bootstrap-data')).time);
        series.index.push((await timedGet(base, '/sitemap.xml')).time);
        series.file.push((await timedGet(base, `/sitemaps/tracks-${trackFile}.xml`)).time);
      }
      out.warm = series;
    }
    return out;
  } finally {
    await stop(zema);
  }
}

const reuse = process.env.BENCH_CATALOGUE_DIR;
const dataDir = reuse ?? mkdtempSync(join(tmpdir(), 'zema-bench-sitemap-'));
delete process.env.DATABASE_URL;
delete process.env.REDIS_URL;
console.log('\nSitemap over the large catalogue (PGlite, one request at a time, Accept-Encoding: gzip)');
try {
  if (!reuse || !existsSync(join(dataDir, 'db'))) await generate(join(dataDir, 'db'));
  const env = { DATA_DIR: dataDir };
  // The first start migrates and seeds what the generator left out; the playlists go in after it.
  await stop(await startZema(env, await freePort(), ADMIN));
  await withPglite(join(dataDir, 'db'), addPlaylists);

  const cold = { index: [], fileAfterIndex: [], fileFirst: [], indexAfterFile: [] };
  let warm;
  let sizes;
  for (let r = 0; r < ROUNDS; r++) {
    // Files spread over the table: the first, a middle and the last one (10 files of 10 000).
    const trackFile = [1, 5, 10][r % 3];
    const a = await round(env, 'index-first', trackFile, r === 0);
    cold.index.push(a.indexCold);
    cold.fileAfterIndex.push(a.fileAfterIndex.time);
    if (a.warm) {
      warm = a.warm;
      sizes = { ...a, gzipBytes: a.fileAfterIndex.bytes, encoding: a.fileAfterIndex.encoding };
    }
    const b = await round(env, 'file-first', trackFile, false);
    cold.fileFirst.push(b.fileFirst);
    cold.indexAfterFile.push(b.indexAfterFile);
  }

  const row = (label, times) => {
    const s = stats(times);
    return `  ${label.padEnd(58)} p50 ${ms(s.p50)}   p95 ${ms(s.p95)}   (n ${s.n})`;
  };
  const kb = (n) => `${(n / 1024).toFixed(0)} kB`;
  console.log(
    `  ${sizes.files} files in the index; a tracks file: ${sizes.urls} addresses, ${kb(sizes.rawBytes)} (${kb(sizes.gzipBytes)} ${sizes.encoding} on the wire)`,
  );
  console.log('  references, same run:');
  console.log(row('GET /health (select 1)', warm.health));
  console.log(row('GET /api/v1/bootstrap-data (visitor)', warm.bootstrap));
  console.log('  cold (first request after a start):');
  console.log(row("GET /sitemap.xml (every kind's boundaries)", cold.index));
  console.log(row('GET /sitemaps/tracks-{n}.xml after the index', cold.fileAfterIndex));
  console.log(row('GET /sitemaps/tracks-{n}.xml first (its boundaries too)', cold.fileFirst));
  console.log(row('GET /sitemap.xml after that file', cold.indexAfterFile));
  console.log('  warm (documents kept):');
  console.log(row('GET /sitemap.xml', warm.index));
  console.log(row('GET /sitemaps/tracks-{n}.xml', warm.file));
  const worst = Math.max(stats(cold.index).p95, stats(cold.fileFirst).p95, stats(cold.fileAfterIndex).p95);
  const ref = stats(warm.bootstrap).p95;
  console.log(
    `  ratio, warm p95: index ${(stats(warm.index).p95 / ref).toFixed(1)}×, tracks file ${(stats(warm.file).p95 / ref).toFixed(1)}× the bootstrap data's`,
  );
  console.log(
    `  goal p95 < ${GOAL_MS} ms, cold: ${worst < GOAL_MS ? 'ok' : 'OVER'} (worst cold p95 ${worst.toFixed(0)} ms)`,
  );
} finally {
  if (!reuse) rmSync(dataDir, { recursive: true, force: true });
}
