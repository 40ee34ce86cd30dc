// Upload benchmark (decision 0028): a 1 GB file sent with tus-js-client over loopback to Zema, next to a
// bare Node http server writing the same bytes to disk in the same run (scripts/bench/bare-upload.mjs).
//   1. Throughput of one tus PATCH carrying the whole file, and of 5 MB chunks (the default chunk
//      size of the upload settings), each as a ratio to the bare server           goal ≥ 0.7×
//   2. Zema's RSS growth while the upload runs (streamed to disk, never buffered)  goal < 64 MB
//   3. Turning the finished upload into a file entry (SHA-256 of every byte, then a rename).
//   4. The same with S3 storage (decision 0060: `@tus/s3-store`, each PATCH's bytes sent on as
//      multipart parts) on an s3rver store on this machine (apps/server/test/s3.ts, in a process of
//      its own: scripts/bench/s3-process.mjs), a smaller
//      file (BENCH_UPLOAD_S3_MB, default 256), each as a ratio to the bare server writing a file
//      of that size in the same run; tus/entries then reads the object back for its SHA-256.
// The file is sparse (one of the demo's MP3s, then a hole), so reading it costs no disk: what is
// measured is the transfer and the server's writing. Run by `npm run bench`, or alone after
// `npm run build -w @zema/server`: node scripts/bench/tus-upload.mjs. BENCH_UPLOAD_MB sets the size
// (1024), BENCH_UPLOAD_CHUNK_MB the chunk size (5, the upload settings' default); BENCH_UPLOAD_S3=0
// leaves S3 out; BENCH_SERVER runs another server entry (nothing is built then).
import { execFileSync, spawn } from 'node:child_process';
import {
  closeSync,
  createReadStream,
  existsSync,
  ftruncateSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
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
import { startS3Process } from './s3-process.mjs';

const require = createRequire(join(root, 'apps/server/package.json'));
const { Upload } = require('tus-js-client');

const MB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_UPLOAD_MB ?? 1024) * MB;
const S3_SIZE = Number(process.env.BENCH_UPLOAD_S3_MB ?? 256) * MB;
const CHUNK = Number(process.env.BENCH_UPLOAD_CHUNK_MB ?? 5) * MB;
const WITH_S3 = process.env.BENCH_UPLOAD_S3 !== '0';
const PORT_BASE = Number(process.env.BENCH_UPLOAD_PORT ?? 18_280);
const ZEMA_PORT = PORT_BASE;
const BARE_PORT = PORT_BASE + 1;
const ZEMA_S3_PORT = PORT_BASE + 2;
const ADMIN = { email: 'bench@zema.local', password: 'bench-password-1234' };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const fmt = (n, d = 0) => n.toFixed(d);
/** A change in MB with its sign: RSS can shrink while a garbage collection runs. */
const delta = (mb) => `${mb >= 0 ? '+' : '−'}${Math.abs(mb).toFixed(1)} MB`;

// Only the server bundle is needed (the web app is not served here).
const SERVER = process.env.BENCH_SERVER ?? 'apps/server/dist/main.js';
const serverSources = ['apps/server/src', 'packages/contracts/src', 'apps/server/build.mjs'];
if (!process.env.BENCH_SERVER && newestMtime(serverSources) > mtimeOf(SERVER)) {
  console.log('Building the server…');
  if ((await run('npm', ['run', 'build', '-w', '@zema/server', '--silent'])) !== 0) process.exit(1);
}

