// Restart after a crash on the embedded database: Zema (`npm start`'s server) on a fresh DATA_DIR
// takes BENCH_WAL_MB (default 1024) of writes through the API, is killed with SIGKILL while they
// go on, and is started again: the time to the first 200 of /health is printed next to a restart
// after a clean SIGTERM on the same data (the reference, same run), with the WAL on disk at the kill.
//
//   node scripts/bench/crash-restart.mjs            BENCH_WAL_MB=256 for a quicker run
//   BENCH_SERVER=apps/server/dist-old/main.js …      another build of the server (e.g. an older one)
//
// The writes are admin settings updates of 768 kB that compress poorly (an ads slot's HTML), 4 at
// a time: few requests for much WAL, so the run is short. What recovery costs is the WAL written
// since the last checkpoint, whatever the requests were. Next to the wall time, the CPU time the
// process used until it answered: on a machine busy with other work it moves far less.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfNeeded, root } from '../lib.mjs';

const WAL_MB = Number(process.env.BENCH_WAL_MB ?? 1024);
const PORT = Number(process.env.BENCH_PORT ?? 18_086);
const SERVER = process.env.BENCH_SERVER ?? 'apps/server/dist/main.js';
const base = `http://127.0.0.1:${PORT}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

if (!(await buildIfNeeded({ log: () => {} }))) process.exit(1);
const dataDir = mkdtempSync(join(tmpdir(), 'zema-crash-bench-'));

function start() {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      DATA_DIR: dataDir,
      PORT: String(PORT),
      ADMIN_PASSWORD: 'bench-password',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const ready = (async () => {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${base}/health`)).status === 200) {
          return { ms: performance.now() - t0, cpuMs: cpuMsOf(child.pid) };
        }
      } catch {}
      await sleep(10);
    }
  })();
  return { child, ready };
}
/** User + system CPU time of a process so far (/proc/<pid>/stat, in clock ticks of 10 ms). */
function cpuMsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
const exited = (child) => new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));

/** A signed-in admin: cookies plus the XSRF header. */
async function adminHeaders() {
  const jar = new Map();
  const keep = (res) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const headers = () => ({
    cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
    'content-type': 'application/json',
    accept: 'application/json',
  });
  keep(await fetch(`${base}/api/v1/bootstrap-data`));
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify({ email: 'admin@zema.local', password: 'bench-password', remember: false }),
  });
  if (!login.ok) throw new Error(`admin login answered ${login.status}`);
  keep(login);
  return headers();
}

function walOnDisk() {
  const dir = join(dataDir, 'db/pg_wal');
  let bytes = 0;
  for (const name of readdirSync(dir)) {
    const info = statSync(join(dir, name));
    if (info.isFile()) bytes += info.size;
  }
  return bytes / 1024 / 1024;
}

console.log(`Restart after SIGKILL (PGlite), ${WAL_MB} MB written through the API before the kill\n`);
const first = start();
await first.ready;
const headers = await adminHeaders();
const VALUE_BYTES = 768 * 1024;
let sent = 0;
let writes = 0;
let stopped = false;
const writer = async () => {
  while (!stopped) {
    const value = `<!-- ${randomBytes((VALUE_BYTES * 3) / 4).toString('base64')} -->`;
    try {
      const res = await fetch(`${base}/api/v1/settings`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ 'ads.general_top': value }),
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`settings write answered ${res.status}`);
      writes++;
      sent += value.length;
    } catch (err) {
      if (!stopped) throw err;
    }
  }
};
const writers = Array.from({ length: 4 }, writer);
const t0 = performance.now();
while (sent < WAL_MB * 1024 * 1024) await sleep(20);
const writeSeconds = (performance.now() - t0) / 1000;
const wal = walOnDisk();
// Killed while the writers keep going: some write is in flight.
first.child.kill('SIGKILL');
stopped = true;
await exited(first.child);
await Promise.allSettled(writers);

const afterKill = start();
const kill = await afterKill.ready;
afterKill.child.kill('SIGTERM');
await exited(afterKill.child);
const afterTerm = start();
const term = await afterTerm.ready;
afterTerm.child.kill('SIGTERM');
await exited(afterTerm.child);
rmSync(dataDir, { recursive: true, force: true });

const fmt = (n) => Math.round(n).toLocaleString('en-US').replace(/,/g, ' ');
console.log(`  writes before the kill     ${writes} in ${writeSeconds.toFixed(1)} s`);
console.log(`  pg_wal on disk at the kill ${fmt(wal)} MB`);
console.log(
  `  restart after SIGKILL      ${fmt(kill.ms)} ms to the first 200 of /health, ${fmt(kill.cpuMs)} ms CPU`,
);
console.log(
  `  restart after SIGTERM      ${fmt(term.ms)} ms, ${fmt(term.cpuMs)} ms CPU (reference: clean shutdown, same data)`,
);
console.log(
  `  ratio                      ${(kill.ms / term.ms).toFixed(2)}× wall, ${(kill.cpuMs / term.cpuMs).toFixed(2)}× CPU`,
);
