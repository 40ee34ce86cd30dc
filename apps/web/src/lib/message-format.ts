import { IntlMessageFormat } from 'intl-messageformat';

/**
 * ICU MessageFormat (plurals, selects, numbers) for the messages `translate` cannot fill itself.
 * Loaded on first need, not with the first view (decision 0054).
 */
const formats = new Map<string, IntlMessageFormat>();

function formatFor(text: string, language: string): IntlMessageFormat {
  const key = `${language}\u0000${text}`;
  let format = formats.get(key);
  if (!format) {
    // Tags are text: a message may say "<token>" (markup in a sentence is an element argument).
    format = new IntlMessageFormat(text, language, undefined, { ignoreTag: true });
    formats.set(key, format);
  }
  return format;
}

/**
 * `text` (a line, or the English source) formatted with `values`. A line an operator broke (a
 * brace left open, a plural without `other`) falls back to the English source, and that, if it
 * fails too, to its own text: a message never breaks the page.
 */
export function formatMessage(
  text: string,
  language: string,
  values: Readonly<Record<string, string | number>> | undefined,
  source: string,
): string {
  try {
    return String(formatFor(text, language).format(values));
  } catch {
    if (text === source) return source;
    try {
      return String(formatFor(source, 'en').format(values));
    } catch {
      return source;
    }
  }
}
