import { createElement, Fragment, useCallback, useEffect } from 'react';
import { getBootstrapData, useBootstrapOrNull } from '#src/lib/bootstrap-store';

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

/** CLDR's plural categories in the order a message lists its forms. */
const CATEGORY_ORDER: Intl.LDMLPluralRule[] = ['zero', 'one', 'two', 'few', 'many', 'other'];
const pluralRules = new Map<string, { rules: Intl.PluralRules; categories: Intl.LDMLPluralRule[] }>();

function pluralRulesFor(language: string) {
  let entry = pluralRules.get(language);
  if (!entry) {
    let rules: Intl.PluralRules;
    try {
      rules = new Intl.PluralRules(language);
    } catch {
      rules = new Intl.PluralRules('en');
    }
    const known = new Set(rules.resolvedOptions().pluralCategories);
    entry = { rules, categories: CATEGORY_ORDER.filter((c) => known.has(c)) };
    pluralRules.set(language, entry);
  }
  return entry;
}

/**
 * A message with a count: the English source lists its forms separated by `|`,
 * one per plural category of the language in CLDR order (English and Amharic: one, other), e.g.
 * `':count follower|:count followers'`; a localization's line lists its own language's forms.
 * The form is chosen with `Intl.PluralRules`, and `:count` is the number formatted for the
 * language ("1,400 plays"). A line with fewer forms than categories uses its last form.
 */
export function translateChoice(
  lines: Record<string, string>,
  language: string,
  message: string,
  count: number,
  values?: TransValues,
): string {
  const line = lines[message];
  const forms = (line?.trim() ? line : message).split('|');
  // The English source is chosen by English rules; a line by its own language's.
  const { rules, categories } = pluralRulesFor(line?.trim() ? language : 'en');
  const index = Math.min(categories.indexOf(rules.select(count)), forms.length - 1);
  const form = forms[Math.max(0, index)]!;
  const formatted = new Intl.NumberFormat(language).format(count);
  return translate({}, form, { ...values, count: formatted });
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
export type TransChoiceFn = (message: string, count: number, values?: TransValues) => string;

export function useTrans(): { trans: TransFn; transChoice: TransChoiceFn; language: string } {
  const i18n = useBootstrapOrNull()?.i18n;
  const lines = i18n?.lines ?? NO_LINES;
  const language = i18n?.locale.language ?? 'en';
  const trans = useCallback<TransFn>((message, values) => translate(lines, message, values), [lines]);
  const transChoice = useCallback<TransChoiceFn>(
    (message, count, values) => translateChoice(lines, language, message, count, values),
    [lines, language],
  );
  return { trans, transChoice, language };
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
