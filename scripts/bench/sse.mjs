// Live events benchmark (decision 0032): BENCH_SSE_CLIENTS (default 5 000) concurrent server-sent-event
// streams on one instance and one event published to all of them — each client's delivery time
// (publish → the event's last byte at the client), its p99, and the server's memory per open
// stream — next to a bare Node `http` SSE server doing the same in the same run.
//   goal: p99 < 1 s and ≥ 0.5× the bare server's throughput (events delivered per second)
// Servers and clients run in processes of their own (sse/*.mjs), so the load generator does not
// share the server's event loop. Both servers stay up; each gets one warm-up round, then
// BENCH_SSE_ROUNDS (3) rounds alternate between them, the median round reported and the ratio the
// median of each round's. Run by `npm run bench`, or alone: node scripts/bench/sse.mjs
// (BENCH_SSE_REDIS=redis://127.0.0.1:6379 runs Zema's Redis driver instead of the in-process one).
import { spawn } from 'node:child_process';
import { root } from '../lib.mjs';
import { fmt, median, nearestRank, sh } from './zema-process.mjs';

const N = Number(process.env.BENCH_SSE_CLIENTS ?? 5000);
const ROUNDS = Number(process.env.BENCH_SSE_ROUNDS ?? 3);
const PORT = Number(process.env.BENCH_SSE_PORT ?? 18_280);

// Each stream is a socket on both sides; the client process holds N and the server N.
const limit = Number(sh('ulimit -n'));
if (Number.isFinite(limit) && limit < N + 512) {
  console.log(
    `\nLive events: skipped (ulimit -n is ${limit}; ${N} clients need ${N + 512}: raise it with ulimit -n)`,
  );
  process.exit(0);
}

// A failed run must not leave a server holding the port (or 5 000 sockets) behind.
const running = new Set();
process.on('exit', () => {
  for (const proc of running) proc.kill('SIGKILL');
});
process.on('uncaughtException', (err) => {
  console.error(err);
  process.exit(1);
});
process.on('unhandledRejection', (err) => {
  console.error(err);
  process.exit(1);
});

function child(args, env) {
  const proc = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  running.add(proc);
  proc.once('exit', () => running.delete(proc));
  const inbox = [];
  const waiting = [];
  proc.on('message', (msg) => {
    const i = waiting.findIndex((w) => w.type === msg.type);
    if (i === -1) inbox.push(msg);
    else waiting.splice(i, 1)[0].resolve(msg);
  });
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  return {
    proc,
    exited,
    /** The next message of `type`, or a failure when the process exits or `ms` pass first. */
    expect(type, ms = 120_000) {
      const i = inbox.findIndex((m) => m.type === type);
      if (i !== -1) return Promise.resolve(inbox.splice(i, 1)[0]);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${args.at(-1)}: no '${type}' within ${ms} ms`)), ms);
        const entry = {
          type,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        };
        waiting.push(entry);
        exited.then((code) => {
          clearTimeout(timer);
          reject(new Error(`${args.at(-1)} exited with ${code} while waiting for '${type}'`));
        });
      });
    },
    send: (msg) => proc.send(msg),
  };
}

/** Starts a server and its N clients; resolves once every stream is open. */
async function start(name, args, port) {
  const server = child(['--expose-gc', ...args], {
    PORT: String(port),
    BENCH_SSE_CLIENTS: String(N),
    NODE_ENV: 'production',
  });
  const ready = await server.expect('ready', 300_000);
  server.send({ type: 'memory' });
  const before = await server.expect('memory');

  const clients = child(['scripts/bench/sse/clients.mjs'], {});
  await clients.expect('up');
  const t = performance.now();
  clients.send({ type: 'connect', url: ready.url, cookies: ready.tokens, n: N });
  await clients.expect('connected', 600_000);
  const connectSeconds = (performance.now() - t) / 1000;
  server.send({ type: 'memory' });
  const after = await server.expect('memory');
  if (after.open !== N) throw new Error(`${name}: ${after.open} streams open, expected ${N}`);
  return {
    server,
    clients,
    rounds: [],
    connectSeconds,
    rssPerStream: (after.rss - before.rss) / N,
    heapPerStream: (after.heapUsed + after.external - before.heapUsed - before.external) / N,
  };
}

/** One event to each of the target's streams: every client's delivery time. */
async function round(target) {
  const { server, clients } = target;
  clients.send({ type: 'arm' });
  await clients.expect('armed');
  server.send({ type: 'publish' });
  const published = await server.expect('published');
  const { arrivals } = await clients.expect('received', 60_000);
  const latencies = arrivals.map((a) => a - published.t0).sort((a, b) => a - b);
  const last = latencies.at(-1);
  return {
    p50: nearestRank(latencies, 0.5),
    p99: nearestRank(latencies, 0.99),
    max: last,
    publishMs: published.ms,
    perSecond: (N / last) * 1000,
  };
}

async function stop({ server, clients }) {
  clients.send({ type: 'stop' });
  await clients.exited;
  server.send({ type: 'stop' });
  await server.exited;
}

const kb = (bytes) => `${fmt(bytes / 1024, 1)} kB`;

console.log(`\nLive events: ${N} concurrent SSE streams, one event to each (${ROUNDS} rounds, median)`);
// Both stay up and their rounds alternate, seconds apart: on a shared machine the load changes
// over a minute, and a ratio of two runs a minute apart would measure that change.
const bare = await start('bare', ['scripts/bench/sse/bare-server.mjs'], PORT);
const zema = await start('zema', ['--import', 'tsx', 'scripts/bench/sse/zema-server.mjs'], PORT + 1);
await round(bare);
await round(zema);
const ratios = [];
for (let r = 0; r < ROUNDS; r++) {
  const order = r % 2 === 0 ? [bare, zema] : [zema, bare];
  for (const target of order) target.rounds.push(await round(target));
  ratios.push(zema.rounds[r].perSecond / bare.rounds[r].perSecond);
}
await stop(zema);
await stop(bare);

for (const [label, target] of [
  ['bare Node http SSE server', bare],
  [`Zema GET /api/v1/events (${process.env.BENCH_SSE_REDIS ? 'Redis' : 'in-process'})`, zema],
]) {
  const r = [...target.rounds].sort((a, b) => a.p99 - b.p99)[Math.floor(target.rounds.length / 2)];
  console.log(`  ${label}`);
  console.log(
    `    delivery p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms, last ${fmt(r.max)} ms ` +
      `(publishing took ${fmt(r.publishMs)} ms): ${fmt(r.perSecond)} events/s`,
  );
  console.log(
    `    memory per stream: RSS ${kb(target.rssPerStream)}, heap + external ${kb(target.heapPerStream)}; ` +
      `${N} streams opened in ${fmt(target.connectSeconds, 1)} s`,
  );
}
const ratio = median(ratios);
const p99 = median(zema.rounds.map((r) => r.p99));
console.log(
  `  ratio ${fmt(ratio, 2)}× the bare server's throughput, the median of each round's ` +
    `(${ratios.map((x) => fmt(x, 2)).join(', ')}; goal ≥ 0.5×), p99 ${fmt(p99)} ms (goal < 1000 ms)` +
    (ratio >= 0.5 && p99 < 1000 ? ' — met' : ' — NOT met'),
);
