import { storedText } from '@zema/contracts/i18n/stored-text';
import { IntlMessageFormat } from 'intl-messageformat';

/**
 * Lines looked up by their English source text in the reader's localization (as the web app does),
 * then formatted as ICU MessageFormat (`{name}`, `{count, plural, one {# song} other {# songs}}`)
 * in the reader's language; a line without a translation stays English.
 */
export type Lines = Readonly<Record<string, string>>;
export type Translate = ((source: string, values?: Record<string, string | number>) => string) & {
  /** A text stored in the database (a seeded plan's name) in the reader's language when the catalogue has it. */
  stored?: (text: string) => string;
};

const formats = new Map<string, IntlMessageFormat>();

function formatFor(text: string, language: string): IntlMessageFormat {
  const key = `${language}\u0000${text}`;
  let format = formats.get(key);
  if (!format) {
    // Tags are text: a message may say "<token>".
    format = new IntlMessageFormat(text, language, undefined, { ignoreTag: true });
    // Sources are a fixed set and lines change rarely; a bound keeps edited lines from piling up.
    if (formats.size > 5_000) formats.clear();
    formats.set(key, format);
  }
  return format;
}

function format(text: string, language: string, values: Record<string, string | number>): string {
  return String(formatFor(text, language).format(values));
}

/**
 * `t(source, values)` in `language`. A line an operator broke (an unclosed brace) falls back to the
 * English source, and a source that cannot be formatted to its own text: a mail is never lost to
 * a message.
 */
export function translator(lines: Lines | null | undefined, language = 'en'): Translate {
  const t: Translate = (source, values = {}) => {
    const line = lines && Object.hasOwn(lines, source) ? lines[source] : undefined;
    if (line) {
      try {
        return format(line, language, values);
      } catch {
        // the English below
      }
    }
    try {
      return format(source, 'en', values);
    } catch {
      return source;
    }
  };
  t.stored = (text) => storedText(lines, text);
  return t;
}
