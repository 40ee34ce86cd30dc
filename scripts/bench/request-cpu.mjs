// Server CPU time per request (user + system, from /proc/<pid>/stat) for a few hot reads, next to a
// bare Fastify process answering the same kind of request. Unlike requests/s, the CPU a process
// spends per answer hardly moves when other jobs share the machine, so two builds can be compared
// on a busy one. autocannon, 50 connections, 60 000 requests per round after 20 000 to warm up;
// three rounds each.
//   - bare Fastify GET /json, and its X-Accel-Redirect answer (the floors)
//   - GET /api/v1/artists/{id} as a guest (cached page), over the demo catalogue's artists
//   - GET /api/v1/bootstrap-data as a visitor
//   - GET /api/v1/tracks/{id}/stream in X-Accel mode (authorise, name the file)
// Linux only. Run alone: node scripts/bench/request-cpu.mjs (after a build);
// BENCH_SERVER=<bundle> measures another build (default apps/server/dist/main.js),
// BENCH_DATA_DIR=<dir> reuses a DATA_DIR (default: a new one, which gets the demo catalogue),
// LOG_LEVEL=info measures with request logging on (default warn), BENCH_CPU_PORT moves the ports.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from '../lib.mjs';
import { sleep, stop } from './zema-process.mjs';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');

const PORT = Number(process.env.BENCH_CPU_PORT ?? 18_190);
const ROUNDS = 3;
const AMOUNT = Number(process.env.BENCH_CPU_REQUESTS ?? 60_000);
const server = process.env.BENCH_SERVER ?? 'apps/server/dist/main.js';
const ownData = !process.env.BENCH_DATA_DIR;
const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'zema-bench-cpu-'));

async function start(args, env, port) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 3000; i++) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return child;
    } catch {}
    await sleep(20);
  }
  throw new Error(`${args.join(' ')} did not answer`);
}

/** utime + stime of a process, in clock ticks (10 ms). */
function ticks(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

async function cpuPerRequest(pid, base, paths) {
  let n = 0;
  const run = (amount) =>
    autocannon({
      url: base + paths[0],
      connections: 50,
      amount,
      requests: [{ setupRequest: (req) => ({ ...req, path: paths[n++ % paths.length] }) }],
    });
  await run(20_000);
  const rounds = [];
  for (let r = 0; r < ROUNDS; r++) {
    const before = ticks(pid);
    const res = await run(AMOUNT);
    if (res.non2xx || res.errors) console.warn(`  warning: ${res.non2xx} non-2xx, ${res.errors} errors`);
    rounds.push(((ticks(pid) - before) * 10_000) / AMOUNT);
  }
  return rounds.sort((a, b) => a - b);
}

const show = (label, rounds) =>
  console.log(
    `  ${label.padEnd(52)} ${rounds.map((x) => x.toFixed(1)).join(' / ')} µs (median ${rounds[1].toFixed(1)})`,
  );

const bare = await start(
  ['scripts/bench/bare-fastify.mjs'],
  { ACCEL_TARGET: '/protected-audio/x.mp3' },
  PORT + 1,
);
const env = {
  DATA_DIR: dataDir,
  ADMIN_EMAIL: 'bench@zema.test',
  ADMIN_PASSWORD: 'bench-password',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  STREAM_X_ACCEL_PREFIX: '/protected-audio/',
};
delete process.env.DATABASE_URL;
delete process.env.REDIS_URL;
const zema = await start([server], env, PORT);
try {
  const base = `http://127.0.0.1:${PORT}`;
  const bareBase = `http://127.0.0.1:${PORT + 1}`;
  // The artists that exist among the first ids (the demo catalogue's, or a generated one's).
  const artists = [];
  for (let id = 1; id <= 100 && artists.length < 50; id++) {
    if ((await fetch(`${base}/api/v1/artists/${id}`)).ok) artists.push({ id });
  }
  const { track } = await (await fetch(`${base}/api/v1/tracks/1`)).json();
  if (!artists.length || !track) throw new Error('no catalogue to read: start from an empty DATA_DIR');
  console.log(
    `\nServer CPU per request (${server}, LOG_LEVEL=${env.LOG_LEVEL}; ${ROUNDS} rounds of ${AMOUNT})`,
  );
  show('bare Fastify GET /json', await cpuPerRequest(bare.pid, bareBase, ['/json']));
  show('bare Fastify X-Accel-Redirect answer', await cpuPerRequest(bare.pid, bareBase, ['/bare-accel']));
  const artistPaths = artists.map((a) => `/api/v1/artists/${a.id}`);
  show(
    `GET /api/v1/artists/{id}, guest (${artists.length} artists)`,
    await cpuPerRequest(zema.pid, base, artistPaths),
  );
  show(
    'GET /api/v1/bootstrap-data, visitor',
    await cpuPerRequest(zema.pid, base, ['/api/v1/bootstrap-data']),
  );
  show(
    'GET /api/v1/tracks/{id}/stream, X-Accel mode, guest',
    await cpuPerRequest(zema.pid, base, [`/api/v1/tracks/${track.id}/stream`]),
  );
} finally {
  await stop(zema);
  await stop(bare);
  if (ownData) rmSync(dataDir, { recursive: true, force: true });
}
