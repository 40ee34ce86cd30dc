// Import boundaries (ARCHITECTURE.md, "Layers"; decision 0011), run by `npm run lint`.
// A layer imports downward only. What is enforced today:
//   server: http/, lib/, db/ and platform/ never import features/ (what a plugin needs from a
//           feature, app.ts passes in);
//   web:    ui/ and lib/ never import features/ or app/.
// Tests are exempt (they may build the whole app). Each run first checks itself on a deliberate
// violation, so a broken rule cannot pass silently.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { root } from './lib.mjs';

const RULES = [
  {
    base: 'apps/server/src',
    from: ['http', 'lib', 'db', 'platform'],
    forbidden: ['features'],
  },
  {
    base: 'apps/web/src',
    from: ['ui', 'lib'],
    forbidden: ['features', 'app'],
  },
];

const SOURCE = /\.(ts|tsx|mjs|js)$/;
const TEST = /\.test\.(ts|tsx)$|\/testing\//;
// Static imports, re-exports and dynamic import() of a string literal.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

function* walk(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (SOURCE.test(entry.name)) yield path;
  }
}

/** The top folder under `base` (e.g. `features`) an import specifier of `file` points into, if any. */
function targetTop(baseAbs, file, specifier) {
  let target;
  if (specifier.startsWith('#src/')) target = join(baseAbs, specifier.slice(5));
  else if (specifier.startsWith('.')) target = resolve(dirname(file), specifier);
  else return null;
  const rel = relative(baseAbs, target);
  if (rel.startsWith('..')) return null;
  return rel.split(sep)[0];
}

/** Violations in one file's text: `[specifier, forbidden top folder]`. */
export function violationsIn(baseAbs, rule, file, text) {
  const top = relative(baseAbs, file).split(sep)[0];
  if (!rule.from.includes(top) || TEST.test(file)) return [];
  const found = [];
  for (const match of text.matchAll(SPECIFIER)) {
    const into = targetTop(baseAbs, file, match[1]);
    if (into && rule.forbidden.includes(into)) found.push([match[1], into]);
  }
  return found;
}

// Self-check: a deliberate violation of each rule must be found.
for (const rule of RULES) {
  const baseAbs = join(root, rule.base);
  const file = join(baseAbs, rule.from[0], 'example.ts');
  const text = `import { x } from '#src/${rule.forbidden[0]}/example';\nimport('../${rule.forbidden[0]}/y');`;
  if (violationsIn(baseAbs, rule, file, text).length !== 2) {
    console.error(`check-imports: the rule for ${rule.base}/${rule.from[0]} no longer finds violations`);
    process.exit(1);
  }
}

let count = 0;
for (const rule of RULES) {
  const baseAbs = join(root, rule.base);
  for (const top of rule.from) {
    for (const file of walk(join(baseAbs, top))) {
      for (const [specifier, into] of violationsIn(baseAbs, rule, file, readFileSync(file, 'utf8'))) {
        count++;
        console.error(
          `${relative(root, file)}: imports '${specifier}' — ${rule.base}/${top} must not import ${into}/`,
        );
      }
    }
  }
}
if (count) {
  console.error(`\ncheck-imports: ${count} import(s) cross a layer boundary (ARCHITECTURE.md, "Layers").`);
  process.exit(1);
}
console.log('Import boundaries: no layer imports upward.');
