// Lighthouse scores of the pages a listener meets first — the landing page (/), the player
// home (/discover), an artist page and /login — with the mobile (default: simulated slow 4G, 4×
// CPU slowdown, Moto G Power screen) and desktop presets, in Debian's Chromium against the built
// app served by `npm start`'s server on a fresh DATA_DIR (the demo catalogue seeds itself).
// Goal: performance ≥ 90 on mobile and 100 on desktop; accessibility, best practices and SEO 100.
// Run by `npm run bench`, or alone: node scripts/bench/lighthouse.mjs (after a build).
//   BENCH_LIGHTHOUSE_RUNS=3   runs per page and preset; the median score is printed (default 1)
//   BENCH_LIGHTHOUSE_PORT     port of the server (default 18290)
//   BENCH_LIGHTHOUSE_ONLY     comma list of page labels to run (landing, discover, artist, login)
//   BENCH_LIGHTHOUSE_DIR      folder to write each run's full report to (JSON, for the Lighthouse viewer)
//   BENCH_VERBOSE=1           also list every audit that did not pass, per page and preset
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { root } from '../lib.mjs';
import { median, sleep, slugify } from './zema-process.mjs';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PORT = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 18_290);
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1));
const ONLY = process.env.BENCH_LIGHTHOUSE_ONLY?.split(',').map((s) => s.trim());
const REPORTS = process.env.BENCH_LIGHTHOUSE_DIR;
if (REPORTS) mkdirSync(REPORTS, { recursive: true });
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const base = `http://127.0.0.1:${PORT}`;

try {
  statSync(CHROMIUM);
} catch {
  console.log('\nLighthouse: skipped (needs Debian chromium: apt-get install chromium)');
  process.exit(0);
}

const dataDir = mkdtempSync(join(tmpdir(), 'zema-bench-lighthouse-'));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  ADMIN_PASSWORD: 'bench-password',
  PORT: String(PORT),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
};
delete env.DATABASE_URL;
delete env.REDIS_URL;
const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  cwd: root,
  env,
  stdio: ['ignore', 'ignore', 'inherit'],
});

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

/** One Lighthouse run: the four category scores (0–100) and the audits that did not pass. */
async function audit(label, url, preset, run) {
  const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES };
  let result;
  // A trace that failed to record (NO_NAVSTART, NO_FCP on a busy machine) is Lighthouse's, not the
  // page's: its own advice is to run again.
  for (let attempt = 0; attempt < 3; attempt++) {
    result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
    if (!result.lhr.runtimeError) break;
  }
  const { lhr, report } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  if (REPORTS) writeFileSync(join(REPORTS, `${label}-${preset}-${run + 1}.json`), report);
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  );
  const failing = [];
  for (const c of CATEGORIES) {
    for (const ref of lhr.categories[c].auditRefs) {
      const a = lhr.audits[ref.id];
      if (ref.weight > 0 && a.score !== null && a.score < 1) {
        failing.push(`${c}: ${a.id} (${a.score}) ${a.displayValue ?? ''}`.trim());
      }
    }
  }
  const metrics = {
    fcp: lhr.audits['first-contentful-paint']?.numericValue,
    lcp: lhr.audits['largest-contentful-paint']?.numericValue,
    tbt: lhr.audits['total-blocking-time']?.numericValue,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue,
  };
  return { scores, failing, metrics };
}

try {
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch {}
    if (i > 6000) throw new Error('server did not start');
    await sleep(10);
  }
  const { artists } = await (await fetch(`${base}/api/v1/landing/artists`)).json();
  const artist = artists[0];
  if (!artist) throw new Error('the demo catalogue is missing (no trending artist)');

  const pages = [
    ['landing', '/'],
    ['discover', '/discover'],
    ['artist', `/pastor/${artist.id}/${slugify(artist.name)}`],
    ['login', '/login'],
  ].filter(([label]) => !ONLY || ONLY.includes(label));

  console.log(
    `\nLighthouse ${RUNS > 1 ? `(median of ${RUNS}) ` : ''}— performance / accessibility / best practices / SEO` +
      ' (goal: ≥ 90 mobile and 100 desktop / 100 / 100 / 100)',
  );
  for (const [label, path] of pages) {
    for (const preset of ['mobile', 'desktop']) {
      const runs = [];
      for (let r = 0; r < RUNS; r++) runs.push(await audit(label, `${base}${path}`, preset, r));
      const score = (c) => median(runs.map((run) => run.scores[c]));
      const metric = (m) => median(runs.map((run) => run.metrics[m] ?? Number.NaN));
      console.log(
        `  ${`${label} ${path.length > 24 ? `${path.slice(0, 23)}…` : path}`.padEnd(36)} ${preset.padEnd(7)} ` +
          CATEGORIES.map((c) => String(score(c)).padStart(3)).join(' / ') +
          `   FCP ${(metric('fcp') / 1000).toFixed(1)} s, LCP ${(metric('lcp') / 1000).toFixed(1)} s,` +
          ` TBT ${Math.round(metric('tbt'))} ms, CLS ${metric('cls').toFixed(3)}`,
      );
      if (process.env.BENCH_VERBOSE) {
        for (const line of new Set(runs.flatMap((run) => run.failing))) console.log(`      ${line}`);
      }
    }
  }
} finally {
  chrome.kill();
  await new Promise((r) => {
    server.once('exit', r);
    server.kill('SIGTERM');
  });
  rmSync(dataDir, { recursive: true, force: true });
}
