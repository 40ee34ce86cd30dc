// Streaming benchmark (decision 0005): 256 KB range reads of one track, Zema next to nginx (Debian's, one
// worker) serving the same file in the same run, measured with wrk (C, so the load generator is not
// the bottleneck) and alternated so machine noise hits both alike.
//   1. Zema alone: GET /api/v1/tracks/{id}/stream with the music.view check (guest)   goal ≥ 0.3×
//   2. X-Accel-Redirect mode behind nginx: Zema authorises, nginx sends the bytes       goal ≥ 0.9×
// Run by `npm run bench`, or alone: node scripts/bench/streaming.mjs (after a build);
// BENCH_SERVER=<bundle> runs another server build (default apps/server/dist/main.js).
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from '../lib.mjs';
import { adminToken, benchTrack, fmt, sleep, stop } from './zema-process.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_STREAM_CONNECTIONS ?? 32);
const RANGE_BYTES = 256 * 1024;
// Three ports from BENCH_STREAM_PORT (default 18180), so runs beside each other can be kept apart.
const PORT_BASE = Number(process.env.BENCH_STREAM_PORT ?? 18_180);
const ZEMA_PORT = PORT_BASE;
const NGINX_PORT = PORT_BASE + 1;
const BARE_PORT = PORT_BASE + 2;
const ACCEL_PREFIX = '/protected-audio/';
const ADMIN = { email: 'bench@zema.test', password: 'bench-password' };
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => exists(p));
const WRK = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((p) => exists(p));

function exists(p) {
  try {
    statSync(p);
    return true;
  } catch {
    return false;
  }
}

if (!NGINX || !WRK) {
  console.log('\nStreaming: skipped (needs Debian packages nginx and wrk: apt-get install nginx wrk)');
  process.exit(0);
}

const dataDir = mkdtempSync(join(tmpdir(), 'zema-bench-stream-'));
const storageDir = join(dataDir, 'storage');
// nginx's worker runs as an unprivileged user when started as root: it must be able to read.
chmodSync(dataDir, 0o755);

async function waitFor(url, child) {
  for (let i = 0; i < 2000; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {}
    await sleep(10);
  }
  throw new Error(`${url} did not answer`);
}

function startZema(extraEnv = {}) {
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    PORT: String(ZEMA_PORT),
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  // The embedded drivers: the figure is about the app, not a database server.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const server = process.env.BENCH_SERVER ?? 'apps/server/dist/main.js';
  const child = spawn(process.execPath, ['--enable-source-maps', server], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

/** The storage key of the uploaded file: the newest file under storage/audio. */
function newestAudioKey() {
  let best = null;
  const walk = (dir, prefix) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      const st = statSync(full);
      if (st.isDirectory()) walk(full, `${prefix}${name}/`);
      else if (!name.startsWith('.') && (!best || st.mtimeMs > best.mtime)) {
        best = { key: `${prefix}${name}`, mtime: st.mtimeMs, size: st.size };
      }
    }
  };
  walk(join(storageDir, 'audio'), 'audio/');
  return best;
}

function startNginx(confDir) {
  const conf = `
worker_processes 1;
daemon off;
pid ${confDir}/nginx.pid;
error_log ${confDir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  client_body_temp_path ${confDir}/body;
  proxy_temp_path ${confDir}/proxy;
  fastcgi_temp_path ${confDir}/fastcgi;
  uwsgi_temp_path ${confDir}/uwsgi;
  scgi_temp_path ${confDir}/scgi;
  types { audio/mpeg mp3; audio/ogg ogg; }
  upstream zema { server 127.0.0.1:${ZEMA_PORT}; keepalive 64; }
  upstream bare { server 127.0.0.1:${BARE_PORT}; keepalive 64; }
  server {
    listen 127.0.0.1:${NGINX_PORT};
    # The reference: nginx serving the stored file directly.
    location /direct/ { alias ${storageDir}/; }
    # X-Accel-Redirect target: only reachable through the app's answer.
    location ${ACCEL_PREFIX} { internal; alias ${storageDir}/; }
    # The same proxy + X-Accel path with an upstream that checks nothing (the floor of the setup).
    location = /bare-accel {
      proxy_pass http://bare;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
    }
    location / {
      proxy_pass http://zema;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
    }
  }
}`;
  const file = join(confDir, 'nginx.conf');
  writeFileSync(file, conf);
  return spawn(NGINX, ['-c', file, '-p', confDir], { stdio: ['ignore', 'ignore', 'inherit'] });
}

