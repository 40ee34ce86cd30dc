import { extendTailwindMerge } from 'tailwind-merge';

// The theme's own tokens (styles.css @theme) that tailwind-merge cannot guess: `rounded-theme` is a
// radius. Colours (`bg-paper`, `text-muted`) it already tells from sizes (`text-xs`).
const merge = extendTailwindMerge({ extend: { theme: { radius: ['theme'] } } });

/**
 * Joins class names, skipping falsy values, and lets a later Tailwind class win over an earlier
 * one of the same property (`cx('px-4 rounded-theme', 'px-0 rounded-full')` → `rounded-full px-0`):
 * a component puts its caller's `className` last, and the caller's choice applies, without
 * `!important`.
 */
export function cx(...parts: Array<string | false | null | undefined>): string {
  return merge(parts.filter(Boolean).join(' '));
}

/*
 * Keyboard focus: every control gets the same ring from one rule in styles.css (an outline in the
 * theme's focus colour, 2 px outside the control), so a control needs no focus classes of its own.
 * Where the outside would be clipped or crowded (rows of a scrolling list, menu and list items, a
 * tab strip that scrolls), the control draws it inside itself instead:
 */

/** The focus ring 2 px inside the control (rows, menu items, tabs in a scrolling strip). */
export const insetFocusRing = '[--focus-ring-offset:-2px]';

/** The focus ring over a text field's 1 px border. */
export const fieldFocusRing = '[--focus-ring-offset:-1px]';
