// Run with `node --import tsx` (it shares the contracts' argumentsOf with the server).
// The message catalogue (issue 32, decision 0054): every user-facing English string of the web
// app, the server and the contracts, found in the code, and the Amharic line of each.
//
//   node --import tsx scripts/i18n.mjs extract [--prune] rewrite the catalogue from the code (--prune: and drop
//                                          the lines whose source is gone from am.json)
//   node --import tsx scripts/i18n.mjs check            what `npm run lint` runs: the catalogue is up to date,
//                                          every message parses as ICU MessageFormat, every line
//                                          has the arguments of its source, every source has an
//                                          Amharic line, and no JSX text or usual attribute is a
//                                          bare literal; it first proves itself on a fixture
//   node --import tsx scripts/i18n.mjs missing [prefix] [--with file]  the sources without an Amharic line (as
//                                          JSON to fill), optionally only those used under a path
//                                          prefix, counting a translator's file as written
//   node --import tsx scripts/i18n.mjs verify <file...> a translator's file: known sources, same arguments
//   node --import tsx scripts/i18n.mjs literals [prefix] the bare literals, as `file:line text`
//   node --import tsx scripts/i18n.mjs merge <file...>  add the lines of JSON files ({source: line}) to am.json
//   node --import tsx scripts/i18n.mjs coverage         the share of sources each shipped language translates
//
// A message is found where it is written: the first argument of `trans()`, `t()` or `msg()`
// (`translate()`'s second), or `<Trans message="…">`. A message kept in a constant is marked
// with `msg('…')` where it is written. A template literal with `${}` in those places is refused:
// a sentence is one message with `{arguments}`, never pieced together.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import ts from 'typescript';
import { argumentsOf } from '../packages/contracts/src/i18n/message-arguments.ts';
import { root } from './lib.mjs';

const CATALOGUE_DIR = 'apps/server/src/modules/localization/catalogue';
const MESSAGES_FILE = `${CATALOGUE_DIR}/messages.json`;
const LANGUAGES = ['am'];
const SOURCE_DIRS = ['apps/web/src', 'apps/server/src', 'packages/contracts/src'];
const FIXTURE_DIR = 'scripts/i18n-fixture';

/** Calls whose argument is a message: its index among the arguments. */
const MESSAGE_CALLS = new Map([
  ['trans', 0],
  ['t', 0],
  ['msg', 0],
  ['translate', 1],
]);
/** Attributes a user reads or hears: a literal there must go through the catalogue. */
const TEXT_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'aria-placeholder',
  'title',
  'placeholder',
  'alt',
  'label',
  'description',
]);
/** A literal with a letter in it is text; '·', '—', '/', '%' and numbers are not. */
const HAS_LETTER = /\p{L}/u;

function sourceFiles(dir) {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) &&
      !/\.(test|spec)\.tsx?$/.test(entry.name) &&
      !entry.name.endsWith('.d.ts')
      ? [path]
      : [];
  });
}

const ignored = (node, source) =>
  (ts.getLeadingCommentRanges(source.text, node.getFullStart()) ?? []).some((c) =>
    source.text.slice(c.pos, c.end).includes('i18n-ignore'),
  );

