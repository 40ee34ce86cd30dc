import type { Menu, Theme } from '@zema/contracts';
import { asc, desc } from 'drizzle-orm';
import type { Db } from '#src/db/client';
import { appearanceVersions, menus, themes } from './appearance.tables';

/** Cache keys of the published appearance; a publish or a rollback drops them on every instance. */
export const APPEARANCE_CACHE_KEYS = {
  themes: 'themes',
  menus: 'menus',
  customCode: 'appearance.custom-code',
} as const;

export async function listThemes(db: Db): Promise<Theme[]> {
  const rows = await db.select().from(themes).orderBy(asc(themes.id));
  return rows.map((t) => ({
    id: t.id,
    name: t.name,
    values: t.values,
    is_dark: t.isDark,
    default_light: t.defaultLight,
    default_dark: t.defaultDark,
    font: t.font ?? null,
  }));
}

/** SPEC §4: the configured default theme, falling back to the first one. */
export function selectTheme(all: Theme[], defaultId: number | null): Theme | null {
  return all.find((t) => t.id === defaultId) ?? all[0] ?? null;
}

export async function listMenus(db: Db): Promise<Menu[]> {
  const rows = await db.select().from(menus).orderBy(asc(menus.sort), asc(menus.id));
  return rows.map((m) => ({ id: m.id, name: m.name, positions: m.positions, items: m.items }));
}

/** The custom CSS and HTML served now: the newest version's (none before the first publish). */
export async function publishedCustomCode(db: Db): Promise<{ css: string; html: string }> {
  const [latest] = await db
    .select({ values: appearanceVersions.values })
    .from(appearanceVersions)
    .orderBy(desc(appearanceVersions.id))
    .limit(1);
  return latest?.values.custom_code ?? { css: '', html: '' };
}
