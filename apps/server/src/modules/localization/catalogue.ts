import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import messages from './catalogue/messages.json';

/**
 * The catalogue: every English source message of the code, with the files that use it, as
 * `node scripts/i18n.mjs extract` wrote it (decision 0054). It is read once; a new version of the
 * code brings a new file.
 */
export const CATALOGUE: Readonly<Record<string, readonly string[]>> = messages;
export const CATALOGUE_SOURCES: readonly string[] = Object.keys(CATALOGUE);

type Element = ReturnType<typeof parse>[number];

/**
 * A message's arguments as `name:kind` (and a select's keys), sorted: a line must have the same
 * as its source. A plural's forms may differ, since each language has its own. Throws on a text
 * that is not ICU MessageFormat.
 */
export function argumentsOf(message: string): string {
  const out = new Set<string>();
  const walk = (elements: Element[]) => {
    for (const el of elements) {
      if (el.type === TYPE.argument) out.add(`${el.value}:text`);
      else if (el.type === TYPE.number) out.add(`${el.value}:number`);
      else if (el.type === TYPE.date || el.type === TYPE.time) out.add(`${el.value}:date`);
      else if (el.type === TYPE.plural) {
        out.add(`${el.value}:plural`);
        for (const option of Object.values(el.options)) walk(option.value);
      } else if (el.type === TYPE.select) {
        out.add(`${el.value}:select(${Object.keys(el.options).sort().join('|')})`);
        for (const option of Object.values(el.options)) walk(option.value);
      } else if (el.type === TYPE.tag) walk(el.children);
    }
  };
  // Tags are text, as the formatters read them (`ignoreTag`): a message may say "<token>".
  walk(parse(message, { requiresOtherClause: true, ignoreTag: true }));
  return [...out].sort().join(', ');
}

/** Why a line cannot stand for its source, or null when it can. */
export function lineProblem(
  source: string,
  line: string,
): { kind: 'unknown' } | { kind: 'parse'; error: string } | { kind: 'arguments'; expected: string } | null {
  if (!Object.hasOwn(CATALOGUE, source)) return { kind: 'unknown' };
  let got: string;
  try {
    got = argumentsOf(line);
  } catch (error) {
    return { kind: 'parse', error: error instanceof Error ? error.message : String(error) };
  }
  const expected = argumentsOf(source);
  return got === expected ? null : { kind: 'arguments', expected: expected || '—' };
}

/** Words of a text, for likeness: lower-cased, arguments and punctuation dropped. */
const words = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .replace(/\{[^}]*\}/g, ' ')
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean),
  );

/**
 * How alike two sources are (Dice over their words, 0 to 1): a line left for a source the code no
 * longer says is offered for the new source most like it, as "changed in source since translated".
 */
export function likeness(a: string, b: string): number {
  const x = words(a);
  const y = words(b);
  if (!x.size || !y.size) return 0;
  let shared = 0;
  for (const w of x) if (y.has(w)) shared++;
  return (2 * shared) / (x.size + y.size);
}
