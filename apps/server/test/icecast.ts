// A real Icecast peer for the radio tests and benchmarks (never imported by the app).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ICECAST_BIN = 'icecast2';
export const FFMPEG_BIN = 'ffmpeg';

/** The demo catalogue's tracks (32 kbps mono MP3): what the sources push. */
export const DEMO_AUDIO_DIR = resolve(import.meta.dirname, '../assets/demo/audio');

export type IcecastOptions = {
  /** Mounts fed by ffmpeg from the start (default `['/live.mp3']`); more with `addSource`. */
  mounts?: string[];
  /** The first title of every mount ("Artist - Title"); the start waits until Icecast shows it. */
  title?: string;
  /**
   * Bytes of audio between two ICY metadata blocks (default 1 000: a block every ¼ s at 32 kbps,
   * so an ICY reader sees a new title at once; Icecast's own default, 16 000, is 4 s).
   */
  metadataInterval?: number;
  /** Listeners the server accepts (default 100; a benchmark raises it). */
  maxClients?: number;
};

export type IcecastServer = {
  port: number;
  /** `http://127.0.0.1:<port>`: the server's root, where `status-json.xsl` is. */
  baseUrl: string;
  /** A mount's stream address (default `/live.mp3`). */
  streamUrl(mount?: string): string;
  /** Sets a mount's title through the admin API (`mode=updinfo`, UTF-8); resolves once Icecast took it. */
  setTitle(mount: string, title: string): Promise<void>;
  /** Resolves once `status-json.xsl` shows this title on the mount (Icecast applies it with the next audio). */
  waitForTitle(mount: string, title: string, timeoutMs?: number): Promise<void>;
  /** The mount's listener count as Icecast reports it. */
  listeners(mount: string): Promise<number>;
  /** Starts one more ffmpeg source on a new mount; resolves once Icecast lists it. */
  addSource(mount: string, title?: string): Promise<void>;
  /** The server's process id (a benchmark samples its CPU and memory). */
  pid: number;
  /** Stops the sources and the server and removes the temporary folder. */
  stop(): Promise<void>;
};

