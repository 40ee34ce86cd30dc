// `npm test`: every tier behind one command — lint, typecheck, unit + integration on PGlite, the
// same server suite on PostgreSQL + Redis when DATABASE_URL is set, then the browser tests.
// Every step runs even after a failure so one run shows everything; the exit code is non-zero if
// any step failed. The last line totals the tests of all runners.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from './lib.mjs';

const out = mkdtempSync(join(tmpdir(), 'zema-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const results = [];

const embeddedEnv = { ...process.env, ZEMA_TEST_DB: 'pglite' };
delete embeddedEnv.DATABASE_URL;
delete embeddedEnv.REDIS_URL;

function addVitest(file) {
  try {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  } catch {
    totals.failed += 1; // the runner died before writing its report
  }
}
function addPlaywright(file) {
  try {
    const s = JSON.parse(readFileSync(file, 'utf8')).stats;
    totals.passed += s.expected + s.flaky;
    totals.failed += s.unexpected;
    totals.skipped += s.skipped;
  } catch {
    totals.failed += 1;
  }
}

async function step(name, cmd, args, opts, after) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const code = await run(cmd, args, opts);
  after?.();
  results.push({ name, ok: code === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  if (code !== 0 && !after) totals.failed += 1;
}

const vitest = (name, extra, env) => {
  const file = join(out, `${name}.json`);
  return step(
    name,
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`, ...extra],
    { env },
    () => addVitest(file),
  );
};

await step('lint (biome)', 'npm', ['run', 'lint', '--silent']);
await step('typecheck (tsc)', 'npm', ['run', 'typecheck', '--silent']);
await vitest('unit + integration (PGlite, in-process)', [], embeddedEnv);
if (process.env.DATABASE_URL) {
  await vitest('integration (PostgreSQL + Redis)', ['--project', 'server'], {
    ...process.env,
    ZEMA_TEST_DB: 'postgres',
  });
} else {
  console.log('\n(DATABASE_URL is not set: the PostgreSQL + Redis leg is skipped.)');
}
const pwFile = join(out, 'playwright.json');
await step(
  'browser (Playwright + Chromium)',
  'npm',
  ['run', 'test:e2e', '--silent'],
  { env: { ...embeddedEnv, PLAYWRIGHT_JSON_OUTPUT_NAME: pwFile } },
  () => addPlaywright(pwFile),
);

console.log('\n=== Summary ===');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.name} (${r.seconds} s)`);
console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(results.every((r) => r.ok) && totals.failed === 0 ? 0 : 1);
