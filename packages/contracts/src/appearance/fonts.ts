/**
 * The fonts a theme may use, all served by the site itself (no third-party font CDN). The first
 * two are always loaded (the app's own: Inter, and Noto Sans Ethiopic for Amharic text); each of
 * the others is a stylesheet at `/fonts/<id>.css` made by the web build from its npm package
 * (`@fontsource-variable/<id>`), loaded only by the pages of a theme that uses it.
 */
export const THEME_FONTS = [
  { id: 'inter', family: 'Inter Variable', label: 'Inter', kind: 'sans-serif', builtIn: true },
  {
    id: 'noto-sans-ethiopic',
    family: 'Noto Sans Ethiopic Variable',
    label: 'Noto Sans Ethiopic',
    kind: 'sans-serif',
    builtIn: true,
  },
  {
    id: 'noto-serif-ethiopic',
    family: 'Noto Serif Ethiopic Variable',
    label: 'Noto Serif Ethiopic',
    kind: 'serif',
  },
  { id: 'open-sans', family: 'Open Sans Variable', label: 'Open Sans', kind: 'sans-serif' },
  { id: 'montserrat', family: 'Montserrat Variable', label: 'Montserrat', kind: 'sans-serif' },
  { id: 'lora', family: 'Lora Variable', label: 'Lora', kind: 'serif' },
  { id: 'source-serif-4', family: 'Source Serif 4 Variable', label: 'Source Serif 4', kind: 'serif' },
  { id: 'playfair-display', family: 'Playfair Display Variable', label: 'Playfair Display', kind: 'serif' },
] as const satisfies readonly {
  id: string;
  family: string;
  label: string;
  kind: 'sans-serif' | 'serif';
  builtIn?: boolean;
}[];

export type ThemeFont = (typeof THEME_FONTS)[number];

/** The stylesheet of a font the build serves, or null for the app's own (always loaded). */
export function themeFontStylesheet(family: string | null | undefined): string | null {
  const font = THEME_FONTS.find((f) => f.family === family);
  return font && !('builtIn' in font && font.builtIn) ? `/fonts/${font.id}.css` : null;
}

/** The app's own font: what a theme without a font of its own (or with an unknown one) reads in. */
export const APP_FONT_FAMILY = 'Inter Variable';

/** The CSS font-family value of a theme's font: the font, then the app's own as fallbacks. */
export function themeFontFamily(family: string | null | undefined): string | null {
  const font = THEME_FONTS.find((f) => f.family === family);
  return font ? `"${font.family}"` : null;
}
