// Soak (docs/benchmarks.md, "Production"): one Zema instance (the build, PGlite, a fresh DATA_DIR
// with the demo catalogue) under a moderate mixed load for SOAK_MINUTES (10): visitors browsing
// (bootstrap data, the discover channel, artist and album pages, searches, 64 KB ranges of the demo
// tracks' streams) and a signed-in listener liking and unliking tracks and reading their likes. Every SOAK_SAMPLE_SECONDS
// (10) it samples the server's RSS (/proc/<pid>/status) and, from its Prometheus metrics
// (METRICS_TOKEN on the main port), the JavaScript heap in use and the event-loop lag p99 of the
// interval (prom-client resets its lag histogram at each scrape). It prints:
//   - RSS after the warm-up and at the end, and its slope (least squares, MB per minute)
//   - the event-loop lag p99, median and worst of the intervals
//   - requests, the three slowest routes' p99, and errors (any status but the expected 200 / 206:
//     must be 0)
//   - "memory flat" when the last third's mean RSS is within 10 % of the first third's
// The reference is the same server idle for one sample interval before the load (its RSS and
// event-loop lag p99), and for the drift the first third of the soak.
// Run by `npm run bench`, or alone: node scripts/bench/soak.mjs (after a build; BENCH_SERVER another
// server entry). SOAK_WARMUP_SECONDS (30) of load come before the first sample; SOAK_RATE (100)
// requests a second from SOAK_WORKERS (8) clients in all.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fmt, freePort, login, median, runThenCleanUp, sleep, startZema, stop } from './zema-process.mjs';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const SAMPLE_S = Number(process.env.SOAK_SAMPLE_SECONDS ?? 10);
const WARMUP_S = Number(process.env.SOAK_WARMUP_SECONDS ?? 30);
const RATE = Number(process.env.SOAK_RATE ?? 100);
const WORKERS = Number(process.env.SOAK_WORKERS ?? 8);
const ADMIN = { email: 'bench@zema.test', password: 'bench-password' };
const METRICS_TOKEN = 'soak-metrics-token-0123456789abcdef';

