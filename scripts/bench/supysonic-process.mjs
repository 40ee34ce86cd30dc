// Debian's supysonic (a Python Subsonic server) as the same-run reference of the Subsonic benchmark:
// finds it and a WSGI server for `supysonic-server`, lays out a library holding the demo catalogue
// (the demo's MP3s copied and tagged by ffmpeg with the catalogue's names, so supysonic reads the
// same artists, albums, tracks and genres), scans it into a SQLite database, and runs the server
// until stopped. Everything lives in one temporary folder: its supysonic.conf is read from the
// working directory the commands run in.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../lib.mjs';
import { sh, sleep } from './zema-process.mjs';

const DEMO = join(root, 'apps/server/assets/demo');
/** The WSGI servers `supysonic-server -S` knows, in the order tried when BENCH_SUPYSONIC_WSGI is unset. */
const WSGI_SERVERS = ['waitress', 'gunicorn', 'gevent'];

/**
 * What the reference needs: `supysonic-server` and `supysonic-cli`, the Python they run with, a
 * WSGI server that Python imports, and ffmpeg to tag the copies. Answers `{ skip }` with the reason
 * when something is missing.
 */
export function findSupysonic() {
  const server = sh('command -v supysonic-server || true');
  const cli = sh('command -v supysonic-cli || true');
  if (!server || !cli)
    return { skip: "supysonic is not installed (Debian's package: apt-get install supysonic)" };
  if (!sh('command -v ffmpeg || true')) return { skip: 'ffmpeg is not installed (apt-get install ffmpeg)' };
  // The package's scripts name their interpreter (Debian's python3, not whichever python3 is first
  // on PATH); the WSGI server must be importable by that one.
  const python = /^#!\s*(\S+)/.exec(readFileSync(server, 'utf8'))?.[1] ?? 'python3';
  const wanted = process.env.BENCH_SUPYSONIC_WSGI ? [process.env.BENCH_SUPYSONIC_WSGI] : WSGI_SERVERS;
  const wsgi = wanted.find((m) => spawnSync(python, ['-c', `import ${m}`]).status === 0);
  if (!wsgi)
    return {
      skip: `no WSGI server for supysonic-server (${wanted.join(', ')}) in ${python} (apt-get install python3-waitress)`,
    };
  const pyVersion = (m) =>
    spawnSync(python, ['-c', `import importlib.metadata as m; print(m.version('${m}'))`], {
      encoding: 'utf8',
    }).stdout.trim();
  return {
    server,
    cli,
    python,
    wsgi,
    // `dpkg-query -W` prints the package's name and version, tab-separated.
    version: sh('dpkg-query -W supysonic 2>/dev/null').split('\t')[1] || pyVersion('supysonic') || '?',
    wsgiVersion: pyVersion(wsgi) || '?',
    pythonVersion: spawnSync(python, ['--version'], { encoding: 'utf8' }).stdout.trim(),
  };
}

/**
 * Copies the demo catalogue's audio into `dir`/music as Artist/Album/NN.mp3, tagged from
 * assets/demo/catalogue.json: title, the track's first artist, the album's first artist as album
 * artist, album, track number, genre (its display name) and year. Answers the counts.
 */
