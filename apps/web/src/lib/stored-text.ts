import { storedText } from '@zema/contracts/i18n/stored-text';
import { useCallback } from 'react';
import { useBootstrapOrNull } from '#src/lib/bootstrap-store';

/** A stored text in the reader's language when the catalogue has it, else as it is. */
export type StoredTextFn = <T extends string | null | undefined>(text: T) => T | string;

/**
 * `text(stored)`: a text kept in the database (a genre's or channel's name, a plan's name or
 * feature, the landing page's headline) in the reader's language. A seed writes its English
 * source marked `msg()`, so the demo's "Genres" and the example plan "Free" read in Amharic for an
 * Amharic reader; what an operator wrote themselves has no line and is shown as they wrote it. It
 * is never formatted as a message: an operator's "{live}" stays as it is (contracts `storedText`).
 */
export function useStoredText(): StoredTextFn {
  const lines = useBootstrapOrNull()?.i18n?.lines;
  return useCallback<StoredTextFn>((text) => storedText(lines, text), [lines]);
}
