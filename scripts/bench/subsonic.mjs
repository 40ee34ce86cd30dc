// Subsonic API benchmark (issue 34), each figure next to a reference measured in the same run:
//  1. getAlbumList2 (byGenre, 20 albums), search3 (a typo'd query) and getArtist at
//     BENCH_CONNECTIONS (50) connections for BENCH_SECONDS (8) each, signed in with an app password
//     (token sign-in, as apps do) — next to the same data through Zema's own REST API signed in
//     with the same account's session: GET /api/v1/genres/{name}/albums, GET /api/v1/search (the
//     same three sections of 20 as search3) and
//     GET /api/v1/artists/{id}/albums.   goal: ≥ 0.8× the REST API's requests/s
//     Where Debian's supysonic is installed (with a WSGI server for it: python3-waitress), the same
//     three calls to it with the same load, on the demo catalogue too (supysonic-process.mjs tags
//     copies of the demo audio with the catalogue's names and scans them into a SQLite database),
//     signed in by password as its API (1.10.2) has it: Zema's /rest requests/s ÷ supysonic's.
//     BENCH_SUPYSONIC=0 leaves it out; BENCH_SUPYSONIC_WSGI picks its WSGI server (waitress,
//     gunicorn, gevent; the first installed by default), BENCH_SUPYSONIC_THREADS its threads (4).
//  2. Transcoding: a 120 s 320 kbps stereo MP3 (made by ffmpeg here) asked for as 128 kbps MP3
//     (`format=mp3&maxBitRate=128`), the kept-transcode cache off, one at a time: seconds of audio
//     made per second of wall time on one core, i.e. how many real-time transcodes a core sustains
//     — next to Debian's ffmpeg transcoding the same file to /dev/null with the same settings.
//     Then BENCH_SUBSONIC_STREAMS (two per core) at once: audio made per second per core, all
//     together (a listener needs one second of audio a second: that figure is the streams a core
//     sustains).
// Run by `npm run bench`, or alone: node scripts/bench/subsonic.mjs (after a build).
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { findSupysonic, startSupysonic, stopSupysonic } from './supysonic-process.mjs';
import { fmt, freePort, login, runThenCleanUp, startZema, stop } from './zema-process.mjs';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const GOAL = 0.8;
const SUPYSONIC_THREADS = Number(process.env.BENCH_SUPYSONIC_THREADS ?? 4);
const ADMIN = { email: 'bench@zema.test', password: 'bench-password' };

const dataDir = mkdtempSync(join(tmpdir(), 'zema-bench-subsonic-'));
const work = mkdtempSync(join(tmpdir(), 'zema-bench-subsonic-audio-'));
const supysonicDir = mkdtempSync(join(tmpdir(), 'zema-bench-supysonic-'));
let supysonic = null;
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const zema = await startZema(
  { DATA_DIR: dataDir, TRANSCODE_CACHE_MB: '0', DATABASE_URL: '', REDIS_URL: '' },
  port,
  ADMIN,
);
await runThenCleanUp(run, async () => {
  await stop(zema);
  await stopSupysonic(supysonic?.child);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
  rmSync(supysonicDir, { recursive: true, force: true });
});

