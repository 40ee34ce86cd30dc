/**
 * Lines looked up by their English source text in the reader's localization (as the web app does),
 * `:name` placeholders filled in after; a line without a translation stays English.
 */
export type Lines = Readonly<Record<string, string>>;
export type Translate = (source: string, values?: Record<string, string | number>) => string;

export function translator(lines: Lines | null | undefined): Translate {
  return (source, values = {}) => {
    const template = lines?.[source] || source;
    // Longest names first, so `:name` does not eat the start of `:nameFull`.
    const keys = Object.keys(values).sort((a, b) => b.length - a.length);
    return keys.reduce((out, key) => out.split(`:${key}`).join(String(values[key])), template);
  };
}
