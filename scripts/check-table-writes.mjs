// A module writes only its own tables (decision 0051), run by `npm run lint`. Other modules read
// a module's tables through its data face (`tables.ts`); their writes go through its services, or
// through a write event (lib/write-events.ts) the owner subscribes to. This check parses every
// source file of apps/server/src/modules/ with the TypeScript compiler and refuses
// `.insert(t)`, `.update(t)` and `.delete(t)` — and raw `insert into ${t}`, `update ${t}`,
// `delete from ${t}` in a sql`` template — where `t` was imported from another module's faces.
// Tests are left out: they arrange rows directly. Like check-boundaries.mjs, it first proves
// itself on scripts/boundaries/fixture/, where a planted write must be found and a read must pass.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { root } from './lib.mjs';

const MODULES = 'apps/server/src/modules';
const WRITES = new Set(['insert', 'update', 'delete']);
const RAW_WRITE = /\b(insert\s+into|update|delete\s+from)\s+$/i;

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The module an import specifier reaches (`#src/modules/x/…` or a relative path), if any. */
function moduleOf(base, file, specifier) {
  const alias = specifier.match(/^#src\/modules\/([^/]+)\//);
  if (alias) return alias[1];
  if (!specifier.startsWith('.')) return null;
  const target = relative(join(base, MODULES), resolve(dirname(file), specifier));
  return target.startsWith('..') ? null : target.split(sep)[0];
}

/** `file: writes <table> of <owner>` for every write of another module's table in `file`. */
function writesIn(base, file) {
  const own = relative(join(base, MODULES), file).split(sep)[0];
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const foreign = new Map(); // local name → owning module
  const namespaces = new Map(); // `import * as x` → owning module
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !statement.importClause) continue;
    const owner = moduleOf(base, file, statement.moduleSpecifier.text);
    if (!owner || owner === own) continue;
    const bindings = statement.importClause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) namespaces.set(bindings.name.text, owner);
    if (bindings && ts.isNamedImports(bindings))
      for (const element of bindings.elements) foreign.set(element.name.text, owner);
  }
  const ownerOf = (node) => {
    if (ts.isIdentifier(node)) return foreign.get(node.text);
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression))
      return namespaces.get(node.expression.text);
    return undefined;
  };
  const found = [];
  const at = (node) =>
    `${relative(base, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      WRITES.has(node.expression.name.text) &&
      node.arguments.length === 1
    ) {
      const owner = ownerOf(node.arguments[0]);
      if (owner)
        found.push(`${at(node)} ${node.expression.name.text}s ${node.arguments[0].getText()} of ${owner}`);
    }
    if (
      ts.isTaggedTemplateExpression(node) &&
      node.tag.getText() === 'sql' &&
      ts.isTemplateExpression(node.template)
    ) {
      let before = node.template.head.text;
      for (const span of node.template.templateSpans) {
        const owner = ownerOf(span.expression);
        if (owner && RAW_WRITE.test(before))
          found.push(`${at(span)} writes ${span.expression.getText()} of ${owner} in raw SQL`);
        before = span.literal.text;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const scan = (base) => sourceFiles(join(base, MODULES)).flatMap((file) => writesIn(base, file));

const fixture = join(root, 'scripts/boundaries/fixture');
const PLANTED = [
  'apps/server/src/modules/beta/writes-alpha.ts:5 inserts alphaTable of alpha',
  'apps/server/src/modules/beta/writes-alpha.ts:8 writes alpha.alphaTable of alpha in raw SQL',
];
const found = scan(fixture);
const missed = PLANTED.filter((v) => !found.includes(v));
const extra = found.filter((v) => !PLANTED.includes(v));
if (missed.length || extra.length) {
  for (const v of missed) console.error(`check-table-writes: a planted write is no longer found: ${v}`);
  for (const v of extra) console.error(`check-table-writes: a clean line of the fixture is flagged: ${v}`);
  process.exit(1);
}

const project = scan(root);
if (project.length) {
  for (const v of project) console.error(v);
  console.error(
    `\ncheck-table-writes: ${project.length} write(s) to another module's tables: call its service, or ` +
      'emit a write event it subscribes to (apps/server/src/lib/write-events.ts).',
  );
  process.exit(1);
}
console.log(`Table writes: ${PLANTED.length} planted writes found; every module writes only its own tables.`);