/** What one file holds: its messages, its bare literals and its pieced-together messages. */
function scanFile(path) {
  const text = readFileSync(join(root, path), 'utf8');
  const source = ts.createSourceFile(
    path,
    text,
    ts.ScriptTarget.Latest,
    true,
    path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const messages = [];
  const literals = [];
  const pieced = [];
  const where = (node) => `${path}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const isString = (n) => ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n);

  const calleeName = (call) => {
    const c = call.expression;
    if (ts.isIdentifier(c)) return c.text;
    if (ts.isPropertyAccessExpression(c)) return c.name.text;
    return '';
  };

  /** A message argument: a literal is collected, a template with `${}` refused. */
  const messageArgument = (node) => {
    if (!node) return;
    if (isString(node)) messages.push({ message: node.text, at: where(node) });
    else if (ts.isTemplateExpression(node)) pieced.push({ at: where(node), text: node.getText() });
    else if (ts.isConditionalExpression(node)) {
      messageArgument(node.whenTrue);
      messageArgument(node.whenFalse);
    } else if (ts.isParenthesizedExpression(node)) messageArgument(node.expression);
  };

  /** Literals rendered as text: an expression's string parts that reach the page as they are. */
  const renderedLiterals = (node) => {
    if (!node) return;
    if (isString(node)) {
      if (HAS_LETTER.test(node.text)) literals.push({ at: where(node), text: node.text });
    } else if (ts.isTemplateExpression(node)) {
      const parts = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
      if (HAS_LETTER.test(parts)) literals.push({ at: where(node), text: node.getText() });
      for (const span of node.templateSpans) renderedLiterals(span.expression);
    } else if (ts.isConditionalExpression(node)) {
      renderedLiterals(node.whenTrue);
      renderedLiterals(node.whenFalse);
    } else if (ts.isBinaryExpression(node)) {
      const op = node.operatorToken.kind;
      if (op === ts.SyntaxKind.AmpersandAmpersandToken) renderedLiterals(node.right);
      else if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken) {
        renderedLiterals(node.left);
        renderedLiterals(node.right);
      } else if (op === ts.SyntaxKind.PlusToken) {
        renderedLiterals(node.left);
        renderedLiterals(node.right);
      }
    } else if (ts.isParenthesizedExpression(node)) renderedLiterals(node.expression);
  };

  // `{/* i18n-ignore */}` before a JSX child leaves that child out (a code sample, say).
  const skipped = new Set();
  const visit = (node) => {
    if (ignored(node, source) || skipped.has(node)) return;
    if (ts.isJsxElement(node) || ts.isJsxFragment(node)) {
      const children = node.children.filter((c) => !(ts.isJsxText(c) && !c.text.trim()));
      children.forEach((child, i) => {
        if (
          ts.isJsxExpression(child) &&
          !child.expression &&
          child.getText().includes('i18n-ignore') &&
          children[i + 1]
        )
          skipped.add(children[i + 1]);
      });
    }
    if (ts.isCallExpression(node)) {
      const name = calleeName(node);
      if (MESSAGE_CALLS.has(name)) {
        let index = MESSAGE_CALLS.get(name);
        // `translate(lines, message, …)` in the web app; the server's `t` is `translator(…)`.
        if (name === 'translate' && node.arguments.length < 2) index = 0;
        messageArgument(node.arguments[index]);
      }
    }
    if (ts.isJsxAttribute(node)) {
      const name = node.name.getText();
      const init = node.initializer;
      const element = node.parent.parent;
      const tag = ts.isJsxOpeningLikeElement(element) ? element.tagName.getText() : '';
      if (tag === 'Trans' && name === 'message' && init) {
        messageArgument(ts.isJsxExpression(init) ? init.expression : init);
      } else if (TEXT_ATTRIBUTES.has(name) && init) {
        if (ts.isStringLiteral(init)) {
          if (HAS_LETTER.test(init.text)) literals.push({ at: where(init), text: init.text });
        } else if (ts.isJsxExpression(init)) renderedLiterals(init.expression);
      }
    }
    if (ts.isJsxText(node)) {
      const value = node.text.trim();
      if (value && HAS_LETTER.test(value)) literals.push({ at: where(node), text: value });
    }
    if (ts.isJsxExpression(node) && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      renderedLiterals(node.expression);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { messages, literals, pieced };
}

function scan(dirs) {
  const result = { messages: new Map(), literals: [], pieced: [] };
  for (const dir of dirs) {
    for (const file of sourceFiles(dir)) {
      const found = scanFile(file);
      for (const { message, at } of found.messages) {
        const file = at.replace(/:\d+$/, '').split(sep).join('/');
        if (!result.messages.has(message)) result.messages.set(message, new Set());
        result.messages.get(message).add(file);
      }
      result.literals.push(...found.literals);
      result.pieced.push(...found.pieced);
    }
  }
  return result;
}

const sorted = (object) =>
  Object.fromEntries(Object.entries(object).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
const readJson = (path) => JSON.parse(readFileSync(join(root, path), 'utf8'));
const writeJson = (path, value) => writeFileSync(join(root, path), `${JSON.stringify(value, null, 2)}\n`);
const linesFile = (language) => `${CATALOGUE_DIR}/${language}.json`;

function catalogueOf(found) {
  return sorted(
    Object.fromEntries([...found.messages].map(([message, files]) => [message, [...files].sort()])),
  );
}

/** Problems of a language's lines against the catalogue: broken, unlike their source, missing. */
function checkLines(language, catalogue) {
  const lines = readJson(linesFile(language));
  const problems = [];
  const missing = [];
  for (const source of Object.keys(catalogue)) {
    const line = lines[source];
    if (line === undefined || !line.trim()) {
      missing.push(source);
      continue;
    }
    let want;
    let got;
    try {
      want = argumentsOf(source);
    } catch {
      continue; // reported once, as a broken source
    }
    try {
      got = argumentsOf(line);
    } catch (error) {
      problems.push(`${language}: the line of ${JSON.stringify(source)} does not parse: ${error.message}`);
      continue;
    }
    if (want !== got)
      problems.push(
        `${language}: the line of ${JSON.stringify(source)} has the arguments [${got}], its source [${want}]`,
      );
  }
  for (const source of Object.keys(lines)) {
    if (!(source in catalogue))
      problems.push(`${language}: a line for ${JSON.stringify(source)}, which the code no longer says`);
  }
  return { problems, missing, lines };
}

function check() {
  // The check proves itself first: a planted bare literal and a pieced message must be found.
  const fixture = scan([FIXTURE_DIR]);
  const plantedText = fixture.literals.map((l) => l.text);
  for (const planted of ['Planted text', 'Planted label', 'Planted branch', 'Planted title']) {
    if (!plantedText.includes(planted))
      throw new Error(`i18n check: missed the planted literal "${planted}"`);
  }
  if (plantedText.some((text) => text.includes('ignored')))
    throw new Error('i18n check: reported a literal marked i18n-ignore');
  if (fixture.pieced.length !== 1) throw new Error('i18n check: missed the planted pieced-together message');
  if (![...fixture.messages.keys()].includes('Planted {name}'))
    throw new Error('i18n check: missed the planted message');

  const found = scan(SOURCE_DIRS);
  const problems = [];
  const catalogue = catalogueOf(found);
  const written = readJson(MESSAGES_FILE);
  if (JSON.stringify(written) !== JSON.stringify(catalogue)) {
    const added = Object.keys(catalogue).filter((m) => !(m in written));
    const removed = Object.keys(written).filter((m) => !(m in catalogue));
    problems.push(
      `the catalogue is out of date (${added.length} new, ${removed.length} gone, or moved): run \`npm run i18n:extract\`${
        added.length
          ? `\n    new: ${added
              .slice(0, 5)
              .map((m) => JSON.stringify(m))
              .join(', ')}`
          : ''
      }`,
    );
  }
  for (const message of Object.keys(catalogue)) {
    try {
      argumentsOf(message);
    } catch (error) {
      problems.push(`${JSON.stringify(message)} is not ICU MessageFormat: ${error.message}`);
    }
  }
  for (const language of LANGUAGES) {
    const { problems: lineProblems, missing } = checkLines(language, catalogue);
    problems.push(...lineProblems);
    if (missing.length)
      problems.push(
        `${language}: ${missing.length} of ${Object.keys(catalogue).length} sources have no line (\`node --import tsx scripts/i18n.mjs missing\`), e.g. ${missing
          .slice(0, 3)
          .map((m) => JSON.stringify(m))
          .join(', ')}`,
      );
  }
  for (const p of found.pieced)
    problems.push(`${p.at}: a message pieced together from a template: ${p.text}`);
  for (const l of found.literals)
    problems.push(`${l.at}: text outside the catalogue: ${JSON.stringify(l.text)}`);
  if (problems.length) {
    console.error(`i18n: ${problems.length} problem(s)`);
    for (const p of problems.slice(0, 60)) console.error(`  ${p}`);
    if (problems.length > 60) console.error(`  … and ${problems.length - 60} more`);
    process.exit(1);
  }
  console.log(
    `i18n: ${Object.keys(catalogue).length} messages, ${LANGUAGES.map((l) => `${l} 100 %`).join(', ')}, no literal outside the catalogue`,
  );
}

