// Import boundaries (ARCHITECTURE.md "Layers"; decisions 0011 and 0051), run by `npm run lint`:
// dependency-cruiser resolves every import (aliases, relative paths, require(), import() of a
// literal, type-only imports) and checks the rules of .dependency-cruiser.cjs. Each run first
// cruises scripts/boundaries/fixture/, where every rule has a planted violation next to imports
// that must pass: a rule that stops finding its violation, or one that flags a clean import,
// fails the check before the project is looked at.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './lib.mjs';

const bin = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const config = join(root, '.dependency-cruiser.cjs');

/** Every violation dependency-cruiser reports under `cwd`: `rule from → to`, sorted. */
function violations(cwd, paths) {
  const run = spawnSync(process.execPath, [bin, ...paths, '--config', config, '--output-type', 'json'], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (run.status !== 0 && !run.stdout.startsWith('{')) {
    console.error(run.stderr || run.stdout);
    process.exit(1);
  }
  const { summary } = JSON.parse(run.stdout);
  return summary.violations.map((v) => `${v.rule.name} ${v.from} → ${v.to}`).sort();
}

const S = 'apps/server/src';
const W = 'apps/web/src';
const PLANTED = [
  `module-face-only ${S}/app.ts → ${S}/modules/alpha/inner.ts`,
  `module-face-only-between-modules ${S}/modules/beta/deep.ts → ${S}/modules/alpha/inner.ts`,
  `module-face-only-between-modules ${S}/modules/beta/relative.ts → ${S}/modules/alpha/inner.ts`,
  `module-face-only-between-modules ${S}/modules/beta/required.ts → ${S}/modules/alpha/inner.ts`,
  `module-face-only-between-modules ${S}/modules/beta/imported.ts → ${S}/modules/alpha/inner.ts`,
  `module-face-only-between-modules ${S}/modules/beta/tables.ts → ${S}/modules/alpha/alpha.tables.ts`,
  `module-owns-tables ${S}/modules/beta/tables.ts → ${S}/modules/alpha/alpha.tables.ts`,
  `data-face-holds-data ${S}/modules/alpha/alpha.reads.ts → ${S}/modules/alpha/inner.ts`,
  `ground-imports-no-module ${S}/lib/ground.ts → ${S}/modules/alpha/index.ts`,
  `services-speak-the-domain ${S}/modules/alpha/alpha.service.ts → ${S}/http/errors.ts`,
  `test-helpers-with-tests ${S}/modules/alpha/uses-helper.ts → apps/server/test/helper.ts`,
  `no-test-helpers-in-source ${W}/features/two/testing.tsx → ${W}/features/two/other.tsx`,
  `no-cycles ${S}/modules/gamma/x.ts → ${S}/modules/gamma/y.ts`,
  `web-ground-imports-down ${W}/ui/button.tsx → ${W}/features/one/page.tsx`,
  `web-components-import-down ${W}/components/card.tsx → ${W}/features/one/page.tsx`,
  `web-feature-face-only ${W}/features/one/page.tsx → ${W}/features/two/other.tsx`,
  `web-feature-imports-no-app ${W}/features/one/page.tsx → ${W}/app/shell.tsx`,
  `web-app-imports-faces ${W}/app/routes.tsx → ${W}/features/one/page.tsx`,
].sort();

const found = violations(join(root, 'scripts/boundaries/fixture'), ['apps']);
const missed = PLANTED.filter((v) => !found.includes(v));
const extra = found.filter((v) => !PLANTED.includes(v));
if (missed.length || extra.length) {
  for (const v of missed) console.error(`check-boundaries: a planted violation is no longer found: ${v}`);
  for (const v of extra) console.error(`check-boundaries: a clean import of the fixture is flagged: ${v}`);
  process.exit(1);
}

const project = violations(root, ['apps', 'packages']);
if (project.length) {
  for (const v of project) console.error(v);
  console.error(
    `\ncheck-boundaries: ${project.length} import(s) cross a boundary (.dependency-cruiser.cjs).`,
  );
  process.exit(1);
}
console.log(`Import boundaries: ${PLANTED.length} planted violations found; none in the project.`);