const dataDir = mkdtempSync(join(tmpdir(), 'zema-bench-soak-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const zema = await startZema(
  { DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', METRICS_TOKEN },
  port,
  ADMIN,
);

const rssMb = () => {
  const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${zema.pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
};

/** One scrape: the values of the named metrics (no labels). */
async function scrape() {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (!res.ok) throw new Error(`/metrics answered ${res.status}`);
  const values = {};
  for (const line of (await res.text()).split('\n')) {
    const m = /^(zema_[a-z0-9_]+) ([0-9.eE+-]+|NaN)$/.exec(line);
    if (m) values[m[1]] = Number(m[2]);
  }
  return {
    rss: values.zema_process_resident_memory_bytes / 1048576,
    heap: values.zema_nodejs_heap_size_used_bytes / 1048576,
    lagP99: values.zema_nodejs_eventloop_lag_p99_seconds * 1000,
  };
}

/** Least-squares slope of `ys` over `xs`. */
function slope(xs, ys) {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (xs[i] - mx) * (ys[i] - my);
    den += (xs[i] - mx) ** 2;
  }
  return den ? num / den : 0;
}
const mean = (list) => list.reduce((a, b) => a + b, 0) / list.length;

await runThenCleanUp(run, async () => {
  await stop(zema);
  rmSync(dataDir, { recursive: true, force: true });
});

async function run() {
  const cookie = await login(base, ADMIN);
  const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(cookie)[1]);
  const getJson = async (path) => {
    const res = await fetch(base + path);
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return res.json();
  };

  // What the visitors browse: the demo catalogue's artists, albums and tracks.
  const found = await getJson('/api/v1/search?query=a&types=artist,album,track&perPage=50');
  const artists = found.results.artist.data.map((a) => a.id);
  const albums = found.results.album.data.map((a) => a.id);
  const tracks = found.results.track.data.filter((t) => t.stream_url).map((t) => t.id);
  if (!artists.length || !tracks.length) throw new Error('the demo catalogue is missing');
  const sizes = new Map();
  for (const id of tracks.slice(0, 10)) {
    const res = await fetch(`${base}/api/v1/tracks/${id}/stream`, { headers: { range: 'bytes=0-0' } });
    await res.arrayBuffer();
    if (res.status === 206) sizes.set(id, Number(res.headers.get('content-range')?.split('/')[1]));
  }
  if (!sizes.size) throw new Error('no demo track streams');
  const queries = ['addis', 'tizita', 'groove', 'night', 'jazz', 'bole', 'ethio', 'road', 'blue nile'];
  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  const user = { cookie, 'x-xsrf-token': xsrf };

  /** Each ask: a request and the statuses it may answer. */
  const asks = [
    { weight: 3, make: () => ['/api/v1/bootstrap-data'] },
    { weight: 1, make: () => ['/api/v1/channels/discover'] },
    { weight: 3, make: () => [`/api/v1/artists/${pick(artists)}`] },
    ...(albums.length ? [{ weight: 2, make: () => [`/api/v1/albums/${pick(albums)}`] }] : []),
    { weight: 2, make: () => [`/api/v1/search?query=${encodeURIComponent(pick(queries))}`] },
    {
      weight: 3,
      make: () => {
        const id = pick([...sizes.keys()]);
        const start = Math.floor(Math.random() * Math.max(1, sizes.get(id) - 65_536));
        const end = Math.min(sizes.get(id), start + 65_536) - 1;
        return [`/api/v1/tracks/${id}/stream`, { headers: { range: `bytes=${start}-${end}` } }, 206];
      },
    },
    {
      weight: 1,
      make: () => [`/api/v1/me/likes/track/${pick(tracks)}`, { method: 'PUT', headers: user }],
    },
    {
      weight: 1,
      make: () => [`/api/v1/me/likes/track/${pick(tracks)}`, { method: 'DELETE', headers: user }],
    },
    { weight: 1, make: () => ['/api/v1/me/likes/ids', { headers: { cookie } }] },
  ];
  const deck = asks.flatMap((a) => Array(a.weight).fill(a));

  // The reference: the same server idle for one interval.
  await scrape();
  await sleep(SAMPLE_S * 1000);
  const idle = { ...(await scrape()), rss: rssMb() };

  let requests = 0;
  const errors = new Map();
  /** Milliseconds per request during the soak (not the warm-up), by route. */
  const latencies = new Map();
  let measuring = false;
  let running = true;
  const worker = async () => {
    const gap = (1000 * WORKERS) / RATE;
    while (running) {
      const t0 = performance.now();
      const [path, init = {}, expected = 200] = pick(deck).make();
      const route = path.replace(/\/\d+/g, '/{id}').replace(/\?.*/, '');
      try {
        const res = await fetch(base + path, init);
        await res.arrayBuffer();
        requests++;
        if (measuring) {
          const key = `${init.method ?? 'GET'} ${route}`;
          if (!latencies.has(key)) latencies.set(key, []);
          latencies.get(key).push(performance.now() - t0);
        }
        if (res.status !== expected) {
          const key = `${init.method ?? 'GET'} ${route}: ${res.status}`;
          errors.set(key, (errors.get(key) ?? 0) + 1);
        }
      } catch (err) {
        const key = `${init.method ?? 'GET'} ${route}: ${err.cause?.code ?? err.message}`;
        errors.set(key, (errors.get(key) ?? 0) + 1);
      }
      const left = gap - (performance.now() - t0);
      if (left > 0) await sleep(left);
    }
  };
  const workers = Array.from({ length: WORKERS }, worker);

  await sleep(WARMUP_S * 1000);
  await scrape(); // the lag histogram restarts here
  const requestsAtStart = requests;
  measuring = true;
  const t0 = performance.now();
  const samples = [];
  const end = t0 + MINUTES * 60_000;
  for (;;) {
    const wait = Math.min(SAMPLE_S * 1000, end - performance.now());
    if (wait > 0) await sleep(wait);
    const m = await scrape();
    samples.push({ minute: (performance.now() - t0) / 60_000, rss: rssMb(), ...m });
    if (performance.now() >= end - 1) break;
  }
  running = false;
  await Promise.all(workers);

  const rss = samples.map((s) => s.rss);
  const third = Math.max(1, Math.floor(samples.length / 3));
  const first = mean(rss.slice(0, third));
  const last = mean(rss.slice(-third));
  const lags = samples.map((s) => s.lagP99);
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
  const soaked = requests - requestsAtStart;
  const seconds = (performance.now() - t0) / 1000;

  console.log(
    `\nSoak: one instance (PGlite), ${fmt(MINUTES, 1)} min after ${WARMUP_S} s of warm-up, ${WORKERS} clients at ${RATE} req/s in all, sampled every ${SAMPLE_S} s`,
  );
  console.log(
    `  idle, before the load  RSS ${fmt(idle.rss)} MB, event-loop lag p99 ${fmt(idle.lagP99, 1)} ms (the reference)`,
  );
  console.log(
    `  RSS                    ${fmt(rss[0])} MB → ${fmt(rss.at(-1))} MB   slope ${fmt(
      slope(
        samples.map((s) => s.minute),
        rss,
      ),
      2,
    )} MB/min`,
  );
  console.log(
    `  JS heap in use         ${fmt(samples[0].heap)} MB → ${fmt(samples.at(-1).heap)} MB   slope ${fmt(
      slope(
        samples.map((s) => s.minute),
        samples.map((s) => s.heap),
      ),
      2,
    )} MB/min`,
  );
  console.log(
    `  event-loop lag p99     median ${fmt(median(lags), 1)} ms, worst ${fmt(Math.max(...lags), 1)} ms (of ${lags.length} intervals)`,
  );
  console.log(
    `  requests               ${soaked} in the soak (${fmt(soaked / seconds)} req/s), ${requests} with the warm-up`,
  );
  const p99 = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length * 0.99)];
  const routes = [...latencies].map(([key, list]) => ({ key, n: list.length, p99: p99(list) }));
  routes.sort((a, b) => b.p99 - a.p99);
  console.log(
    `  slowest routes, p99    ${routes
      .slice(0, 3)
      .map((r) => `${r.key} ${fmt(r.p99)} ms (${r.n})`)
      .join(', ')}`,
  );
  console.log(`  errors                 ${errorCount}${errorCount ? ' (must be 0)' : ''}`);
  for (const [key, n] of errors) console.log(`    ${key} × ${n}`);
  const flat = Math.abs(last - first) <= 0.1 * first;
  console.log(
    `  ${flat ? 'memory flat' : 'memory NOT flat'}: mean RSS ${fmt(first)} MB in the first third, ${fmt(last)} MB in the last (${last >= first ? '+' : '−'}${fmt((Math.abs(last - first) / first) * 100, 1)} %, limit 10 %)`,
  );
  if (errorCount || !flat) process.exitCode = 1;
}
