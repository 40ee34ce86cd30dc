import { parse, TYPE } from '@formatjs/icu-messageformat-parser';

type Element = ReturnType<typeof parse>[number];

/**
 * A message's arguments as `name:kind` (and a select's keys), sorted: a line must have the same
 * as its source. A plural's forms may differ, since each language has its own. Throws on a text
 * that is not ICU MessageFormat.
 */
export function argumentsOf(message: string): string {
  const out = new Set<string>();
  const walk = (elements: Element[]) => {
    for (const el of elements) {
      if (el.type === TYPE.argument) out.add(`${el.value}:text`);
      else if (el.type === TYPE.number) out.add(`${el.value}:number`);
      else if (el.type === TYPE.date || el.type === TYPE.time) out.add(`${el.value}:date`);
      else if (el.type === TYPE.plural) {
        out.add(`${el.value}:plural`);
        for (const option of Object.values(el.options)) walk(option.value);
      } else if (el.type === TYPE.select) {
        out.add(`${el.value}:select(${Object.keys(el.options).sort().join('|')})`);
        for (const option of Object.values(el.options)) walk(option.value);
      } else if (el.type === TYPE.tag) walk(el.children);
    }
  };
  // Tags are text, as the formatters read them (`ignoreTag`): a message may say "<token>".
  walk(parse(message, { requiresOtherClause: true, ignoreTag: true }));
  return [...out].sort().join(', ');
}
