// Web budgets (docs/benchmarks.md), in Debian's Chromium against the built app on a fresh DATA_DIR
// (the demo catalogue seeds itself):
//   1. gzip size of the JavaScript a page loads: the landing page (/), the player home (/discover)
//      and an artist page (/pastor/{id}/{slug}); goal ≤ 250 kB each.
//   2. Time from pressing Play to the audio element's `playing` event; goal < 150 ms. The reference,
//      in the same page and run, is a bare <audio> element playing another track's stream URL, so
//      the ratio shows what the app adds on top of the network and the decoder.
// Run by `npm run bench`, or alone: node scripts/bench/web.mjs (after a build).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from '../lib.mjs';
import { fmt, median, sleep, slugify } from './zema-process.mjs';

const require = createRequire(join(root, 'e2e/package.json'));
const { chromium } = require('@playwright/test');
const CHROMIUM = '/usr/bin/chromium';
const PORT = Number(process.env.BENCH_WEB_PORT ?? 18_280);
const base = `http://127.0.0.1:${PORT}`;

try {
  statSync(CHROMIUM);
} catch {
  console.log('\nWeb budgets: skipped (needs Debian chromium: apt-get install chromium)');
  process.exit(0);
}

const dataDir = mkdtempSync(join(tmpdir(), 'zema-bench-web-'));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  ADMIN_PASSWORD: 'bench-password',
  PORT: String(PORT),
  LOG_LEVEL: 'warn',
};
delete env.DATABASE_URL;
delete env.REDIS_URL;
const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  cwd: root,
  env,
  stdio: ['ignore', 'ignore', 'inherit'],
});
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--autoplay-policy=no-user-gesture-required',
  ],
});

/** Every script the page loads (module graph, lazy chunks), gzipped at level 9 like a CDN would. */
async function jsLoadedBy(path) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const scripts = new Map();
  // Every script's body is awaited before the page closes: a body still being read when the
  // context closed used to be dropped, so a busy machine measured less than a quiet one.
  const reads = [];
  page.on('response', (res) => {
    const type = res.headers()['content-type'] ?? '';
    if (res.request().resourceType() === 'script' || type.includes('javascript')) {
      reads.push(res.body().then((body) => scripts.set(res.url(), body)));
    }
  });
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  // The app says when its page has settled (route chunk loaded, no query in flight:
  // apps/web/src/app/page-ready-signal.tsx); that, not a pause, ends the measurement.
  await page.waitForSelector('html[data-app-ready]', { state: 'attached' });
  await page.waitForLoadState('networkidle');
  // A script asked for once the page had settled (the message formatter for plurals, loaded
  // when the browser is idle) is not part of the first view: counted apart.
  const later = new Set(
    await page.evaluate(() => {
      const ready = performance.getEntriesByName('zema:app-ready')[0]?.startTime ?? Number.POSITIVE_INFINITY;
      return performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime > ready)
        .map((e) => e.name);
    }),
  );
  await Promise.all(reads);
  await context.close();
  let raw = 0;
  let gz = 0;
  let afterGz = 0;
  for (const [url, body] of scripts) {
    const size = gzipSync(body, { level: 9 }).length;
    if (later.has(url)) afterGz += size;
    else {
      raw += body.length;
      gz += size;
    }
    if (process.env.BENCH_VERBOSE)
      console.log(
        `    ${(size / 1024).toFixed(1).padStart(6)} kB  ${url.replace(base, '')}${later.has(url) ? ' (after the page settled)' : ''}`,
      );
  }
  return { files: scripts.size - later.size, raw, gz, afterGz };
}

