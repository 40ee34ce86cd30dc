/** Joins class names, skipping falsy values. */
export function cx(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(' ');
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
