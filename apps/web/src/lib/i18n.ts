import { fillSimpleMessage, isPlainMessage, isSimpleMessage } from '@zema/contracts';
import { createElement, Fragment, useCallback, useEffect } from 'react';
import { getBootstrapData, useBootstrapOrNull } from '#src/lib/bootstrap-store';

/** Values for the `{name}` arguments of a message. */
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
  const line = lines[message];
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
 * The reader's language outside React (column definitions built once, messages made in plain
 * functions): the bootstrap locale's, else English, as `useTrans().language` reads it.
 */
export function currentLanguage(): string {
  return getBootstrapData()?.i18n?.locale.language ?? 'en';
}

/**
 * `trans(message, values?)` for the current locale. Reads bootstrap data without requiring it, so
 * the generic UI kit (loading page, 404) can translate even before `BootstrapGate` lets the app in.
 */
export function useTrans(): { trans: TransFn; language: string } {
  const i18n = useBootstrapOrNull()?.i18n;
  const lines = i18n?.lines ?? NO_LINES;
  const language = i18n?.locale.language ?? 'en';
  const trans = useCallback<TransFn>(
    (message, values) => translate(lines, message, values, language),
    [lines, language],
  );
  return { trans, language };
}

export function Trans({ message, values }: { message: string; values?: TransValues }) {
  const { trans } = useTrans();
  return createElement(Fragment, null, trans(message, values));
}

/** Keeps `<html lang>` on the locale's language, so screen readers and fonts follow the UI. */
export function useDocumentLanguage() {
  const { language } = useTrans();
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
}
