// Radio benchmark (issue 33), in one run, each figure next to its reference:
//  1. The built-in station "Zema Radio" to BENCH_RADIO_LISTENERS (default 1 000) listeners over
//     loopback — the Zema process's CPU (utime + stime from /proc over a BENCH_RADIO_SECONDS
//     window, default 15 s, after BENCH_RADIO_SETTLE_SECONDS, default 5) and RSS, and every
//     listener's bytes/s (real-time pace at 32 kbps is 4 000 B/s) — next to Debian's Icecast
//     (icecast2) serving the same 32 kbps demo track, fed by ffmpeg, to as many listeners.
//     Zema runs with FFMPEG_PATH=none: the demo's tracks are 32 kbps already and go out as stored.
//     Then both again with every listener asking for ICY metadata (Icy-MetaData: 1; BENCH_RADIO_ICY=0
//     leaves it out).   goal: Zema within 3× Icecast's CPU per listener
//  2. Now-playing delivery to BENCH_RADIO_SSE_CLIENTS (default 1 000) event streams of the station
//     (GET /api/v1/radio/stations/zema/events): the admin skips the song, and each client's delay
//     from the skip request to the new `now-playing` event — next to a bare Node `http` SSE server
//     (sse/bare-server.mjs) sending one event to as many clients. One warm-up round each, then
//     BENCH_RADIO_SSE_ROUNDS (3) rounds alternating between them, the median round reported.
//     goal: p99 < 1 s
// Listeners and clients run in processes of their own (radio/*.mjs), so the load generator does
// not share a process with what it measures; listeners arrive with BENCH_RADIO_CONNECTS_IN_FLIGHT
// (32) connects in flight (radio/listeners.mjs says why). It loads test/icecast.ts, so it runs through tsx:
//   node --import tsx scripts/bench/radio.mjs       (after a build; `npm run bench` runs it)
//   BENCH_SERVER=<bundle or .ts entry> runs another server build (default apps/server/dist/main.js).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from '../lib.mjs';
import { fmt, freePort, login, median, nearestRank, sh, sleep } from './zema-process.mjs';

const LISTENERS = Number(process.env.BENCH_RADIO_LISTENERS ?? 1000);
const SSE_CLIENTS = Number(process.env.BENCH_RADIO_SSE_CLIENTS ?? 1000);
const SECONDS = Number(process.env.BENCH_RADIO_SECONDS ?? 15);
const SETTLE_SECONDS = Number(process.env.BENCH_RADIO_SETTLE_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_RADIO_SSE_ROUNDS ?? 3);
const ICY = process.env.BENCH_RADIO_ICY !== '0';
const ADMIN = { email: 'bench@zema.test', password: 'bench-password' };
/** 32 kbps: what a listener receives each second at real-time pace. */
const PACE = 4000;
/** A listener below this share of PACE over the window is not keeping up. */
const PACE_FLOOR = 0.9;
const CPU_GOAL = 3;
const P99_GOAL_MS = 1000;

// Each stream is a socket on both sides: the client process holds N, the server N. A soft limit
// below that is raised up to the hard one by running this script again under `ulimit -n`.
const needFiles = Math.max(LISTENERS, SSE_CLIENTS) + 512;
const soft = sh('ulimit -n');
if (soft !== 'unlimited' && Number(soft) < needFiles) {
  const hard = sh('ulimit -Hn');
  if ((hard === 'unlimited' || Number(hard) >= needFiles) && !process.env.BENCH_RADIO_ULIMIT_RAISED) {
    const again = spawn(
      'sh',
      [
        '-c',
        `ulimit -n ${needFiles} && exec "$0" "$@"`,
        process.execPath,
        ...process.execArgv,
        process.argv[1],
        ...process.argv.slice(2),
      ],
      { stdio: 'inherit', env: { ...process.env, BENCH_RADIO_ULIMIT_RAISED: '1' } },
    );
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => again.kill(signal));
    again.once('exit', (code) => process.exit(code ?? 1));
  } else {
    console.log(
      `\nRadio: skipped (ulimit -n is ${soft}, at most ${hard}; ${Math.max(LISTENERS, SSE_CLIENTS)} ` +
        `streams need ${needFiles}: raise it with ulimit -n)`,
    );
    process.exit(0);
  }
} else {
  await main();
}

