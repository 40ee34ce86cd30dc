import { fillSimpleMessage, isPlainMessage, isSimpleMessage } from '@zema/contracts';

// The translation function without React or the app's stores, so that modules those stores import
// (the API client's errors) can translate without an import cycle. `#src/lib/i18n` re-exports it
// with the hooks components use.

export type TransValues = Record<string, string | number>;
export type TransFn = (message: string, values?: TransValues) => string;

type MessageFormatModule = typeof import('./message-format');
let messageFormat: MessageFormatModule | null = null;
let messageFormatLoading: Promise<MessageFormatModule> | null = null;

/**
 * Loads ICU MessageFormat for plurals and selects. The app asks for it once its first page has
 * settled (`PageReadySignal`); a page that renders such a message before then waits for it.
 */
export function loadMessageFormat(): Promise<MessageFormatModule> {
  messageFormatLoading ??= import('./message-format').then((module) => {
    messageFormat = module;
    return module;
  });
  return messageFormatLoading;
}

/**
 * Translates an English source message with a localization's lines (SPEC §3 `i18n.lines`, keyed
 * by the English text), falling back to the English itself so an untranslated line still reads.
 * Messages are ICU MessageFormat (`{name}`, `{count, plural, one {# song} other {# songs}}`).
 * A plain text or one with only `{name}` arguments is filled at once; a plural or select needs
 * the formatter, and a component that renders one before it has loaded suspends until it has.
 */
export function translate(
  lines: Record<string, string>,
  message: string,
  values?: TransValues,
  language = 'en',
): string {
  const line = Object.hasOwn(lines, message) ? lines[message] : undefined;
  const translated = !!line?.trim();
  const text = translated ? line! : message;
  const textLanguage = translated ? language : 'en';
  if (isPlainMessage(text)) return text;
  if (isSimpleMessage(text)) return fillSimpleMessage(text, values);
  if (!messageFormat) throw loadMessageFormat();
  return messageFormat.formatMessage(text, textLanguage, values, message);
}

const NO_LINES: Record<string, string> = {};

/**
 * `trans` for code outside React (a global error toast, an error's default message): the current
 * bootstrap locale's lines, else English. Meant for plain and `{name}` messages; a plural asked
 * before the formatter has loaded reads in English with its arguments filled, never suspends.
 */
export const transNow: TransFn = (message, values) => {
  // The store keeps `window.bootstrapData` current (setBootstrapData), so this reads what it holds.
  const i18n = typeof window === 'undefined' ? undefined : window.bootstrapData?.i18n;
  try {
    return translate(i18n?.lines ?? NO_LINES, message, values, i18n?.locale.language ?? 'en');
  } catch {
    return fillSimpleMessage(message, values);
  }
};
