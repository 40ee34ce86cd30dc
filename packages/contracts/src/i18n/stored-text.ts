import { isPlainMessage } from './messages';

/** A language's lines keyed by their English source (bootstrap `i18n.lines`). */
type Lines = Readonly<Record<string, string>>;

/**
 * A text kept in the database, in the reader's language when it is one of the catalogue's: a seed
 * writes its English source (the demo's genre and channel names, the example plans' names and
 * features, the landing page's headline, each marked `msg()` where it is written), so the reader
 * sees their language's line for it; an operator's own text (a genre or plan they named) has no
 * line and is shown as written. A line is taken only when it is a plain message with some text:
 * stored text is never formatted as ICU MessageFormat, so an operator's braces stay braces.
 */
export function storedText<T extends string | null | undefined>(
  lines: Lines | null | undefined,
  text: T,
): T | string {
  if (!text || !lines || !Object.hasOwn(lines, text)) return text;
  const line = lines[text];
  return typeof line === 'string' && line.trim() && isPlainMessage(line) ? line : text;
}
