// Import boundaries (ARCHITECTURE.md, "Layers"; decision 0011), run by `npm run lint`.
// A layer imports downward only. What is enforced today:
//   server: lib/db/platform/http → domain → features: http/, lib/, db/ and platform/ never import
//           domain/ or features/ (what a plugin needs, app.ts passes in); domain/ (what two features
//           share: users, settings, mail, sessions, the music read models) never imports features/;
//           a feature never imports another feature; services and domain code speak the domain,
//           not HTTP (decision 0050): in domain/ and features/ only routes (`*.routes.ts`), plugins
//           (`*.plugin.ts`) and a concept's HTTP glue (`*.http.ts`) import http/ or a `*.http`
//           module — a service throws the errors of lib/errors.ts and never sees a request;
//   web:    app → features → components → ui/lib: ui/ and lib/ never import components/,
//           features/ or app/; components/ never imports features/ or app/; a feature never
//           imports app/ or another feature (what two features share moves down a layer).
// Tests are exempt (they may build the whole app). Each run first checks itself on a deliberate
// violation, so a broken rule cannot pass silently.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { root } from './lib.mjs';

const RULES = [
  {
    base: 'apps/server/src',
    from: ['http', 'lib', 'db', 'platform'],
    forbidden: ['domain', 'features'],
  },
  {
    base: 'apps/server/src',
    from: ['domain'],
    forbidden: ['features'],
  },
  {
    base: 'apps/server/src',
    from: ['features'],
    forbidden: [],
    // features/<name>/ may import itself, never features/<other>/.
    ownFolderOnly: true,
  },
  {
    base: 'apps/server/src',
    from: ['domain', 'features'],
    forbidden: ['http'],
    // What speaks HTTP by its role: routes, plugins and the glue they call (cookies, ranges).
    exempt: /\.(routes|plugin|http)\.ts$/,
    // Nor through that glue: `*.http` modules are for routes only.
    forbiddenModules: /\.http(\.ts)?$/,
  },
  {
    base: 'apps/web/src',
    from: ['ui', 'lib'],
    forbidden: ['components', 'features', 'app'],
  },
  {
    base: 'apps/web/src',
    from: ['components'],
    forbidden: ['features', 'app'],
  },
  {
    base: 'apps/web/src',
    from: ['features'],
    forbidden: ['app'],
    // features/<name>/ may import itself, never features/<other>/.
    ownFolderOnly: true,
  },
];

const SOURCE = /\.(ts|tsx|mjs|js)$/;
const TEST = /\.test\.(ts|tsx)$|\/testing(\/|\.tsx?$)/;
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

/** The folders under `base` (e.g. `['features', 'library', …]`) an import specifier of `file` points into. */
function targetPath(baseAbs, file, specifier) {
  let target;
  if (specifier.startsWith('#src/')) target = join(baseAbs, specifier.slice(5));
  else if (specifier.startsWith('.')) target = resolve(dirname(file), specifier);
  else return null;
  const rel = relative(baseAbs, target);
  if (rel.startsWith('..')) return null;
  return rel.split(sep);
}

/** Violations in one file's text: `[specifier, what it must not import]`. */
export function violationsIn(baseAbs, rule, file, text) {
  const [top, own] = relative(baseAbs, file).split(sep);
  if (!rule.from.includes(top) || TEST.test(file) || rule.exempt?.test(file)) return [];
  const found = [];
  for (const match of text.matchAll(SPECIFIER)) {
    const into = targetPath(baseAbs, file, match[1]);
    if (!into) continue;
    if (rule.forbidden.includes(into[0])) found.push([match[1], `${into[0]}/`]);
    else if (rule.forbiddenModules?.test(into.join('/'))) found.push([match[1], 'a *.http module']);
    else if (rule.ownFolderOnly && into[0] === top && into[1] !== own) {
      found.push([match[1], `${top}/${into[1]}/`]);
    }
  }
  return found;
}

// Self-check: a deliberate violation of each rule must be found (in every folder it covers), and a
// file the rule exempts must pass with the same imports.
for (const rule of RULES) {
  const baseAbs = join(root, rule.base);
  const lines = rule.forbidden.length
    ? [`import { x } from '#src/${rule.forbidden[0]}/example';`, `import('../../${rule.forbidden[0]}/y');`]
    : [];
  if (rule.ownFolderOnly) {
    lines.push(`import { y } from '#src/${rule.from[0]}/other/z';`, `import { z } from '../one/fine';`);
  }
  if (rule.forbiddenModules) lines.push(`import { w } from './glue.http';`, `import { v } from './glue';`);
  const expected = lines.length - (rule.ownFolderOnly ? 1 : 0) - (rule.forbiddenModules ? 1 : 0);
  for (const top of rule.from) {
    const found = violationsIn(baseAbs, rule, join(baseAbs, top, 'one', 'example.ts'), lines.join('\n'));
    if (found.length !== expected) {
      console.error(`check-imports: the rule for ${rule.base}/${top} no longer finds violations`);
      process.exit(1);
    }
  }
  const exempt = join(baseAbs, rule.from[0], 'one', 'example.routes.ts');
  if (rule.exempt && violationsIn(baseAbs, rule, exempt, lines.join('\n')).length !== 0) {
    console.error(`check-imports: the rule for ${rule.base}/${rule.from[0]} no longer exempts ${exempt}`);
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
          `${relative(root, file)}: imports '${specifier}' — ${rule.base}/${top} must not import ${into}`,
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