async function run() {
  const cookie = await login(base, ADMIN);
  const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(cookie)[1]);
  const api = (method, path, body, headers = {}) =>
    fetch(base + path, {
      method,
      headers: { accept: 'application/json', cookie, 'x-xsrf-token': xsrf, ...headers },
      body,
    });
  const made = await (
    await api('POST', '/api/v1/users/me/app-passwords', JSON.stringify({ name: 'Bench' }), {
      'content-type': 'application/json',
    })
  ).json();
  // Token sign-in as apps do it: one salt per request is what they send; a fixed one here keeps
  // autocannon's request the same (the server does the same work either way).
  const salt = randomBytes(6).toString('hex');
  const token = createHash('md5')
    .update(made.password + salt)
    .digest('hex');
  const auth = `u=${encodeURIComponent(ADMIN.email)}&t=${token}&s=${salt}&v=1.16.1&c=bench&f=json`;
  const rest = (path) => `${base}${path}`;
  const sub = (method, query) => `${base}/rest/${method}.view?${auth}&${query}`;

  // The demo catalogue: a genre with albums, an artist with albums, a search with a typo.
  const sample = await (await fetch(sub('getAlbumList2', 'type=newest&size=50'))).json();
  const albums = sample['subsonic-response'].albumList2.album;
  const genre = albums.find((a) => a.genre)?.genre;
  const artistId = albums[0].artistId;
  const artistName = (await (await fetch(sub('getArtist', `id=${artistId}`))).json())['subsonic-response']
    .artist.name;
  const query = `${artistName.slice(0, -2)}${artistName.at(-1)}${artistName.at(-2)}`;
  const pairs = [
    [
      `getAlbumList2 byGenre (${genre}, 20)`,
      sub('getAlbumList2', `type=byGenre&genre=${encodeURIComponent(genre)}&size=20`),
      `GET /api/v1/genres/{name}/albums`,
      rest(`/api/v1/genres/${encodeURIComponent(genre.toLowerCase())}/albums?perPage=20`),
    ],
    [
      `search3 "${query}"`,
      sub('search3', `query=${encodeURIComponent(query)}`),
      // The same sections and sizes as search3's defaults (20 artists, albums and songs).
      'GET /api/v1/search (artist, album, track; 20 each)',
      rest(`/api/v1/search?query=${encodeURIComponent(query)}&types=artist,album,track&perPage=20`),
    ],
    [
      `getArtist (${artistName})`,
      sub('getArtist', `id=${artistId}`),
      'GET /api/v1/artists/{id}/albums',
      rest(`/api/v1/artists/${artistId.replace(/^ar-/, '')}/albums`),
    ],
  ];
  for (const [, a, , b] of pairs) {
    const check = await fetch(a);
    const body = await check.json();
    if (body['subsonic-response'].status !== 'ok') throw new Error(`${a} answered ${JSON.stringify(body)}`);
    const res = await fetch(b, { headers: { accept: 'application/json', cookie } });
    if (!res.ok) throw new Error(`${b} answered ${res.status}`);
  }
  const load = async (url, headers = {}) => {
    const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
    if (r.non2xx || r.errors) console.warn(`  warning: ${r.non2xx} non-2xx, ${r.errors} errors for ${url}`);
    return { rps: r.requests.average, p99: r.latency.p99 };
  };
  // What each call answered, to show the reference answers the same: albums, search hits.
  const answerOf = async (url) => (await (await fetch(url)).json())['subsonic-response'];
  const counted = (r) => {
    if (r.albumList2) return `${r.albumList2.album?.length ?? 0} albums`;
    if (r.artist) return `${r.artist.album?.length ?? 0} albums`;
    const hits = r.searchResult3 ?? {};
    return `${hits.artist?.length ?? 0} artists, ${hits.album?.length ?? 0} albums, ${hits.song?.length ?? 0} songs`;
  };

  // The reference: Debian's supysonic on the same catalogue, the same three calls.
  const reference = await startReference({ genre, query, artistName });
  console.log(
    `\nSubsonic: the same data through /rest and the REST API, ${CONNECTIONS} connections, ${SECONDS} s each, signed in (goal ≥ ${GOAL}×)`,
  );
  console.log(`  reference: ${reference.about}`);
  for (const [i, [labelA, a, labelB, b]] of pairs.entries()) {
    const restRun = await load(b, { accept: 'application/json', cookie });
    const subRun = await load(a);
    const ratio = subRun.rps / restRun.rps;
    console.log(
      `  ${labelA}: ${fmt(subRun.rps)} req/s, p99 ${subRun.p99} ms (${counted(await answerOf(a))})`,
    );
    console.log(`    ${labelB}: ${fmt(restRun.rps)} req/s, p99 ${restRun.p99} ms`);
    console.log(`    ratio ${fmt(ratio, 2)}×${ratio >= GOAL ? ' — met' : ' — NOT met'}`);
    const ref = reference.urls?.[i];
    if (!ref) continue;
    const refRun = await load(ref);
    console.log(
      `    supysonic: ${fmt(refRun.rps)} req/s, p99 ${refRun.p99} ms (${counted(await answerOf(ref))}): Zema /rest ÷ supysonic ${fmt(subRun.rps / refRun.rps, 2)}×`,
    );
    if (i === 1 && reference.exact) {
      // Supysonic matches substrings, so the typo finds nothing there: the name spelled right too.
      const exactRun = await load(reference.exact);
      console.log(
        `    supysonic, "${artistName}" spelled right: ${fmt(exactRun.rps)} req/s, p99 ${exactRun.p99} ms (${counted(await answerOf(reference.exact))})`,
      );
    }
  }
  if (supysonic) {
    await stopSupysonic(supysonic.child);
    supysonic = null;
  }

  // ——— 2. Transcoding ———
  const ffmpeg = spawnSync('ffmpeg', ['-version']).status === 0;
  console.log('\nSubsonic transcoding: a 120 s 320 kbps stereo MP3 → 128 kbps MP3, one core');
  if (!ffmpeg) {
    console.log('  skipped: ffmpeg is not installed (apt-get install ffmpeg)');
    return;
  }
  const source = join(work, 'source.mp3');
  const made320 = spawnSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'anoisesrc=d=120:c=pink:a=0.3',
    '-f',
    'lavfi',
    '-i',
    'sine=f=440:d=120',
    '-filter_complex',
    '[0:a][1:a]amix=2,aformat=channel_layouts=stereo',
    '-ar',
    '44100',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '320k',
    source,
  ]);
  if (made320.status !== 0) throw new Error(`ffmpeg could not make the source: ${made320.stderr}`);
  // A track for it: the first demo album's first song takes this audio through the admin API.
  const album = (await (await fetch(sub('getAlbum', `id=${albums[0].id}`))).json())['subsonic-response']
    .album;
  const trackId = album.song[0].id.replace(/^tr-/, '');
  const form = new FormData();
  form.append('file', new Blob([readFileSync(source)], { type: 'audio/mpeg' }), 'source.mp3');
  const set = await api('POST', `/api/v1/tracks/${trackId}/audio`, form);
  if (!set.ok) throw new Error(`setting the track's audio answered ${set.status}: ${await set.text()}`);

  const t0 = performance.now();
  const bare = spawnSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-i',
    source,
    '-map',
    '0:a:0',
    '-vn',
    '-map_metadata',
    '-1',
    '-b:a',
    '128k',
    '-c:a',
    'libmp3lame',
    '-f',
    'mp3',
    '-y',
    '/dev/null',
  ]);
  const bareSeconds = (performance.now() - t0) / 1000;
  if (bare.status !== 0) throw new Error(`ffmpeg failed: ${bare.stderr}`);
  const url = sub('stream', `id=tr-${trackId}&format=mp3&maxBitRate=128`);
  const once = async () => {
    const t = performance.now();
    const res = await fetch(url);
    if (!res.ok || res.headers.get('content-type') !== 'audio/mpeg')
      throw new Error(`stream answered ${res.status}`);
    const bytes = (await res.arrayBuffer()).byteLength;
    return { seconds: (performance.now() - t) / 1000, bytes };
  };
  const single = await once();
  const factor = 120 / single.seconds;
  const bareFactor = 120 / bareSeconds;
  console.log(
    `  Zema /rest/stream: 120 s of audio in ${fmt(single.seconds, 2)} s (${fmt(single.bytes / 1024)} kB): ${fmt(factor, 1)}× real time, so one core sustains about ${Math.floor(factor)} transcodes at once`,
  );
  console.log(
    `  Debian ffmpeg alone, same settings: ${fmt(bareSeconds, 2)} s, ${fmt(bareFactor, 1)}× real time`,
  );
  console.log(`  ratio: ${fmt(factor / bareFactor, 2)}× ffmpeg alone`);
  const cores = availableParallelism();
  // Several at once (two per core): audio made per second of wall time per core, all together.
  const streams = Number(process.env.BENCH_SUBSONIC_STREAMS ?? cores * 2);
  const t1 = performance.now();
  await Promise.all(Array.from({ length: streams }, once));
  const wall = (performance.now() - t1) / 1000;
  const perCore = (streams * 120) / wall / cores;
  console.log(
    `  ${streams} at once on ${cores} cores: ${fmt(wall, 1)} s, ${fmt(perCore, 1)} s of audio a second per core: a core sustains about ${Math.floor(perCore)} real-time 128 kbps transcodes`,
  );
}

