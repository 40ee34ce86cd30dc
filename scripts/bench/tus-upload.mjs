// Upload benchmark (decision 0028): a 1 GB file sent with tus-js-client over loopback to Zema, next to a
// bare Node http server writing the same bytes to disk in the same run (scripts/bench/bare-upload.mjs).
//   1. Throughput of one tus PATCH carrying the whole file, and of 5 MB chunks (the default chunk
//      size of the upload settings), each as a ratio to the bare server           goal ≥ 0.7×
//   2. Zema's RSS growth while the upload runs (streamed to disk, never buffered)  goal < 64 MB
//   3. Turning the finished upload into a file entry (SHA-256 of every byte, then a rename).
// The file is sparse (a 10-byte ID3 header, then a hole), so reading it costs no disk: what is
// measured is the transfer and the server's writing. Run by `npm run bench`, or alone after
// `npm run build -w @zema/server`: node scripts/bench/tus-upload.mjs. BENCH_UPLOAD_MB sets the size.
import { execFileSync, spawn } from 'node:child_process';
import {
  closeSync,
  createReadStream,
  existsSync,
  ftruncateSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { mtimeOf, newestMtime, root, run } from '../lib.mjs';

const require = createRequire(join(root, 'apps/server/package.json'));
const { Upload } = require('tus-js-client');

const MB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_UPLOAD_MB ?? 1024) * MB;
const PORT_BASE = Number(process.env.BENCH_UPLOAD_PORT ?? 18_280);
const ZEMA_PORT = PORT_BASE;
const BARE_PORT = PORT_BASE + 1;
const ADMIN = { email: 'bench@zema.local', password: 'bench-password-1234' };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const fmt = (n, d = 0) => n.toFixed(d);
/** A change in MB with its sign: RSS can shrink while a garbage collection runs. */
const delta = (mb) => `${mb >= 0 ? '+' : '−'}${Math.abs(mb).toFixed(1)} MB`;

// Only the server bundle is needed (the web app is not served here).
const serverSources = ['apps/server/src', 'packages/contracts/src', 'apps/server/build.mjs'];
if (newestMtime(serverSources) > mtimeOf('apps/server/dist/main.js')) {
  console.log('Building the server…');
  if ((await run('npm', ['run', 'build', '-w', '@zema/server', '--silent'])) !== 0) process.exit(1);
}

const work = mkdtempSync(join(tmpdir(), 'zema-bench-upload-'));
const dataDir = join(work, 'data');
const bareDir = join(work, 'bare');
mkdirSync(bareDir);
const source = join(work, 'source.mp3');
{
  const fd = openSync(source, 'w');
  writeSync(fd, Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00'));
  ftruncateSync(fd, SIZE);
  closeSync(fd);
}

const rssMb = (pid) => {
  const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
};
/** Samples a process's RSS every 20 ms until stopped; resolves with the highest value seen. */
function watchRss(pid) {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 20);
  return () => {
    clearInterval(timer);
    return Math.max(peak, rssMb(pid));
  };
}

async function start(args, env, port) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).status === 200) return child;
    } catch {}
    await sleep(20);
  }
}
const stop = (child) =>
  new Promise((r) => {
    child.once('exit', r);
    child.kill('SIGTERM');
  });

delete process.env.DATABASE_URL;
delete process.env.REDIS_URL;
const webDist = existsSync(join(root, 'apps/web/dist/index.html'))
  ? join(root, 'apps/web/dist')
  : join(root, 'apps/server/test/fixtures/web-dist');
const zema = await start(
  ['apps/server/dist/main.js'],
  { DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, WEB_DIST_DIR: webDist },
  ZEMA_PORT,
);
const bare = await start(['scripts/bench/bare-upload.mjs'], { OUT_DIR: bareDir }, BARE_PORT);
const base = `http://127.0.0.1:${ZEMA_PORT}`;

// A signed-in browser: the XSRF cookie from any answer, then a session from logging in.
const jar = new Map();
const keep = (res) => {
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const eq = pair.indexOf('=');
    jar.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
};
const credentials = () => ({
  cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
  'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '',
});
keep(await fetch(`${base}/api/v1/bootstrap-data`));
const login = await fetch(`${base}/auth/login`, {
  method: 'POST',
  headers: { ...credentials(), 'content-type': 'application/json' },
  body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password, remember: false }),
});
if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
keep(login);

