// `npm run bench`: figures for docs/benchmarks.md, each next to a reference measured in the same run
// (these machines are noisy; ratios travel better than absolute numbers).
//  1. Start-up: process start → first 200 on /health, cold (empty DATA_DIR: migrations + seed)
//     and warm (existing DATA_DIR), and RSS after start — next to a bare Fastify process.
//  2. Throughput: GET /api/v1/bootstrap-data (guest) requests/s next to a bare Fastify JSON route.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfNeeded, root } from './lib.mjs';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

if (!(await buildIfNeeded({ log: () => {} }))) process.exit(1);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const rssMb = (pid) => {
  const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
};

async function startProcess(args, env, port) {
  const t0 = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health`);
      if (res.status === 200) break;
    } catch {}
    await sleep(5);
  }
  const ms = performance.now() - t0;
  await sleep(300);
  return { child, ms, rss: rssMb(child.pid) };
}
const stop = (child) =>
  new Promise((r) => {
    child.once('exit', r);
    child.kill('SIGTERM');
  });

async function load(url) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, pipelining: 1 });
  if (r.non2xx || r.errors) console.warn(`  warning: ${r.non2xx} non-2xx, ${r.errors} errors for ${url}`);
  return { rps: r.requests.average, p99: r.latency.p99 };
}

const fmt = (n, d = 0) => n.toFixed(d);
const dataDir = mkdtempSync(join(tmpdir(), 'zema-bench-'));
const zemaArgs = ['--enable-source-maps', 'apps/server/dist/main.js'];
const zemaEnv = { DATA_DIR: dataDir, ADMIN_PASSWORD: 'bench-password' };
delete process.env.DATABASE_URL;
delete process.env.REDIS_URL;

console.log('Zema benchmarks (PGlite, in-process drivers)\n');

const bare = await startProcess(['scripts/bench/bare-fastify.mjs'], {}, 18_090);
await stop(bare.child);
const cold = await startProcess(zemaArgs, zemaEnv, 18_080);
await stop(cold.child);
const warm = await startProcess(zemaArgs, zemaEnv, 18_080);

console.log('Start-up (process start → first 200)');
console.log(`  bare Fastify          ${fmt(bare.ms)} ms   RSS ${fmt(bare.rss)} MB`);
console.log(
  `  Zema, empty DATA_DIR  ${fmt(cold.ms)} ms   RSS ${fmt(cold.rss)} MB   (${fmt(cold.ms / bare.ms, 1)}× bare)`,
);
console.log(
  `  Zema, existing data   ${fmt(warm.ms)} ms   RSS ${fmt(warm.rss)} MB   (${fmt(warm.ms / bare.ms, 1)}× bare)`,
);

const payloadFile = join(dataDir, 'bootstrap.json');
writeFileSync(payloadFile, await (await fetch('http://127.0.0.1:18080/api/v1/bootstrap-data')).text());
const ref = await startProcess(
  ['scripts/bench/bare-fastify.mjs'],
  { SAME_PAYLOAD_FILE: payloadFile },
  18_090,
);
// Warm both up, then measure alternately so drift hits both alike.
await autocannon({ url: 'http://127.0.0.1:18090/json', connections: 10, duration: 1 });
await autocannon({ url: 'http://127.0.0.1:18080/api/v1/bootstrap-data', connections: 10, duration: 1 });
const bareRun = await load('http://127.0.0.1:18090/json');
const sameRun = await load('http://127.0.0.1:18090/same-payload');
const bootRun = await load('http://127.0.0.1:18080/api/v1/bootstrap-data');
await stop(ref.child);
await stop(warm.child);

console.log(`\nThroughput (${CONNECTIONS} connections, ${DURATION} s each)`);
const kb = (readFileSync(payloadFile).length / 1024).toFixed(1);
console.log(
  `  bare Fastify GET /json (17 B)               ${fmt(bareRun.rps)} req/s   p99 ${bareRun.p99} ms`,
);
console.log(`  bare Fastify, same ${kb} kB JSON          ${fmt(sameRun.rps)} req/s   p99 ${sameRun.p99} ms`);
console.log(
  `  Zema GET /api/v1/bootstrap-data (guest)     ${fmt(bootRun.rps)} req/s   p99 ${bootRun.p99} ms`,
);
console.log(
  `  ratio: ${fmt(bootRun.rps / bareRun.rps, 2)}× bare /json, ${fmt(bootRun.rps / sameRun.rps, 2)}× bare with the same payload`,
);
rmSync(dataDir, { recursive: true, force: true });

// The budgets and Lighthouse scores of docs/benchmarks.md, each in its own process with its own servers.
for (const script of [
  'scripts/bench/streaming.mjs',
  'scripts/bench/tus-upload.mjs',
  // Loads the server's TypeScript (it runs the app in-process next to s3rver).
  ['--import', 'tsx', 'scripts/bench/s3-multipart.mjs'],
  'scripts/bench/request-cpu.mjs',
  // 5 000 live-event streams (its Zema server process loads the server's TypeScript itself).
  'scripts/bench/sse.mjs',
  ['--import', 'tsx', 'scripts/bench/radio.mjs'],
  'scripts/bench/subsonic.mjs',
  'scripts/bench/web.mjs',
  'scripts/bench/catalogue-bench.mjs',
  // sitemap.xml and a 10 000-address file over a large generated catalogue, cold and warm.
  'scripts/bench/sitemap.mjs',
  'scripts/bench/admin-tables.mjs',
  'scripts/bench/notifications-list.mjs',
  // Times the server's own service functions, so it loads their TypeScript.
  ['--import', 'tsx', 'scripts/bench/analytics-bench.mjs'],
  ['--import', 'tsx', 'scripts/bench/ingestion.mjs'],
  'scripts/bench/lighthouse.mjs',
  // Production (docs/benchmarks.md): one instance against two behind nginx on PostgreSQL, Redis
  // and S3; one instance under mixed load for SOAK_MINUTES (10).
  'scripts/bench/cluster-scaling.mjs',
  'scripts/bench/soak.mjs',
]) {
  const code = await new Promise((resolve) => {
    spawn(process.execPath, [script].flat(), { cwd: root, stdio: 'inherit' }).once('exit', resolve);
  });
  if (code !== 0) console.warn(`  warning: ${script} exited with ${code}`);
}