/**
 * Starts Debian's supysonic on the demo catalogue (sets `supysonic`) and answers the URLs of the
 * three calls there, with `about` saying what runs; `{ about }` alone when it is not installed
 * (why) or fails to start (the Zema figures still come; the exit code says it failed).
 */
async function startReference({ genre, query, artistName }) {
  if (process.env.BENCH_SUPYSONIC === '0') return { about: 'supysonic skipped (BENCH_SUPYSONIC=0)' };
  const found = findSupysonic();
  if (found.skip) return { about: `supysonic skipped: ${found.skip}` };
  try {
    supysonic = await startSupysonic(found, {
      dir: supysonicDir,
      port: await freePort(),
      user: 'bench',
      password: 'bench-password',
      threads: SUPYSONIC_THREADS,
    });
    const sub = (method, q) => `${supysonic.base}/rest/${method}.view?${supysonic.auth}&${q}`;
    const answer = async (url) => {
      const body = (await (await fetch(url)).json())['subsonic-response'];
      if (body.status !== 'ok') throw new Error(`supysonic answered ${JSON.stringify(body)} to ${url}`);
      return body;
    };
    const artists = (await answer(sub('getArtists', ''))).artists.index.flatMap((x) => x.artist);
    const artist = artists.find((a) => a.name === artistName);
    if (!artist) throw new Error(`supysonic has no artist "${artistName}"`);
    const urls = [
      sub('getAlbumList2', `type=byGenre&genre=${encodeURIComponent(genre)}&size=20`),
      sub('search3', `query=${encodeURIComponent(query)}`),
      sub('getArtist', `id=${artist.id}`),
    ];
    for (const url of urls) await answer(url);
    const threads = found.wsgi === 'gevent' ? 'gevent' : `${SUPYSONIC_THREADS} threads`;
    return {
      urls,
      exact: sub('search3', `query=${encodeURIComponent(artistName)}`),
      about:
        `Debian's supysonic ${found.version} (${found.pythonVersion}), supysonic-server -S ${found.wsgi} ` +
        `(${found.wsgi} ${found.wsgiVersion}), 1 process, ${threads}, SQLite; ${supysonic.scan}; ` +
        'signed in by password (enc:), its API 1.10.2 has no token sign-in',
    };
  } catch (err) {
    console.error(err);
    process.exitCode = 1;
    await stopSupysonic(supysonic?.child);
    supysonic = null;
    return { about: `supysonic failed: ${err.message}` };
  }
}