const work = mkdtempSync(join(tmpdir(), 'zema-bench-upload-'));
const dataDir = join(work, 'data');
const bareDir = join(work, 'bare');
mkdirSync(bareDir);
const source = join(work, 'source.mp3');
{
  // A demo MP3 first (the server decodes an upload's first second of audio before it accepts it),
  // then a hole up to the size.
  const demo = join(root, 'apps/server/assets/demo/audio');
  const mp3 = readdirSync(demo).find((f) => f.endsWith('.mp3'));
  const fd = openSync(source, 'w');
  writeSync(fd, readFileSync(join(demo, mp3)));
  ftruncateSync(fd, Math.max(SIZE, WITH_S3 ? S3_SIZE : 0));
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
  const entry = args[0].endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...entry, ...args], {
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
/** CPU seconds a process has used (user + system), from /proc. */
const cpuSeconds = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
/**
 * Waits until a freshly started Zema is idle (under 5 % of a core over a second, at most a
 * minute): on its first start it analyses the demo catalogue in the background, which would
 * otherwise be measured with the first uploads.
 */
async function settled(child) {
  for (let i = 0; i < 60; i++) {
    const before = cpuSeconds(child.pid);
    await sleep(1000);
    if (cpuSeconds(child.pid) - before < 0.05) return child;
  }
  return child;
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
const zemaEnv = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, WEB_DIST_DIR: webDist };
const zema = await settled(await start([SERVER], { ...zemaEnv, DATA_DIR: dataDir }, ZEMA_PORT));
const bare = await start(['scripts/bench/bare-upload.mjs'], { OUT_DIR: bareDir }, BARE_PORT);
let s3 = null;
let zemaS3 = null;

/** A signed-in browser of the Zema at `base`: the XSRF cookie from any answer, then a session. */
async function client(base) {
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

  const tusUpload = (size, chunkSize) =>
    new Promise((resolve, reject) => {
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
  const finish = async (uploadKey) => {
    const res = await fetch(`${base}/api/v1/tus/entries`, {
      method: 'POST',
      headers: { ...credentials(), 'content-type': 'application/json' },
      body: JSON.stringify({ uploadKey }),
    });
    if (res.status !== 200) throw new Error(`tus/entries: ${res.status} ${await res.text()}`);
    return (await res.json()).fileEntry;
  };
  const deleteForever = async (id) => {
    const res = await fetch(`${base}/api/v1/file-entries/delete`, {
      method: 'POST',
      headers: { ...credentials(), 'content-type': 'application/json' },
      body: JSON.stringify({ entryIds: [id], deleteForever: true }),
    });
    if (!res.ok) throw new Error(`file-entries/delete: ${res.status} ${await res.text()}`);
  };
  return { tusUpload, finish, deleteForever };
}

/** One upload of `size` bytes to `server` ({ child, api }), timed, then finished and deleted. */
async function timedZema(server, size, chunkSize) {
  const { child, api } = server;
  const before = rssMb(child.pid);
  const peak = watchRss(child.pid);
  const t0 = performance.now();
  const key = await api.tusUpload(size, chunkSize);
  const seconds = (performance.now() - t0) / 1000;
  const uploadPeak = peak();
  const finishPeak = watchRss(child.pid);
  const f0 = performance.now();
  const entry = await api.finish(key);
  const finishSeconds = (performance.now() - f0) / 1000;
  const finishGrowth = finishPeak() - before;
  await api.deleteForever(entry.id);
  return { mbs: size / MB / seconds, growth: uploadPeak - before, finishSeconds, finishGrowth };
}

async function timedBare(size) {
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
        headers: { 'content-type': 'application/offset+octet-stream', 'content-length': size },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 204 ? resolve() : reject(new Error(`bare: ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    pipeline(createReadStream(source, { start: 0, end: size - 1 }), req).catch(reject);
  });
  const seconds = (performance.now() - t0) / 1000;
  const growth = peak() - before;
  rmSync(bareDir, { recursive: true, force: true });
  mkdirSync(bareDir);
  return { mbs: size / MB / seconds, growth };
}

/**
 * Each case twice, interleaved, best run kept; dirty pages of the previous run are written out
 * first (sync), so no run is sped up or slowed down by the write-back of another's gigabyte.
 */
async function measure(server, size, storeAlone = null) {
  // Warm-up: the code paths of an upload and of finishing one are loaded before anything is timed.
  await server.api.deleteForever(
    (await server.api.finish(await server.api.tusUpload(MB, Number.POSITIVE_INFINITY))).id,
  );
  const settle = () => execFileSync('sync');
  const runs = { bare: [], whole: [], chunked: [], store: [] };
  for (let round = 0; round < 2; round++) {
    settle();
    runs.bare.push(await timedBare(size));
    if (storeAlone) {
      runs.store.push({ mbs: size / MB / (await storeAlone(size)) });
    }
    settle();
    runs.whole.push(await timedZema(server, size, Number.POSITIVE_INFINITY));
    settle();
    runs.chunked.push(await timedZema(server, size, CHUNK));
  }
  return runs;
}

const best = (list) => list.reduce((a, b) => (a.mbs >= b.mbs ? a : b));
const all = (list) => list.map((r) => fmt(r.mbs)).join(' / ');
function report(title, size, runs) {
  const bareRun = best(runs.bare);
  const whole = best(runs.whole);
  const chunked = best(runs.chunked);
  const bareMbs = bareRun.mbs;
  const chunkLabel = `${fmt(CHUNK / MB)} MB chunks`.padEnd(20);
  console.log(`\n${title} (${fmt(size / MB)} MB over loopback, PGlite)`);
  console.log(
    `  bare Node http server writing to disk    ${fmt(bareRun.mbs)} MB/s (runs: ${all(runs.bare)})`,
  );
  if (runs.store.length) {
    const store = best(runs.store);
    console.log(
      `  the store alone: AWS SDK multipart Upload ${fmt(store.mbs)} MB/s (runs: ${all(runs.store)})   ${fmt(store.mbs / bareMbs, 2)}× bare`,
    );
  }
  console.log(
    `  Zema tus, one PATCH                       ${fmt(whole.mbs)} MB/s (runs: ${all(runs.whole)})   ${fmt(whole.mbs / bareMbs, 2)}× bare   RSS ${delta(whole.growth)}`,
  );
  console.log(
    `  Zema tus, ${chunkLabel}            ${fmt(chunked.mbs)} MB/s (runs: ${all(runs.chunked)})   ${fmt(chunked.mbs / bareMbs, 2)}× bare   RSS ${delta(chunked.growth)}`,
  );
  console.log(
    `  tus/entries (SHA-256 + move into storage) ${fmt(whole.finishSeconds, 1)} s (${fmt(size / MB / whole.finishSeconds)} MB/s)   RSS ${delta(whole.finishGrowth)}`,
  );
  const store = runs.store.length ? best(runs.store).mbs : Number.NaN;
  return {
    whole: whole.mbs / bareMbs,
    chunked: chunked.mbs / bareMbs,
    bare: bareRun,
    ofStore: { whole: whole.mbs / store, chunked: chunked.mbs / store },
  };
}

try {
  const local = report(
    'Uploads, local store (@tus/file-store)',
    SIZE,
    await measure({ child: zema, api: await client(`http://127.0.0.1:${ZEMA_PORT}`) }, SIZE),
  );
  console.log(`  goals: ≥ 0.7× bare, RSS growth < 64 MB (bare server: ${delta(local.bare.growth)})`);
  if (WITH_S3) {
    // The store in a process of its own, not on the thread that sends the upload.
    s3 = await startS3Process();
    zemaS3 = await settled(
      await start([SERVER], { ...zemaEnv, ...s3.env, DATA_DIR: join(work, 'data-s3') }, ZEMA_S3_PORT),
    );
    // The store's own pace: the same bytes sent straight to it by the AWS SDK (8 MB parts, as
    // @tus/s3-store cuts them; four in flight, the SDK's default).
    const storeRequire = createRequire(join(root, 'apps/server/package.json'));
    const { S3Client, DeleteObjectCommand } = storeRequire('@aws-sdk/client-s3');
    const { Upload: SdkUpload } = storeRequire('@aws-sdk/lib-storage');
    const sdk = new S3Client({
      endpoint: s3.env.S3_ENDPOINT,
      region: s3.env.S3_REGION,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.env.S3_ACCESS_KEY_ID, secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY },
    });
    /** Seconds to send `size` bytes to the store (the object is removed afterwards, untimed). */
    const storeAlone = async (size) => {
      const Key = 'bench/store-alone';
      const t0 = performance.now();
      await new SdkUpload({
        client: sdk,
        params: {
          Bucket: s3.env.S3_BUCKET,
          Key,
          Body: createReadStream(source, { start: 0, end: size - 1 }),
        },
        partSize: 8 * MB,
        queueSize: 4,
      }).done();
      const seconds = (performance.now() - t0) / 1000;
      await sdk.send(new DeleteObjectCommand({ Bucket: s3.env.S3_BUCKET, Key }));
      return seconds;
    };
    const onS3 = report(
      'Uploads, S3 store (@tus/s3-store on s3rver)',
      S3_SIZE,
      await measure(
        { child: zemaS3, api: await client(`http://127.0.0.1:${ZEMA_S3_PORT}`) },
        S3_SIZE,
        storeAlone,
      ),
    );
    console.log(
      `  ratios to the bare server, local · S3: one PATCH ${fmt(local.whole, 2)}× · ${fmt(onS3.whole, 2)}×, ${fmt(CHUNK / MB)} MB chunks ${fmt(local.chunked, 2)}× · ${fmt(onS3.chunked, 2)}× (goal ≥ 0.7× for the local store)`,
    );
    console.log(
      `  on S3, to the store alone: one PATCH ${fmt(onS3.ofStore.whole, 2)}×, ${fmt(CHUNK / MB)} MB chunks ${fmt(onS3.ofStore.chunked, 2)}× (the store's pace caps Zema's there)`,
    );
  }
} finally {
  await stop(zema);
  await stop(bare);
  if (zemaS3) await stop(zemaS3);
  if (s3) await s3.stop();
  rmSync(work, { recursive: true, force: true });
}