/** Click → `playing` of the app's player, and of a bare <audio> on another track, in one page. */
async function playLatency(trackNames, referenceUrl) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${base}/discover`, { waitUntil: 'networkidle' });
  const ref = await page.evaluate(async (url) => {
    const audio = document.createElement('audio');
    document.body.append(audio);
    audio.src = `${url}?bench=${Math.random()}`;
    const t0 = performance.now();
    await new Promise((resolve, reject) => {
      audio.addEventListener('playing', resolve, { once: true });
      audio.addEventListener('error', () => reject(new Error('reference audio failed')), { once: true });
      audio.play().catch(reject);
    });
    const ms = performance.now() - t0;
    audio.pause();
    audio.remove();
    return ms;
  }, referenceUrl);
  const button = page.getByRole('button', { name: `Play ${trackNames[0]}`, exact: false }).first();
  await button.waitFor();
  const handle = await button.elementHandle();
  const app = await page.evaluate(
    (el) =>
      new Promise((resolve) => {
        const onPlaying = () => resolve(performance.now() - t0);
        document.addEventListener('playing', onPlaying, { capture: true, once: true });
        const t0 = performance.now();
        el.click();
      }),
    handle,
  );
  await context.close();
  return { app, ref };
}

try {
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch {}
    if (i > 3000) throw new Error('server did not start');
    await sleep(10);
  }
  const { artists } = await (await fetch(`${base}/api/v1/landing/artists`)).json();
  const artist = artists[0];
  const { channel } = await (await fetch(`${base}/api/v1/channels/discover`)).json();
  const trackRow = channel.content.items
    .map((c) => c.content)
    .find((c) => c.type === 'track' && c.items.length >= 2);
  if (!artist || !trackRow)
    throw new Error('the demo catalogue is missing (no trending artist or track row)');

  const pages = [
    ['landing page /', '/'],
    ['player home /discover', '/discover'],
    [`artist page /pastor/${artist.id}/…`, `/pastor/${artist.id}/${slugify(artist.name)}`],
  ];
  console.log('\nWeb: JavaScript of the first view per page, gzip -9 (goal ≤ 250 kB; landing ≤ 210 kB)');
  for (const [label, path] of pages) {
    const js = await jsLoadedBy(path);
    console.log(
      `  ${label.padEnd(30)} ${fmt(js.gz / 1024, 1)} kB gzipped (${fmt(js.raw / 1024)} kB raw, ${js.files} files)${js.afterGz ? `, then ${fmt(js.afterGz / 1024, 1)} kB once settled` : ''}`,
    );
  }

  // A reader's language: the page's HTML and, once per version of the lines, their script. English
  // (no lines) is the reference, measured in the same run.
  const transferred = async (path, cookie) => {
    const res = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'identity', cookie } });
    const body = await res.text();
    return { body, gz: gzipSync(body, { level: 9 }).length };
  };
  const englishPage = await transferred('/discover', '');
  const amharicPage = await transferred('/discover', 'zema_locale=am');
  const linesSrc = /\/i18n\/am\.[0-9a-f]+\.js/.exec(amharicPage.body)?.[0];
  const lines = linesSrc ? await transferred(linesSrc, '') : { gz: 0 };
  console.log('\nWeb: the /discover page for an Amharic reader, gzip -9 (English, no lines, for reference)');
  console.log(
    `  Amharic page ${fmt(amharicPage.gz / 1024, 1)} kB · English page ${fmt(englishPage.gz / 1024, 1)} kB · Amharic lines script ${fmt(lines.gz / 1024, 1)} kB, cached a year per version`,
  );

  const runs = [];
  for (let i = 0; i < 5; i++) {
    const [a, b] = [
      trackRow.items[i % trackRow.items.length],
      trackRow.items[(i + 1) % trackRow.items.length],
    ];
    runs.push(await playLatency([a.name], b.stream_url ? `${base}${b.stream_url}` : null));
  }
  const app = median(runs.map((r) => r.app));
  const ref = median(runs.map((r) => r.ref));
  console.log('\nWeb: press Play → `playing` in Chromium (median of 5, goal < 150 ms)');
  console.log(`  bare <audio> on a stream URL    ${fmt(ref, 1)} ms`);
  console.log(`  Zema player, Play button        ${fmt(app, 1)} ms   (${fmt(app / ref, 2)}× bare)`);
} finally {
  await browser.close();
  await new Promise((r) => {
    server.once('exit', r);
    server.kill('SIGTERM');
  });
  rmSync(dataDir, { recursive: true, force: true });
}