export function tagDemoCatalogue(dir) {
  const manifest = JSON.parse(readFileSync(join(DEMO, 'catalogue.json'), 'utf8'));
  const artistName = new Map(manifest.artists.map((a) => [a.key, a.name]));
  const genreName = new Map(manifest.genres.map((g) => [g.name, g.display_name]));
  const safe = (s) => s.replace(/[/\\:*?"<>|]/g, '_');
  // One ffmpeg for every file (a process each would take seconds): each output is a stream copy of
  // its input with the tags that precede it.
  const inputs = [];
  const outputs = [];
  for (const album of manifest.albums) {
    const albumArtist = artistName.get(album.artists[0]);
    const folder = join(dir, 'music', safe(albumArtist), safe(album.name));
    mkdirSync(folder, { recursive: true });
    album.tracks.forEach((track, i) => {
      const n = String(i + 1).padStart(2, '0');
      const tags = {
        title: track.name,
        artist: artistName.get((track.artists ?? album.artists)[0]),
        album_artist: albumArtist,
        album: album.name,
        track: `${i + 1}/${album.tracks.length}`,
        genre: genreName.get(album.genre) ?? album.genre,
        date: album.release_date.slice(0, 4),
      };
      outputs.push(
        ...['-map', `${inputs.length / 2}:a`, '-c', 'copy', '-map_metadata', '-1'],
        ...Object.entries(tags).flatMap(([k, v]) => ['-metadata', `${k}=${v}`]),
        ...['-id3v2_version', '3', join(folder, `${n}.mp3`)],
      );
      inputs.push('-i', join(DEMO, 'audio', `${album.key}-${n}.mp3`));
    });
  }
  const made = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...inputs, ...outputs], {
    encoding: 'utf8',
  });
  if (made.status !== 0) throw new Error(`ffmpeg could not tag the demo audio: ${made.stderr}`);
  const tracks = inputs.length / 2;
  return { artists: manifest.artists.length, albums: manifest.albums.length, tracks };
}

/**
 * Sets supysonic up in `dir` (config, SQLite database, user `user`/`password`, the tagged demo
 * catalogue as music folder "demo", scanned) and starts `supysonic-server` on 127.0.0.1:`port`
 * with one process and `threads` threads; resolves once ping.view answers ok. Answers
 * `{ child, base, auth, scan }`; stop it with stopSupysonic.
 */
export async function startSupysonic(found, { dir, port, user, password, threads }) {
  tagDemoCatalogue(dir);
  mkdirSync(join(dir, 'cache'));
  writeFileSync(
    join(dir, 'supysonic.conf'),
    [
      '[base]',
      `database_uri = sqlite:///${join(dir, 'supysonic.db')}`,
      '[webapp]',
      `cache_dir = ${join(dir, 'cache')}`,
      'log_level = WARNING',
      '[daemon]',
      `socket = ${join(dir, 'daemon.sock')}`,
      '',
    ].join('\n'),
  );
  const cli = (...args) => {
    const r = spawnSync(found.cli, args, { cwd: dir, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`supysonic-cli ${args.join(' ')} failed: ${r.stderr}${r.stdout}`);
    return r.stdout;
  };
  cli('user', 'add', user, '-p', password);
  cli('folder', 'add', 'demo', join(dir, 'music'));
  const scan = /Added:[^\n]*/.exec(cli('folder', 'scan', '--foreground', 'demo'))?.[0] ?? '';

  const args = ['-S', found.wsgi, '-h', '127.0.0.1', '-p', String(port), '--processes', '1'];
  if (found.wsgi !== 'gevent') args.push('--threads', String(threads));
  const child = spawn(found.server, args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr = (stderr + d).slice(-4000);
  });
  const base = `http://127.0.0.1:${port}`;
  // Supysonic 0.7 speaks API 1.10.2: the password (hex-encoded), not the token sign-in of 1.13.
  const auth = `u=${encodeURIComponent(user)}&p=enc:${Buffer.from(password).toString('hex')}&v=1.10.2&c=bench&f=json`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`supysonic-server exited with ${child.exitCode ?? child.signalCode}: ${stderr}`);
    try {
      const res = await fetch(`${base}/rest/ping.view?${auth}`);
      if (res.ok && (await res.json())['subsonic-response']?.status === 'ok') break;
    } catch {}
    if (Date.now() > deadline) {
      await stopSupysonic(child);
      throw new Error(`supysonic-server did not answer ping.view within 60 s: ${stderr}`);
    }
    await sleep(50);
  }
  return { child, base, auth, scan };
}

export const stopSupysonic = (child) =>
  new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
