import { createElement, Fragment, useCallback, useEffect } from 'react';
import { useBootstrapOrNull } from '#src/lib/bootstrap-store';

/** Values for `:name` placeholders in a message. */
export type TransValues = Record<string, string | number>;
export type TransFn = (message: string, values?: TransValues) => string;

/**
 * Translates an English source string with a localization's lines (SPEC §3 `i18n.lines`, keyed by
 * the English text), falling back to the English itself so an untranslated line still reads.
 * Placeholders are `:name`; the longest names go first so `:countAll` never eats `:count`.
 */
export function translate(lines: Record<string, string>, message: string, values?: TransValues): string {
  const line = lines[message];
  let text = line?.trim() ? line : message;
  if (values) {
    for (const name of Object.keys(values).sort((a, b) => b.length - a.length)) {
      text = text.split(`:${name}`).join(String(values[name]));
    }
  }
  return text;
}

const NO_LINES: Record<string, string> = {};

/**
 * `trans(message, values?)` for the current locale. Reads bootstrap data without requiring it, so
 * the generic UI kit (loading page, 404) can translate even before `BootstrapGate` lets the app in.
 */
export function useTrans(): { trans: TransFn; language: string } {
  const i18n = useBootstrapOrNull()?.i18n;
  const lines = i18n?.lines ?? NO_LINES;
  const trans = useCallback<TransFn>((message, values) => translate(lines, message, values), [lines]);
  return { trans, language: i18n?.locale.language ?? 'en' };
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
