import { msg } from '@zema/contracts';
import { MIN_CONTRAST_RATIO } from '@zema/contracts/appearance/appearance-admin';
import { colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';

extend([a11yPlugin]);

/** The text/background pairs of a theme a reader must be able to read (WCAG 1.4.3); labels are messages. */
export const CONTRAST_PAIRS = [
  { text: '--be-foreground', background: '--be-background', label: msg('Text on the background') },
  { text: '--be-muted', background: '--be-background', label: msg('Secondary text on the background') },
  { text: '--be-foreground', background: '--be-paper', label: msg('Text on cards and menus') },
  { text: '--be-on-primary', background: '--be-primary', label: msg('Text on primary buttons') },
  { text: '--be-on-danger', background: '--be-danger', label: msg('Text on danger buttons') },
  { text: '--be-on-navbar', background: '--be-navbar', label: msg('Text on the navbar') },
] as const;

export type ContrastCheck = { label: string; ratio: number | null; ok: boolean };

/** The contrast ratio of two CSS colours (1–21), or null when one is not a colour. */
export function contrastRatio(text: string | undefined, background: string | undefined): number | null {
  if (!text || !background) return null;
  const a = colord(text);
  const b = colord(background);
  if (!a.isValid() || !b.isValid()) return null;
  return Math.round(a.contrast(b) * 100) / 100;
}

/** Each pair of a theme's values with its ratio; `ok` when at least 4.5:1 (or not a colour). */
export function checkThemeContrast(values: Record<string, string>): ContrastCheck[] {
  return CONTRAST_PAIRS.map(({ text, background, label }) => {
    const ratio = contrastRatio(values[text], values[background]);
    return { label, ratio, ok: ratio === null || ratio >= MIN_CONTRAST_RATIO };
  });
}

/** `#rrggbb` for a colour input, or null when the value is not a colour. */
export function toHexColour(value: string | undefined): string | null {
  if (!value) return null;
  const c = colord(value);
  return c.isValid() ? c.alpha(1).toHex().slice(0, 7) : null;
}
