import type { BootstrapData, Menu, Theme, User } from '@zema/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { localizations, menus, themes } from '#src/db/schema/index';
import type { SettingsService } from '#src/features/settings/settings.service';
import { loadGuestRole } from '#src/features/users/users.service';

export async function listThemes(db: Database): Promise<Theme[]> {
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

async function listMenus(db: Database): Promise<Menu[]> {
  const rows = await db.select().from(menus).orderBy(asc(menus.sort), asc(menus.id));
  return rows.map((m) => ({ id: m.id, name: m.name, positions: m.positions, items: m.items }));
}

async function loadLocale(db: Database, wanted: string[]) {
  for (const language of wanted) {
    const [row] = await db.select().from(localizations).where(eq(localizations.language, language));
    if (row) return row;
  }
  const [first] = await db.select().from(localizations).orderBy(asc(localizations.id)).limit(1);
  return first ?? { id: 0, name: 'English', language: 'en', lines: {} };
}

export async function buildBootstrapData(
  db: Database,
  settingsService: SettingsService,
  user: User | null,
  /** A visitor's language choice (the GUEST_LOCALE_COOKIE); ignored for users. */
  guestLocale?: string,
): Promise<BootstrapData> {
  const settings = await settingsService.getClientSettings();
  const [allThemes, allMenus, guestRole] = await Promise.all([
    listThemes(db),
    listMenus(db),
    user ? Promise.resolve(null) : loadGuestRole(db),
  ]);
  const chosen = user ? user.language : guestLocale;
  const wanted = [...(settings.i18n.enable && chosen ? [chosen] : []), settings.i18n.default_locale, 'en'];
  const locale = await loadLocale(db, wanted);
  return {
    user,
    guest_role: guestRole,
    settings,
    themes: {
      all: allThemes,
      selectedThemeId: selectTheme(allThemes, settings.themes.default_id)?.id ?? null,
    },
    menus: allMenus,
    i18n: { locale: { id: locale.id, name: locale.name, language: locale.language }, lines: locale.lines },
    // Workspaces arrive with their own issue; everyone has the personal one (SPEC §3).
    workspaces: [{ id: 0, name: 'Default', members_count: 1, default: true }],
  };
}