async function main() {
  // ——— Everything started here, and its clean-up (on success, failure or a signal) ———

  const running = new Set();
  let dataDir = null;
  let zema = null;
  let icecast = null;
  let cleaning = null;
  const cleanup = () => {
    cleaning ??= (async () => {
      for (const proc of running) proc.kill('SIGKILL');
      if (zema) await stopProcess(zema);
      if (icecast) await icecast.stop().catch((err) => console.error(err));
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    })();
    return cleaning;
  };
  process.on('exit', () => {
    for (const proc of running) proc.kill('SIGKILL');
    zema?.kill('SIGKILL');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  const fail = (err) => {
    console.error(err);
    cleanup().finally(() => process.exit(1));
  };
  process.on('uncaughtException', fail);
  process.on('unhandledRejection', fail);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      console.error(`\nRadio: ${signal}; stopping what the benchmark started`);
      cleanup().finally(() => process.exit(130));
    });
  }

  const stopProcess = (proc) =>
    new Promise((resolve) => {
      if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
      const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
      proc.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      proc.kill('SIGTERM');
    });

  /** A Node child with an IPC channel: `expect(type)` waits for its next message of that type. */
  function child(args, env = {}) {
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
      expect(type, ms = 120_000) {
        const i = inbox.findIndex((m) => m.type === type);
        if (i !== -1) return Promise.resolve(inbox.splice(i, 1)[0]);
        return new Promise((resolve, reject) => {
          const timer = setTimeout(() => {
            waiting.splice(waiting.indexOf(entry), 1);
            reject(new Error(`${args.at(-1)}: no '${type}' within ${ms} ms`));
          }, ms);
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
      async stop() {
        if (proc.exitCode !== null) return;
        proc.send({ type: 'stop' });
        await exited;
      },
    };
  }

  // ——— Measuring a process ———

  const clockTicks = Number(sh('getconf CLK_TCK')) || 100;
  /** CPU seconds (user + system, every thread) the process has used so far. */
  const cpuSeconds = (pid) => {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  };
  const rssKb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  /** Share of one core the processes used over `seconds`, measured in the same window. */
  async function idleCpu(pids, seconds) {
    const before = pids.map(cpuSeconds);
    const t = performance.now();
    await sleep(seconds * 1000);
    const elapsed = (performance.now() - t) / 1000;
    return pids.map((pid, i) => (cpuSeconds(pid) - before[i]) / elapsed);
  }

  const mb = (kb) => `${fmt(kb / 1024, 1)} MB`;
  const signed = (n, d) => `${n < 0 ? '−' : '+'}${fmt(Math.abs(n), d)}`;

  // ——— Zema ———

  async function startZema(env, port) {
    const server = process.env.BENCH_SERVER ?? 'apps/server/dist/main.js';
    const args = server.endsWith('.ts') ? ['--import', 'tsx', server] : [server];
    const serverEnv = {
      ...process.env,
      ...env,
      PORT: String(port),
      LOG_LEVEL: process.env.BENCH_RADIO_LOG_LEVEL || 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    };
    // The embedded drivers: the figures are about the app, not a database server.
    delete serverEnv.DATABASE_URL;
    delete serverEnv.REDIS_URL;
    const proc = spawn(process.execPath, args, {
      cwd: root,
      env: serverEnv,
      stdio: ['ignore', process.env.BENCH_RADIO_LOG_LEVEL ? 'inherit' : 'ignore', 'inherit'],
    });
    zema = proc;
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`Zema exited with ${proc.exitCode}`);
      if (Date.now() > deadline) throw new Error('Zema did not answer /health within 180 s');
      try {
        if ((await fetch(`http://127.0.0.1:${port}/health`)).status === 200) return proc;
      } catch {}
      await sleep(50);
    }
  }

  /** The built-in station with a song on air (the demo catalogue is seeded on a fresh DATA_DIR). */
  async function stationOnAir(base) {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const res = await fetch(`${base}/api/v1/radio/stations/zema`);
      if (res.ok) {
        const body = await res.json();
        if (body.now_playing.song) return body;
      }
      if (Date.now() > deadline) throw new Error('the built-in station had no song on air within 120 s');
      await sleep(250);
    }
  }

  try {
    await run();
  } catch (err) {
    console.error(err);
    process.exitCode = 1;
  } finally {
    await cleanup();
  }

  async function run() {
    dataDir = mkdtempSync(join(tmpdir(), 'zema-bench-radio-'));
    const zemaPort = await freePort();
    const base = `http://127.0.0.1:${zemaPort}`;
    await startZema(
      {
        DATA_DIR: dataDir,
        FFMPEG_PATH: 'none',
        RADIO_LISTENERS_PER_IP: String(LISTENERS + 16),
        RADIO_EVENT_STREAMS_PER_IP: String(SSE_CLIENTS + 16),
      },
      zemaPort,
    );
    const { station } = await stationOnAir(base);

    // ——— 1. Listeners: Zema's built-in station next to Icecast ———

    /** N listeners of `url` for one window: the server's CPU and RSS, and each listener's pace. */
    async function listen(url, headers, pid) {
      const listeners = child(['scripts/bench/radio/listeners.mjs']);
      await listeners.expect('up');
      const rssBefore = rssKb(pid);
      const t = performance.now();
      listeners.send({ type: 'connect', url, n: LISTENERS, headers });
      const head = await listeners.expect('connected', 600_000);
      const connectSeconds = (performance.now() - t) / 1000;
      // The first seconds carry each server's burst (what a player gets at once on joining).
      await sleep(SETTLE_SECONDS * 1000);
      const cpu0 = cpuSeconds(pid);
      const w0 = performance.now();
      listeners.send({ type: 'mark' });
      const m0 = await listeners.expect('marked');
      await sleep(SECONDS * 1000);
      const cpu1 = cpuSeconds(pid);
      const w1 = performance.now();
      listeners.send({ type: 'mark' });
      const m1 = await listeners.expect('marked');
      const rss = rssKb(pid);
      await listeners.stop();
      const seconds = (m1.t - m0.t) / 1000;
      const rates = m1.bytes.map((b, i) => (b - m0.bytes[i]) / seconds).sort((a, b) => a - b);
      const cpu = (cpu1 - cpu0) / ((w1 - w0) / 1000);
      return {
        head,
        connectSeconds,
        cpu,
        perListenerUs: (cpu / LISTENERS) * 1e6,
        rss,
        rssPerListener: (rss - rssBefore) / LISTENERS,
        min: rates[0],
        median: nearestRank(rates, 0.5),
        atPace: rates.filter((r) => r >= PACE * PACE_FLOOR).length,
        open: m1.open,
      };
    }

    const missing = ['icecast2', 'ffmpeg'].filter((p) => !sh(`command -v ${p} || true`));
    console.log(
      `\nRadio: the built-in station to ${LISTENERS} listeners over loopback, next to Debian's Icecast ` +
        `(32 kbps MP3, ${SECONDS} s window after ${SETTLE_SECONDS} s)`,
    );
    if (missing.length) {
      console.log(
        `  skipped: ${missing.join(' and ')} not installed (the reference needs Debian's icecast2 and ffmpeg: ` +
          'apt-get install icecast2 ffmpeg)',
      );
    } else {
      const { startIcecast } = await import('../../apps/server/test/icecast.ts');
      icecast = await startIcecast({
        maxClients: LISTENERS + 64,
        // Icecast's own default, and Zema's: a metadata block every 16 000 audio bytes (4 s).
        metadataInterval: 16_000,
        title: 'Zema Bench - Demo track',
      });
      const icecastVersion = sh('icecast2 -v 2>&1 | head -1') || 'icecast2';
      const [zemaIdle, icecastIdle] = await idleCpu([zema.pid, icecast.pid], Math.min(5, SECONDS));

      const zemaUrl = `${base}/api/v1/radio/stations/zema/stream`;
      const icecastUrl = icecast.streamUrl();
      const icy = { 'icy-metadata': '1' };
      // Alternated (Zema, Icecast, Icecast, Zema) so drift on a shared machine hits both alike.
      const plainZema = await listen(zemaUrl, {}, zema.pid);
      const plainIcecast = await listen(icecastUrl, {}, icecast.pid);
      const icyIcecast = ICY ? await listen(icecastUrl, icy, icecast.pid) : null;
      const icyZema = ICY ? await listen(zemaUrl, icy, zema.pid) : null;

      if (plainZema.head.contentType !== 'audio/mpeg' || plainZema.head.bitrate !== '32') {
        console.warn(
          `  warning: Zema answered ${plainZema.head.contentType} at ${plainZema.head.bitrate} kbps, not 32 kbps MP3`,
        );
      }
      console.log(
        '  Zema streams the demo tracks as stored, 32 kbps MP3 frames with no re-encoding (FFMPEG_PATH=none); ' +
          `${icecastVersion} relays one of them, pushed by ffmpeg -re -c copy`,
      );
      console.log(
        `  idle (no listener): Zema ${fmt(zemaIdle * 100, 1)} % of a core, Icecast ${fmt(icecastIdle * 100, 1)} %`,
      );
      const line = (label, r, idle) => {
        console.log(`  ${label}`);
        console.log(
          `    CPU ${fmt(r.cpu * 100, 1)} % of a core, ${fmt(r.perListenerUs, 1)} µs per listener-second ` +
            (r.cpu > idle
              ? `(${fmt(((r.cpu - idle) / LISTENERS) * 1e6, 1)} above idle)`
              : '(no more than idle)') +
            '; ' +
            `RSS ${mb(r.rss)} (${signed(r.rssPerListener, 1)} kB per listener)`,
        );
        console.log(
          `    received min ${fmt(r.min)} B/s, median ${fmt(r.median)} B/s (real time: ${PACE} B/s); ` +
            `${r.atPace}/${LISTENERS} at ≥ ${PACE_FLOOR * 100} % of it, ${r.open} still open; ` +
            `connected in ${fmt(r.connectSeconds, 1)} s` +
            (r.head.retried ? ` (${r.head.retried} connects reset and tried again)` : '') +
            (r.head.metaint ? `; icy-metaint ${r.head.metaint}` : ''),
        );
      };
      line('Icecast', plainIcecast, icecastIdle);
      line('Zema GET /api/v1/radio/stations/zema/stream', plainZema, zemaIdle);
      if (ICY) {
        line('Icecast, Icy-MetaData: 1', icyIcecast, icecastIdle);
        line('Zema, Icy-MetaData: 1', icyZema, zemaIdle);
      }
      const ratio = plainZema.cpu / plainIcecast.cpu;
      const aboveIdle = (plainZema.cpu - zemaIdle) / (plainIcecast.cpu - icecastIdle);
      const icyRatio = ICY ? icyZema.cpu / icyIcecast.cpu : null;
      const allAtPace = [plainZema, icyZema].every(
        (r) => !r || (r.atPace === LISTENERS && r.open === LISTENERS),
      );
      const met = ratio <= CPU_GOAL && (icyRatio === null || icyRatio <= CPU_GOAL) && allAtPace;
      console.log(
        `  ratio: Zema ${fmt(ratio, 2)}× Icecast's CPU per listener` +
          (icyRatio === null ? '' : `, ${fmt(icyRatio, 2)}× with ICY metadata`) +
          (plainIcecast.cpu > icecastIdle && plainZema.cpu > zemaIdle
            ? ` (${fmt(aboveIdle, 2)}× counting only what each uses above its idle)`
            : '') +
          ` (goal ≤ ${CPU_GOAL}×, every Zema listener at real-time pace)` +
          (met ? ' — met' : ' — NOT met'),
      );
      console.log(
        `  RSS: Zema ${mb(plainZema.rss)} (its embedded PostgreSQL, PGlite, included), ` +
          `${fmt(plainZema.rss / plainIcecast.rss, 1)}× Icecast's ${mb(plainIcecast.rss)}`,
      );
      await icecast.stop();
      icecast = null;
    }

    // ——— 2. Now-playing events: the admin's skip to N event streams, next to a bare SSE server ———

    const cookie = await login(base, ADMIN);
    const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(cookie)[1]);
    const bare = child(['scripts/bench/sse/bare-server.mjs'], { PORT: String(await freePort()) });
    const bareReady = await bare.expect('ready');

    /** N clients on `url`; resolves once every stream is open (and has its first event, if `initial`). */
    async function openStreams(url, event, initial, pid) {
      const clients = child(['scripts/bench/radio/sse-clients.mjs']);
      await clients.expect('up');
      const rssBefore = rssKb(pid);
      const t = performance.now();
      clients.send({ type: 'connect', url, n: SSE_CLIENTS, event, initial });
      await clients.expect('connected', 600_000);
      const connectSeconds = (performance.now() - t) / 1000;
      return {
        clients,
        pid,
        connectSeconds,
        rounds: [],
        rssPerStream: () => (rssKb(pid) - rssBefore) / SSE_CLIENTS,
      };
    }

    /** Arms the clients, runs `send` (which answers when it sent, epoch ms), collects every arrival. */
    async function collect(target, send) {
      const { clients } = target;
      clients.send({ type: 'arm' });
      const armed = await clients.expect('armed');
      if (armed.open !== SSE_CLIENTS) throw new Error(`${armed.open} of ${SSE_CLIENTS} streams are open`);
      const { t0, check } = await send();
      let received;
      try {
        received = await clients.expect('received', 30_000);
      } catch (err) {
        clients.send({ type: 'report' });
        const got = await clients.expect('report');
        throw new Error(`${got.arrivals.length} of ${SSE_CLIENTS} clients got the event (${err.message})`);
      }
      const latencies = received.arrivals.map((a) => a - t0).sort((a, b) => a - b);
      return {
        ok: check ? check(received.datas) : true,
        p50: nearestRank(latencies, 0.5),
        p99: nearestRank(latencies, 0.99),
        max: latencies.at(-1),
      };
    }

    const bareRound = (target) =>
      collect(target, async () => {
        bare.send({ type: 'publish' });
        const published = await bare.expect('published');
        return { t0: published.t0 };
      });

    /** The admin skips the song; each client's delay to the new song's `now-playing`. */
    async function zemaRound(target) {
      for (let attempt = 1; ; attempt++) {
        // Not right before the song's own end: that event would be taken for the skip's.
        const { now_playing } = await (await fetch(`${base}/api/v1/radio/stations/zema`)).json();
        const song = now_playing.song;
        if (song?.duration) {
          const left = Date.parse(song.started_at) + song.duration * 1000 - Date.now();
          if (left < 5000) await sleep(Math.max(0, left) + 2000);
        }
        const r = await collect(target, async () => {
          const t0 = performance.timeOrigin + performance.now();
          const res = await fetch(`${base}/api/v1/admin/radio/stations/${station.id}/skip`, {
            method: 'POST',
            headers: { accept: 'application/json', cookie, 'x-xsrf-token': xsrf },
          });
          if (!res.ok) throw new Error(`skip answered ${res.status}: ${await res.text()}`);
          const next = (await res.json()).now_playing.song;
          const check = (datas) =>
            datas.every((data) => {
              const got = JSON.parse(data).song;
              return got?.title === next?.title && got?.started_at === next?.started_at;
            });
          return { t0, check };
        });
        if (r.ok) return r;
        if (attempt === 3) throw new Error('the clients kept receiving another song than the skip started');
      }
    }

    console.log(
      `\nRadio now-playing: ${SSE_CLIENTS} event streams of the built-in station, the admin's skip → ` +
        `each client's new now-playing event (${ROUNDS} rounds, median)`,
    );
    const bareTarget = await openStreams(bareReady.url, 'notification.count', null, bare.proc.pid);
    const zemaTarget = await openStreams(
      `${base}/api/v1/radio/stations/zema/events`,
      'now-playing',
      'now-playing',
      zema.pid,
    );
    // The first page starts the station's watcher, which publishes the song on air once.
    await sleep(2000);
    const bareRss = bareTarget.rssPerStream();
    const zemaRss = zemaTarget.rssPerStream();
    await bareRound(bareTarget);
    await zemaRound(zemaTarget);
    for (let r = 0; r < ROUNDS; r++) {
      if (r % 2 === 0) {
        bareTarget.rounds.push(await bareRound(bareTarget));
        zemaTarget.rounds.push(await zemaRound(zemaTarget));
      } else {
        zemaTarget.rounds.push(await zemaRound(zemaTarget));
        bareTarget.rounds.push(await bareRound(bareTarget));
      }
    }
    await zemaTarget.clients.stop();
    await bareTarget.clients.stop();
    await bare.stop();

    for (const [label, target, rss] of [
      ['bare Node http SSE server, from writing one event to each', bareTarget, bareRss],
      ['Zema GET /api/v1/radio/stations/zema/events, from the skip request', zemaTarget, zemaRss],
    ]) {
      const r = [...target.rounds].sort((a, b) => a.p99 - b.p99)[Math.floor(target.rounds.length / 2)];
      console.log(`  ${label}`);
      console.log(
        `    delivery p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms, last ${fmt(r.max)} ms; ` +
          `RSS ${signed(rss, 1)} kB per stream; ${SSE_CLIENTS} streams opened in ${fmt(target.connectSeconds, 1)} s`,
      );
    }
    const p99 = median(zemaTarget.rounds.map((r) => r.p99));
    console.log(
      `  p99 ${fmt(p99)} ms (rounds: ${zemaTarget.rounds.map((r) => fmt(r.p99)).join(', ')} ms; goal < ${P99_GOAL_MS} ms)` +
        (p99 < P99_GOAL_MS ? ' — met' : ' — NOT met'),
    );
  }
}