function wrk(url, range) {
  const r = spawnSync(
    WRK,
    [
      '-t',
      '1',
      '-c',
      String(CONNECTIONS),
      '-d',
      `${DURATION}s`,
      '-H',
      `Range: bytes=${range}`,
      '--latency',
      url,
    ],
    { encoding: 'utf8' },
  );
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(r.stdout)?.[1] ?? Number.NaN);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(r.stdout)?.[1] ?? 0);
  const p99 = /99%\s+([\d.]+\w+)/.exec(r.stdout)?.[1] ?? '?';
  if (non2xx) console.warn(`  warning: ${non2xx} non-2xx answers from ${url}`);
  return { rps, p99 };
}

async function checkRange(url, range) {
  const res = await fetch(url, { headers: { range: `bytes=${range}` } });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 206 || body.length !== RANGE_BYTES) {
    throw new Error(`${url}: expected 206 with ${RANGE_BYTES} bytes, got ${res.status} with ${body.length}`);
  }
  return body;
}

const confDir = join(dataDir, 'nginx');
mkdirSync(confDir, { recursive: true });
let zema = startZema();
let nginx;
let bare;
try {
  const base = `http://127.0.0.1:${ZEMA_PORT}`;
  await waitFor(`${base}/health`, zema);
  const track = await benchTrack(base, await adminToken(base, ADMIN));
  const stored = newestAudioKey();
  const offset = Math.floor(track.bytes.length / 2);
  const range = `${offset}-${offset + RANGE_BYTES - 1}`;
  bare = spawn(process.execPath, ['scripts/bench/bare-fastify.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(BARE_PORT), ACCEL_TARGET: `${ACCEL_PREFIX}${stored.key}` },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`http://127.0.0.1:${BARE_PORT}/health`, bare);
  nginx = startNginx(confDir);
  const direct = `http://127.0.0.1:${NGINX_PORT}/direct/${stored.key}`;
  await waitFor(direct, nginx);
  const appUrl = `${base}/api/v1/tracks/${track.id}/stream`;
  const same = (await checkRange(appUrl, range)).equals(await checkRange(direct, range));
  if (!same) throw new Error('Zema and nginx sent different bytes for the same range');

  wrk(direct, range); // warm-up
  wrk(appUrl, range);
  const ref1 = wrk(direct, range);
  const app = wrk(appUrl, range);
  const ref2 = wrk(direct, range);
  const refRps = (ref1.rps + ref2.rps) / 2;

  await stop(zema);
  zema = startZema({ STREAM_X_ACCEL_PREFIX: ACCEL_PREFIX });
  await waitFor(`${base}/health`, zema);
  const proxied = `http://127.0.0.1:${NGINX_PORT}/api/v1/tracks/${track.id}/stream`;
  const accelBody = await checkRange(proxied, range);
  if (!accelBody.equals(await checkRange(direct, range))) throw new Error('X-Accel bytes differ');
  wrk(proxied, range);
  const ref3 = wrk(direct, range);
  const accel = wrk(proxied, range);
  const ref4 = wrk(direct, range);
  const bareUrl = `http://127.0.0.1:${NGINX_PORT}/bare-accel`;
  await checkRange(bareUrl, range);
  const floor = wrk(bareUrl, range);
  const refRps2 = (ref3.rps + ref4.rps) / 2;

  console.log(
    `\nStreaming: 256 KB range reads of a ${fmt(track.bytes.length / 1048576, 1)} MB track (${CONNECTIONS} connections, ${DURATION} s, wrk)`,
  );
  console.log(`  nginx 1 worker, static file               ${fmt(refRps)} req/s   p99 ${ref1.p99}`);
  console.log(
    `  Zema /api/v1/tracks/{id}/stream (guest)    ${fmt(app.rps)} req/s   p99 ${app.p99}   ${fmt(app.rps / refRps, 2)}× nginx (goal ≥ 0.3×)`,
  );
  console.log(`  nginx 1 worker, static file (again)       ${fmt(refRps2)} req/s`);
  console.log(
    `  Zema X-Accel-Redirect behind nginx         ${fmt(accel.rps)} req/s   p99 ${accel.p99}   ${fmt(accel.rps / refRps2, 2)}× nginx (goal ≥ 0.9×)`,
  );
  console.log(
    `  bare Fastify X-Accel-Redirect (no checks)  ${fmt(floor.rps)} req/s   p99 ${floor.p99}   ${fmt(floor.rps / refRps2, 2)}× nginx: the floor of this setup; Zema ${fmt(accel.rps / floor.rps, 2)}× it`,
  );
} finally {
  if (nginx) await stop(nginx);
  if (bare) await stop(bare);
  await stop(zema);
  rmSync(dataDir, { recursive: true, force: true });
}
