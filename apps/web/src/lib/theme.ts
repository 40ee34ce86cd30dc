import { ACTIVE_THEME_STORAGE_KEY, type ClientSettings, type Theme } from '@zema/contracts';
import { APP_FONT_FAMILY, themeFontFamily, themeFontStylesheet } from '@zema/contracts/appearance/fonts';

/**
 * Theme rules of SPEC §4, as pure functions (the pre-paint script in index.html repeats the
 * resolution part in a few lines of plain JS).
 */

export type ThemeChoice = number | 'light' | 'dark';

/** 'light' / 'dark' pick the theme flagged default for that mode; a number picks by id. */
export function findThemeForChoice(
  themes: readonly Theme[],
  choice: ThemeChoice | string,
): Theme | undefined {
  if (choice === 'light') return themes.find((t) => t.default_light) ?? themes.find((t) => !t.is_dark);
  if (choice === 'dark') return themes.find((t) => t.default_dark) ?? themes.find((t) => t.is_dark);
  const id = typeof choice === 'number' ? choice : Number(choice);
  return Number.isFinite(id) ? themes.find((t) => t.id === id) : undefined;
}

/**
 * The active theme: the stored choice when users may change themes, otherwise (or when the stored
 * one is gone) settings.themes.default_id, falling back to the first theme.
 */
export function resolveActiveTheme(
  themes: readonly Theme[],
  settings: Pick<ClientSettings, 'themes'>,
  stored: string | null,
): Theme | undefined {
  if (settings.themes.user_change && stored) {
    const picked = findThemeForChoice(themes, stored);
    if (picked) return picked;
  }
  const byDefault =
    settings.themes.default_id !== null ? themes.find((t) => t.id === settings.themes.default_id) : undefined;
  return byDefault ?? themes[0];
}

export function readStoredThemeChoice(): string | null {
  try {
    return localStorage.getItem(ACTIVE_THEME_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The choice is stored as the picked theme's id (SPEC §4). */
export function storeThemeChoice(theme: Theme): void {
  try {
    localStorage.setItem(ACTIVE_THEME_STORAGE_KEY, String(theme.id));
  } catch {
    // Storage can be unavailable (private mode, blocked); the choice then lasts for this page only.
  }
}

const applied = new WeakMap<HTMLElement, string[]>();

/** Writes the theme's variables on <html> and switches the dark class and color-scheme. */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  // Variables of a previous theme that this one does not set must not linger.
  for (const name of applied.get(root) ?? []) {
    if (!(name in theme.values)) root.style.removeProperty(name);
  }
  for (const [name, value] of Object.entries(theme.values)) root.style.setProperty(name, value);
  applied.set(root, Object.keys(theme.values));
  root.classList.toggle('dark', theme.is_dark);
  root.style.colorScheme = theme.is_dark ? 'dark' : 'light';
  root.dataset.themeId = String(theme.id);
  applyThemeFont(theme.font?.family ?? null, root);
}

/**
 * The theme's font: its stylesheet from the site (only the fonts a theme uses are ever loaded) and
 * `--be-font-family`; the app's own font when none or an unknown one is given. The family is
 * always written on <html>, the app's own included: the served page's `:root` rule names the
 * default theme's font, which must not outlive a switch to a theme without it (its stylesheet is
 * gone, and the text would fall back to the next font of the stack).
 */
export function applyThemeFont(family: string | null, root: HTMLElement = document.documentElement): void {
  const sheet = themeFontStylesheet(family);
  let link = document.getElementById('zema-theme-font') as HTMLLinkElement | null;
  if (sheet) {
    if (!link) {
      link = document.createElement('link');
      link.id = 'zema-theme-font';
      link.rel = 'stylesheet';
      document.head.append(link);
    }
    if (link.getAttribute('href') !== sheet) link.href = sheet;
  } else link?.remove();
  root.style.setProperty('--be-font-family', themeFontFamily(family) ?? themeFontFamily(APP_FONT_FAMILY)!);
}
