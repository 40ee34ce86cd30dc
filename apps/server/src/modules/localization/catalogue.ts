import { argumentsOf } from '@zema/contracts/i18n/message-arguments';
import messages from './catalogue/messages.json';

export { argumentsOf };

/**
 * The catalogue: every English source message of the code, with the files that use it, as
 * `npm run i18n:extract` wrote it (decision 0054). It is read once; a new version of the
 * code brings a new file.
 */
export const CATALOGUE: Readonly<Record<string, readonly string[]>> = messages;
export const CATALOGUE_SOURCES: readonly string[] = Object.keys(CATALOGUE);

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