function tusUpload(size, chunkSize) {
  return new Promise((resolve, reject) => {
    const upload = new Upload(createReadStream(source, { start: 0, end: size - 1 }), {
      endpoint: `${base}/api/v1/tus/upload`,
      chunkSize,
      uploadSize: size,
      overridePatchMethod: true,
      retryDelays: [],
      headers: credentials(),
      metadata: {
        name: 'bench.mp3',
        clientMime: 'audio/mpeg',
        clientExtension: 'mp3',
        clientSize: String(size),
      },
      onSuccess: () => resolve(upload.url.slice(upload.url.lastIndexOf('/') + 1)),
      onError: reject,
    });
    upload.start();
  });
}
async function finish(uploadKey) {
  const res = await fetch(`${base}/api/v1/tus/entries`, {
    method: 'POST',
    headers: { ...credentials(), 'content-type': 'application/json' },
    body: JSON.stringify({ uploadKey }),
  });
  if (res.status !== 200) throw new Error(`tus/entries: ${res.status} ${await res.text()}`);
  return (await res.json()).fileEntry;
}
async function deleteForever(id) {
  await fetch(`${base}/api/v1/file-entries/delete`, {
    method: 'POST',
    headers: { ...credentials(), 'content-type': 'application/json' },
    body: JSON.stringify({ entryIds: [id], deleteForever: true }),
  });
}

async function timedZema(chunkSize) {
  const before = rssMb(zema.pid);
  const peak = watchRss(zema.pid);
  const t0 = performance.now();
  const key = await tusUpload(SIZE, chunkSize);
  const seconds = (performance.now() - t0) / 1000;
  const uploadPeak = peak();
  const finishPeak = watchRss(zema.pid);
  const f0 = performance.now();
  const entry = await finish(key);
  const finishSeconds = (performance.now() - f0) / 1000;
  const finishGrowth = finishPeak() - before;
  await deleteForever(entry.id);
  return { mbs: SIZE / MB / seconds, growth: uploadPeak - before, finishSeconds, finishGrowth };
}

async function timedBare() {
  const before = rssMb(bare.pid);
  const peak = watchRss(bare.pid);
  const t0 = performance.now();
  await new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: BARE_PORT,
        method: 'PATCH',
        path: '/upload',
        headers: { 'content-type': 'application/offset+octet-stream', 'content-length': SIZE },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 204 ? resolve() : reject(new Error(`bare: ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    pipeline(createReadStream(source), req).catch(reject);
  });
  const seconds = (performance.now() - t0) / 1000;
  const growth = peak() - before;
  rmSync(bareDir, { recursive: true, force: true });
  mkdirSync(bareDir);
  return { mbs: SIZE / MB / seconds, growth };
}

try {
  // Warm-up: the code paths of an upload and of finishing one are loaded before anything is timed.
  await deleteForever((await finish(await tusUpload(MB, Number.POSITIVE_INFINITY))).id);

  // Each case twice, interleaved, best run kept; dirty pages of the previous run are written out
  // first (sync), so no run is sped up or slowed down by the write-back of another's gigabyte.
  const settle = () => execFileSync('sync');
  const best = (a, b) => (a.mbs >= b.mbs ? a : b);
  const runs = { bare: [], whole: [], chunked: [] };
  for (let round = 0; round < 2; round++) {
    settle();
    runs.bare.push(await timedBare());
    settle();
    runs.whole.push(await timedZema(Number.POSITIVE_INFINITY));
    settle();
    runs.chunked.push(await timedZema(5 * MB));
  }
  const bareRun = best(...runs.bare);
  const whole = best(...runs.whole);
  const chunked = best(...runs.chunked);
  const bareMbs = bareRun.mbs;
  const all = (list) => list.map((r) => fmt(r.mbs)).join(' / ');
  console.log(`\nUploads (${fmt(SIZE / MB)} MB over loopback, PGlite)`);
  console.log(
    `  bare Node http server writing to disk    ${fmt(bareRun.mbs)} MB/s (runs: ${all(runs.bare)})`,
  );
  console.log(
    `  Zema tus, one PATCH                       ${fmt(whole.mbs)} MB/s (runs: ${all(runs.whole)})   ${fmt(whole.mbs / bareMbs, 2)}× bare   RSS ${delta(whole.growth)}`,
  );
  console.log(
    `  Zema tus, 5 MB chunks                     ${fmt(chunked.mbs)} MB/s (runs: ${all(runs.chunked)})   ${fmt(chunked.mbs / bareMbs, 2)}× bare   RSS ${delta(chunked.growth)}`,
  );
  console.log(
    `  tus/entries (SHA-256 + move into storage) ${fmt(whole.finishSeconds, 1)} s (${fmt(SIZE / MB / whole.finishSeconds)} MB/s)   RSS ${delta(whole.finishGrowth)}`,
  );
  console.log(`  goals: ≥ 0.7× bare, RSS growth < 64 MB (bare server: ${delta(bareRun.growth)})`);
} finally {
  await stop(zema);
  await stop(bare);
  rmSync(work, { recursive: true, force: true });
}