/** Fails (never skips) when a program the radio tests need is missing: CI installs both. */
function requireProgram(name: string, debianPackage: string) {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
  } catch {
    throw new Error(
      `${name} is not installed: the radio tests need Debian's ${debianPackage} (apt-get install ${debianPackage}; .ci/run installs it).`,
    );
  }
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Keeps the last few kilobytes a child printed, for the error message when it fails. */
function tail(child: ChildProcess) {
  let text = '';
  const keep = (chunk: Buffer) => {
    text = (text + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => text;
}

/**
 * Polls `check` (a refused connection counts as "not yet") until it returns true; throws with
 * `what` after `timeoutMs`, or at once when `gone()` says the process it waits for has exited.
 */
async function until(
  check: () => Promise<boolean>,
  what: () => string,
  timeoutMs: number,
  gone: () => boolean = () => false,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (gone()) throw new Error(`gave up waiting for ${what()}: the process exited`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Icecast 2.4 shows an MP3 mount's characters outside Latin-1 as `&#8217;`. */
const charRefsDecoded = (s: string) =>
  s.replace(/&#(x[0-9a-fA-F]+|[0-9]+);/g, (_, n: string) =>
    String.fromCodePoint(n.startsWith('x') ? Number.parseInt(n.slice(1), 16) : Number(n)),
  );

type StatusSource = { listenurl?: string; title?: string; listeners?: number };

// Every started server, so a test run that dies without `stop()` leaves no process behind.
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Debian's `icecast2` on a free loopback port, configured in a temporary folder, with ffmpeg
 * pushing a demo track in a loop (`-re`: real time) to each mount. Icecast refuses to run as
 * root, so under root the config drops to nobody (`<changeowner>`) and the folder is theirs.
 * Waits for readiness (the status page answers, the mounts are listed), never for a time.
 */
export async function startIcecast(opts: IcecastOptions = {}): Promise<IcecastServer> {
  requireProgram(ICECAST_BIN, 'icecast2');
  requireProgram(FFMPEG_BIN, 'ffmpeg');
  const tracks = readdirSync(DEMO_AUDIO_DIR).filter((f) => f.endsWith('.mp3'));
  if (!tracks.length) throw new Error(`no demo track in ${DEMO_AUDIO_DIR}`);

  const dir = await mkdtemp(join(tmpdir(), 'zema-icecast-'));
  const logdir = join(dir, 'log');
  await mkdir(logdir);
  const sourcePassword = randomBytes(9).toString('hex');
  // Shown in the status: proves the server that answers is this one, not another program that
  // took the port between our pick and Icecast's bind (and Icecast then exits).
  const instance = `test-${randomBytes(6).toString('hex')}`;
  const adminPassword = randomBytes(9).toString('hex');
  const asRoot = process.getuid?.() === 0;
  let owner = '';
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'nobody'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'nobody'], { encoding: 'utf8' }).trim());
    const group = execFileSync('id', ['-gn', 'nobody'], { encoding: 'utf8' }).trim();
    owner = `<changeowner><user>nobody</user><group>${escapeXml(group)}</group></changeowner>`;
    await chown(dir, uid, gid);
    await chown(logdir, uid, gid);
  }
  await chmod(dir, 0o755);

  // A port picked free can be taken before Icecast binds it: try again with another.
  let server: ChildProcess | undefined;
  let serverOutput = () => '';
  let port = 0;
  for (let attempt = 0; !server && attempt < 3; attempt++) {
    port = await freePort();
    const config = `<icecast>
  <limits>
    <clients>${opts.maxClients ?? 100}</clients>
    <sources>${Math.max(4, (opts.mounts?.length ?? 1) + 4)}</sources>
    <queue-size>524288</queue-size>
    <header-timeout>15</header-timeout>
    <source-timeout>10</source-timeout>
    <burst-on-connect>1</burst-on-connect>
    <burst-size>8000</burst-size>
  </limits>
  <authentication>
    <source-password>${sourcePassword}</source-password>
    <admin-user>admin</admin-user>
    <admin-password>${adminPassword}</admin-password>
  </authentication>
  <hostname>127.0.0.1</hostname>
  <location>${instance}</location>
  <admin>test@localhost</admin>
  <listen-socket><port>${port}</port><bind-address>127.0.0.1</bind-address></listen-socket>
  <mount type="default"><mp3-metadata-interval>${opts.metadataInterval ?? 1000}</mp3-metadata-interval></mount>
  <fileserve>1</fileserve>
  <paths>
    <basedir>/usr/share/icecast2</basedir>
    <logdir>${escapeXml(logdir)}</logdir>
    <webroot>/usr/share/icecast2/web</webroot>
    <adminroot>/usr/share/icecast2/admin</adminroot>
  </paths>
  <logging><accesslog>-</accesslog><errorlog>-</errorlog><loglevel>2</loglevel></logging>
  <security><chroot>0</chroot>${owner}</security>
</icecast>
`;
    const configPath = join(dir, 'icecast.xml');
    await writeFile(configPath, config, { mode: 0o644 });
    const child = spawn(ICECAST_BIN, ['-c', configPath], { stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    const output = tail(child);
    let exited = false;
    child.once('exit', () => {
      exited = true;
      running.delete(child);
    });
    try {
      await until(
        async () => {
          const res = await fetch(`http://127.0.0.1:${port}/status-json.xsl`);
          return res.ok && (await res.text()).includes(`"location":"${instance}"`);
        },
        () => `Icecast to answer on port ${port}; it printed:\n${output()}`,
        15_000,
        () => exited,
      );
      server = child;
      serverOutput = output;
    } catch (err) {
      child.kill('SIGKILL');
      // An early exit is most likely the port taken meanwhile: another port, twice more.
      if (!exited || attempt === 2) throw err;
    }
  }
  if (!server) throw new Error('Icecast did not start');

  const baseUrl = `http://127.0.0.1:${port}`;
  const sources = new Map<string, ChildProcess>();
  const adminAuth = `Basic ${Buffer.from(`admin:${adminPassword}`).toString('base64')}`;

  const status = async (): Promise<StatusSource[]> => {
    const res = await fetch(`${baseUrl}/status-json.xsl`);
    // Icecast 2.4 prints a value that looks like a number bare, even when it is not JSON (a
    // title ".5" or "-"): such values are quoted before parsing.
    const text = (await res.text()).replace(/":([^"{[\],}][^,}\]]*)(?=[,}\]])/g, (whole, value: string) =>
      /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?|true|false|null)$/.test(value) ? whole : `":${JSON.stringify(value)}`,
    );
    const body = JSON.parse(text) as { icestats?: { source?: StatusSource | StatusSource[] } };
    const source = body.icestats?.source;
    return source === undefined ? [] : Array.isArray(source) ? source : [source];
  };
  const sourceOf = async (mount: string) =>
    (await status()).find((s) => s.listenurl && new URL(s.listenurl).pathname === mount);

  const setTitle = async (mount: string, title: string) => {
    const query = new URLSearchParams({ mount, mode: 'updinfo', charset: 'UTF-8', song: title });
    const res = await fetch(`${baseUrl}/admin/metadata?${query}`, { headers: { authorization: adminAuth } });
    const text = await res.text();
    if (!res.ok || !text.includes('<return>1</return>'))
      throw new Error(`Icecast refused the title of ${mount}: ${res.status} ${text}`);
  };
  const waitForTitle = (mount: string, title: string, timeoutMs = 10_000) =>
    until(
      async () => charRefsDecoded((await sourceOf(mount))?.title ?? '') === title,
      () => `${mount} to show the title ${JSON.stringify(title)}`,
      timeoutMs,
    );

  const addSource = async (mount: string, title?: string) => {
    const track = join(DEMO_AUDIO_DIR, tracks[sources.size % tracks.length]!);
    const ffmpeg = spawn(
      FFMPEG_BIN,
      [
        ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-re', '-stream_loop', '-1', '-i', track],
        ...['-map', '0:a', '-c:a', 'copy', '-content_type', 'audio/mpeg', '-f', 'mp3'],
        `icecast://source:${sourcePassword}@127.0.0.1:${port}${mount}`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    running.add(ffmpeg);
    sources.set(mount, ffmpeg);
    const output = tail(ffmpeg);
    let exited = false;
    ffmpeg.once('exit', () => {
      exited = true;
      running.delete(ffmpeg);
    });
    await until(
      async () => (await sourceOf(mount)) !== undefined,
      () =>
        `ffmpeg's source on ${mount}; ffmpeg printed:\n${output()}\nIcecast (${
          server.exitCode === null ? 'running' : `exited ${server.exitCode}`
        }) printed:\n${serverOutput()}`,
      15_000,
      () => exited || server.exitCode !== null,
    );
    if (title !== undefined) {
      await setTitle(mount, title);
      await waitForTitle(mount, title);
    }
  };

  const stopChild = (child: ChildProcess) =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
      // Icecast and ffmpeg stop on SIGTERM within a moment; a stuck one must not hold the run.
      setTimeout(() => child.kill('SIGKILL'), 3000).unref();
    });

  const handle: IcecastServer = {
    port,
    baseUrl,
    pid: server.pid ?? 0,
    streamUrl: (mount = '/live.mp3') => `${baseUrl}${mount}`,
    setTitle,
    waitForTitle,
    listeners: async (mount) => Number((await sourceOf(mount))?.listeners ?? 0),
    addSource,
    async stop() {
      await Promise.all([...sources.values()].map(stopChild));
      await stopChild(server);
      await rm(dir, { recursive: true, force: true });
    },
  };
  try {
    for (const mount of opts.mounts ?? ['/live.mp3']) await addSource(mount, opts.title);
  } catch (err) {
    await handle.stop();
    throw err;
  }
  return handle;
}

/**
 * Records what a watcher emits, with when, and lets a test wait for the first item that matches
 * (already recorded or still to come), never for a time.
 */
export function recordReadings<T>() {
  const items: { value: T; at: number }[] = [];
  const waiters: { match: (value: T) => boolean; resolve: (item: { value: T; at: number }) => void }[] = [];
  return {
    items,
    values: () => items.map((i) => i.value),
    push(value: T) {
      const item = { value, at: performance.now() };
      items.push(item);
      for (const w of waiters.filter((w) => w.match(value))) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(item);
      }
    },
    waitFor(match: (value: T) => boolean, timeoutMs = 10_000): Promise<{ value: T; at: number }> {
      const found = items.find((i) => match(i.value));
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          match,
          resolve: (item: { value: T; at: number }) => {
            clearTimeout(timer);
            resolve(item);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(
            new Error(
              `no matching reading within ${timeoutMs} ms; got ${JSON.stringify(items.map((i) => i.value))}`,
            ),
          );
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
  };
}
