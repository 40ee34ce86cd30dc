// `npm test`: every tier behind one command — lint, typecheck, the server suite on PostgreSQL +
// Redis when DATABASE_URL is set, unit + integration on PGlite, then the browser tests. Every step
// runs even after a failure so one run shows everything; the exit code is non-zero if any step
// failed. It ends with each leg's seconds, the slowest files of each runner and the total of
// tests (docs/testing.md holds each leg's budget).
//
// Server test files run once, on PostgreSQL + Redis when it is there; those that can fail
// differently on the embedded drivers (first line `// Both drivers: …`) run again on PGlite.
// Without DATABASE_URL every file runs on PGlite.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { buildIfNeeded, root, run } from './lib.mjs';

const out = mkdtempSync(join(tmpdir(), 'zema-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const results = [];
/** The slowest files of each leg: `{ leg, rows: [{ file, seconds, note }] }`. */
const slowest = [];
const SLOWEST = 15;

const withPostgres = Boolean(process.env.DATABASE_URL);
const embeddedEnv = { ...process.env, ZEMA_TEST_DB: 'pglite' };
delete embeddedEnv.DATABASE_URL;
delete embeddedEnv.REDIS_URL;

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function addVitest(leg, file, timesFile) {
  const r = readJson(file);
  if (!r) {
    totals.failed += 1; // the runner died before writing its report
    return;
  }
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  const times = readJson(timesFile) ?? [];
  const rows = times
    .sort((a, b) => b.total - a.total)
    .slice(0, SLOWEST)
    .map((t) => ({
      file: `${t.file} (${t.project})`,
      seconds: t.total,
      note: `import ${t.import.toFixed(1)} s, tests ${t.tests.toFixed(1)} s`,
    }));
  slowest.push({ leg, rows });
}

function addPlaywright(leg, file) {
  const report = readJson(file);
  if (!report) {
    totals.failed += 1;
    return;
  }
  const s = report.stats;
  totals.passed += s.expected + s.flaky;
  totals.failed += s.unexpected;
  totals.skipped += s.skipped;
  // Seconds of browser time per spec file and project (the sum of its tests' runs).
  const perFile = new Map();
  const walk = (suite, file) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const key = `${relative(root, join(report.config.rootDir, here))} [${t.projectName}]`;
        const row = perFile.get(key) ?? { seconds: 0, tests: 0 };
        row.tests += 1;
        for (const r of t.results ?? []) row.seconds += r.duration / 1000;
        perFile.set(key, row);
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file);
  const rows = [...perFile]
    .sort((a, b) => b[1].seconds - a[1].seconds)
    .slice(0, SLOWEST)
    .map(([key, row]) => ({ file: key, seconds: row.seconds, note: `${row.tests} tests` }));
  slowest.push({ leg, rows });
}

async function step(name, work, after) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const code = await work();
  after?.();
  results.push({ name, ok: code === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  if (code !== 0 && !after) totals.failed += 1;
}

const vitest = (name, extra, env) => {
  const file = join(out, `${name}.json`);
  const timesFile = join(out, `${name}.times.json`);
  return step(
    name,
    () =>
      run(
        'npx',
        [
          'vitest',
          'run',
          '--reporter=default',
          '--reporter=json',
          `--outputFile.json=${file}`,
          '--reporter=./scripts/vitest-file-times.mjs',
          ...extra,
        ],
        { env: { ...env, ZEMA_FILE_TIMES: timesFile } },
      ),
    () => addVitest(name, file, timesFile),
  );
};

await step('lint (biome)', () => run('npm', ['run', 'lint', '--silent']));
// The type checker and the build of the app the browser tests use each keep one core busy: they
// run side by side, the server's check (the longest, about 35 s) beside the other three and the
// build, so both cores work instead of one (`npm run typecheck` runs the same checks in a row).
/** Runs tsc on each project in turn; resolves with 0 when every one passed. */
async function typecheck(projects) {
  let failed = 0;
  for (const project of projects) failed |= await run('npx', ['tsc', '-p', project]);
  return failed;
}
await step('typecheck (tsc) and build', async () => {
  // The projects `npm run typecheck` names, so a new one is checked here too.
  const script = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.typecheck;
  const projects = [...script.matchAll(/tsc -p (\S+)/g)].map((m) => m[1]);
  const [server, others, built] = await Promise.all([
    typecheck(projects.filter((p) => p === 'apps/server')),
    typecheck(projects.filter((p) => p !== 'apps/server')),
    buildIfNeeded(),
  ]);
  return server === 0 && others === 0 && built ? 0 : 1;
});
if (withPostgres) {
  await vitest('server (PostgreSQL + Redis)', ['--project', 'server'], {
    ...process.env,
    ZEMA_TEST_DB: 'postgres',
  });
} else {
  console.log('\n(DATABASE_URL is not set: every server test runs on PGlite, none on PostgreSQL + Redis.)');
}
await vitest(
  withPostgres ? 'unit + server files that need both drivers (PGlite)' : 'unit + integration (PGlite)',
  [],
  withPostgres ? { ...embeddedEnv, ZEMA_TEST_SCOPE: 'both-drivers' } : embeddedEnv,
);
const pwFile = join(out, 'playwright.json');
await step(
  'browser (Playwright + Chromium)',
  () =>
    run('npm', ['run', 'test:e2e', '--silent'], {
      env: { ...embeddedEnv, PLAYWRIGHT_JSON_OUTPUT_NAME: pwFile },
    }),
  () => addPlaywright('browser (Playwright + Chromium)', pwFile),
);

console.log('\n=== Slowest files ===');
for (const { leg, rows } of slowest) {
  console.log(`\n${leg}:`);
  for (const r of rows) console.log(`  ${r.seconds.toFixed(1).padStart(6)} s  ${r.file}  (${r.note})`);
}
console.log('\n=== Summary ===');
const total = results.reduce((sum, r) => sum + Number(r.seconds), 0);
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.name} (${r.seconds} s)`);
console.log(`Time: ${total.toFixed(0)} s in all (budget: docs/testing.md)`);
console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(results.every((r) => r.ok) && totals.failed === 0 ? 0 : 1);
