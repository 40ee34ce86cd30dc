import { z } from 'zod';
import { msg } from './i18n/messages';

/*
 * The slug rules of the app, side by side because they differ on purpose:
 *
 * - A name's URL slug (`slugify`): the readable tail of /pastor/7/ቴዲ-አፍሮ or /album/2/deja-vu. It is
 *   never stored nor looked up (the id before it is what counts), so it keeps the letters of every
 *   script, and it never comes out empty.
 * - A stored slug (`SLUG_PATTERN`, `storedSlugFrom`): a key that is looked up by its text, such as a
 *   channel's address (/channel/new-releases), a role's key or a custom page's address. It has one
 *   spelling only, that survives being typed, case-folded and URL-encoded: lower-case ASCII letters
 *   and digits, in runs joined by single dashes. A title in another script gives none, and the
 *   admin types one.
 */

/** Longest stored slug (a channel's address). */
export const SLUG_MAX_LENGTH = 100;

/** A stored slug: lower-case a to z and digits, in runs joined by single dashes. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** What a form says to a stored slug that breaks the rule. */
export const SLUG_MESSAGE = msg('Use lower-case letters a to z, digits and single dashes.');

/** A stored slug in a request: trimmed, 1 to `SLUG_MAX_LENGTH` characters of the rule. */
export const slugSchema = z.string().trim().min(1).max(SLUG_MAX_LENGTH).regex(SLUG_PATTERN, SLUG_MESSAGE);

/**
 * What a URL may hold where a stored slug (or an id) is looked up: the rule's characters in any
 * case, since the lookup lower-cases them. Looser than `SLUG_PATTERN` so a link typed in capitals
 * still finds its channel; anything else is not worth a lookup.
 */
export const SLUG_LOOKUP_PATTERN = new RegExp(`^[A-Za-z0-9-]{1,${SLUG_MAX_LENGTH}}$`);

/** Accents come off (é → e) before the rules below see the letters. */
function withoutAccents(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
}

/** URL slug from a name: lower-case, letters and digits joined by dashes; non-Latin names stay readable. */
export function slugify(name: string): string {
  const slug = withoutAccents(name)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'item';
}

/**
 * A stored slug from a title (a channel's address from its title, a role's key from its name): the
 * rule's characters only, at most `maxLength` of them. Empty when nothing of the title is left (a
 * title in another script): the caller asks for one or picks its own.
 */
export function storedSlugFrom(title: string, maxLength: number = SLUG_MAX_LENGTH): string {
  return withoutAccents(title)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, maxLength)
    .replace(/-+$/, '');
}
