import type { AppearanceValues } from '@zema/contracts/appearance/appearance-admin';
import type { EditorMessage } from '#src/lib/appearance-editor';

/** What every section of the editor gets: the values, a way to change them, the server's errors. */
export type SectionProps = {
  values: AppearanceValues;
  /** Changes the values; the preview hears `message` (or the whole values) and the draft is kept. */
  change: (update: (v: AppearanceValues) => AppearanceValues, message?: EditorMessage) => void;
  /** The server's field errors, keyed like `values.themes.default_id`. */
  errors: Record<string, string[]>;
  canEditHtml: boolean;
  previewThemeId: number | null;
  showTheme: (id: number) => void;
};

/** The first error the server gave for `path` (below `values.`), if any. */
export function errorAt(errors: Record<string, string[]>, path: string): string | undefined {
  return errors[`values.${path}`]?.[0];
}

/** Moves an item of a list one place up (-1) or down (+1); the list is unchanged at an end. */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** A section's heading and a short line saying what it changes. */
export const sectionTitleClass = 'font-semibold text-base text-fg';
export const groupClass = 'flex flex-col gap-3 border-divider border-t pt-4 first:border-t-0 first:pt-0';
