/**
 * Marks an English source message that is kept in a constant and translated later, so the
 * catalogue's extraction finds it (`npm run i18n:extract`): `const EMPTY = msg('No songs yet')`,
 * then `trans(EMPTY)`. It returns the text unchanged. Messages are ICU MessageFormat:
 * `{name}` is an argument, `{count, plural, one {# song} other {# songs}}` a plural.
 */
export const msg = <T extends string>(source: T): T => source;

/** True when ICU MessageFormat prints the text as it is: no argument and no quoted brace. */
export const isPlainMessage = (text: string): boolean => !/[{}]|''/.test(text);

/** Only simple `{name}` arguments, no apostrophe: filled in without a full MessageFormat. */
const SIMPLE = /^(?:[^{}']|\{[A-Za-z_][\w]*\})*$/;
export const isSimpleMessage = (text: string): boolean => SIMPLE.test(text);

/**
 * Fills the simple `{name}` arguments of a message that `isSimpleMessage` accepts, as ICU
 * MessageFormat does (a value as its text; a missing one left as `{name}`), so the first view
 * need not load the whole formatter for "Play {name}". A count that should read "1,400" is a
 * `{count, number}` or a plural's `#`, which the formatter does in the reader's language.
 */
export function fillSimpleMessage(
  text: string,
  values: Readonly<Record<string, string | number>> | undefined,
): string {
  return text.replace(/\{([A-Za-z_][\w]*)\}/g, (whole, name: string) => {
    const value = values?.[name];
    return value === undefined || value === null ? whole : String(value);
  });
}
