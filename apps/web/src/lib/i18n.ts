import { createElement, Fragment, type ReactNode, useCallback, useEffect } from 'react';
import { getBootstrapData, useBootstrapOrNull } from '#src/lib/bootstrap-store';
import { type TransFn, type TransValues, translate } from './translate';

export {
  loadMessageFormat,
  type TransFn,
  type TransValues,
  translate,
  transNow,
} from './translate';

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

/** Marks where an element argument goes in a translated text; never part of a line. */
const ELEMENT_MARK = '\u0000';

/**
 * `<Trans message="…" values={…} />`. `elements` fills arguments with React nodes (a name in
 * bold, a link): the sentence stays one message, `'You are logged in as {name}.'`, and each
 * language puts the element where its line says.
 */
export function Trans({
  message,
  values,
  elements,
}: {
  message: string;
  values?: TransValues;
  elements?: Record<string, ReactNode>;
}) {
  const { trans } = useTrans();
  if (!elements) return createElement(Fragment, null, trans(message, values));
  const names = Object.keys(elements);
  const marked: TransValues = { ...values };
  names.forEach((name, i) => {
    marked[name] = `${ELEMENT_MARK}${i}${ELEMENT_MARK}`;
  });
  // The text splits into [text, index, text, index, …, text]: odd parts name an element.
  const parts = trans(message, marked).split(ELEMENT_MARK);
  return createElement(
    Fragment,
    null,
    ...parts.map((part, i) => (i % 2 === 1 ? elements[names[Number(part)]!] : part)),
  );
}

/** Keeps `<html lang>` on the locale's language, so screen readers and fonts follow the UI. */
export function useDocumentLanguage() {
  const { language } = useTrans();
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
}
