import lines from './catalogue/am.json';

/**
 * The Amharic localization shipped with Zema (Ethiopia is its home market). Its lines are
 * `catalogue/am.json`, keyed by the English source messages of `catalogue/messages.json` (what
 * `npm run i18n:extract` finds in the code) and written as ICU MessageFormat like them:
 * `{name}` arguments stay untranslated, and a plural lists Amharic's own forms (one, other).
 * `npm run lint` holds it to every source, with the same arguments. Terms: docs/guide/amharic.md.
 */
export const AMHARIC_LOCALIZATION: { name: string; language: string; lines: Record<string, string> } = {
  name: 'አማርኛ',
  language: 'am',
  lines,
};