function extract(prune) {
  const catalogue = catalogueOf(scan(SOURCE_DIRS));
  writeJson(MESSAGES_FILE, catalogue);
  for (const language of prune ? LANGUAGES : []) {
    const lines = readJson(linesFile(language));
    const kept = sorted(Object.fromEntries(Object.entries(lines).filter(([source]) => source in catalogue)));
    const dropped = Object.keys(lines).filter((source) => !(source in catalogue));
    writeJson(linesFile(language), kept);
    if (dropped.length) console.log(`${language}: dropped ${dropped.length} line(s) whose source is gone`);
  }
  console.log(`catalogue: ${Object.keys(catalogue).length} messages → ${MESSAGES_FILE}`);
}

const [command = 'check', ...args] = process.argv.slice(2);
if (command === 'check') check();
else if (command === 'extract') extract(args.includes('--prune'));
else if (command === 'missing') {
  const prefix = args[0]?.startsWith('--') ? undefined : args[0];
  const catalogue = readJson(MESSAGES_FILE);
  const lines = readJson(linesFile('am'));
  // --with <file>: lines of a translator's file count as written.
  const withFile = args.indexOf('--with');
  if (withFile >= 0) Object.assign(lines, JSON.parse(readFileSync(args[withFile + 1], 'utf8')));
  const missing = Object.entries(catalogue)
    .filter(
      ([source, files]) => !lines[source]?.trim() && (!prefix || files.some((f) => f.startsWith(prefix))),
    )
    .map(([source]) => [source, '']);
  console.log(JSON.stringify(Object.fromEntries(missing), null, 2));
} else if (command === 'verify') {
  // A translator's file ({source: line}) before it is merged: known sources, same arguments.
  const catalogue = readJson(MESSAGES_FILE);
  const problems = [];
  for (const file of args) {
    for (const [source, line] of Object.entries(JSON.parse(readFileSync(file, 'utf8')))) {
      if (!(source in catalogue)) problems.push(`${file}: ${JSON.stringify(source)} is not in the catalogue`);
      else if (typeof line !== 'string' || !line.trim())
        problems.push(`${file}: ${JSON.stringify(source)} has no line`);
      else {
        try {
          const want = argumentsOf(source);
          const got = argumentsOf(line);
          if (want !== got)
            problems.push(`${file}: ${JSON.stringify(source)}: arguments [${got}], source [${want}]`);
        } catch (error) {
          problems.push(`${file}: ${JSON.stringify(source)}: ${error.message}`);
        }
      }
    }
  }
  for (const p of problems) console.error(p);
  console.log(problems.length ? `${problems.length} problem(s)` : 'ok');
  process.exit(problems.length ? 1 : 0);
} else if (command === 'literals') {
  const found = scan(SOURCE_DIRS);
  for (const l of [...found.pieced, ...found.literals].filter((l) => !args[0] || l.at.startsWith(args[0])))
    console.log(`${l.at} ${l.text}`);
} else if (command === 'merge') {
  const language = 'am';
  const lines = readJson(linesFile(language));
  let added = 0;
  for (const file of args) {
    for (const [source, line] of Object.entries(JSON.parse(readFileSync(file, 'utf8')))) {
      if (typeof line === 'string' && line.trim()) {
        if (lines[source] !== line) added++;
        lines[source] = line;
      }
    }
  }
  writeJson(linesFile(language), sorted(lines));
  console.log(`${language}: ${added} line(s) added or changed`);
} else if (command === 'coverage') {
  const catalogue = readJson(MESSAGES_FILE);
  const total = Object.keys(catalogue).length;
  for (const language of LANGUAGES) {
    const lines = readJson(linesFile(language));
    const done = Object.keys(catalogue).filter((s) => lines[s]?.trim()).length;
    console.log(`${language}: ${done} of ${total} (${((100 * done) / total).toFixed(1)} %)`);
  }
} else {
  console.error(`unknown command ${command}`);
  process.exit(2);
}
