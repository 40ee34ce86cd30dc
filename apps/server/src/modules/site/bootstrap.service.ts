import type { BootstrapData, User } from '@zema/contracts';
import { asc } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { APPEARANCE_CACHE_KEYS, listMenus, listThemes, selectTheme } from '#src/modules/appearance/tables';
import { LOCALIZATIONS_CACHE_KEY, localizations } from '#src/modules/localization/tables';
import type { SettingsService } from '#src/modules/settings/index';
import { cachedGuestRole } from '#src/modules/users/index';
import { listWorkspaces, PERSONAL_WORKSPACE } from '#src/modules/workspaces/index';
import type { Deps } from '#src/platform/deps';
import type { SharedCache } from '#src/platform/shared-cache';

/** Cache keys of what bootstrap data is made of; whoever writes one of these invalidates it. */
export const BOOTSTRAP_CACHE_KEYS = {
  themes: APPEARANCE_CACHE_KEYS.themes,
  menus: APPEARANCE_CACHE_KEYS.menus,
  localizations: LOCALIZATIONS_CACHE_KEY,
} as const;

/** Every localization with its lines (a handful of rows, read on nearly every request). */
export function cachedLocalizations({ db, cache }: { db: Database; cache: SharedCache }) {
  return cache.get(BOOTSTRAP_CACHE_KEYS.localizations, () =>
    db.select().from(localizations).orderBy(asc(localizations.id)),
  );
}

const FALLBACK_LOCALE = { id: 0, name: 'English', language: 'en', lines: {} as Record<string, string> };

/** The reader's language: their choice when the picker is on, else the site's default, else English. */
function localeFor(
  rows: (typeof localizations.$inferSelect)[],
  i18n: { enable: boolean; default_locale: string },
  chosen: string | null | undefined,
) {
  return pickLocale(rows, [...(i18n.enable && chosen ? [chosen] : []), i18n.default_locale, 'en']);
}

/**
 * The language and lines a request is answered in, as its page would be (a user's language, a
 * visitor's cookie), for what the server writes itself: error messages, mails sent on request.
 */
export async function requestLocale(
  deps: Pick<Deps, 'db' | 'cache' | 'settings'>,
  user: { language: string | null } | null,
  guestLocale: string | undefined,
): Promise<{ language: string; lines: Record<string, string> }> {
  const [settings, rows] = await Promise.all([deps.settings.getClientSettings(), cachedLocalizations(deps)]);
  const locale = localeFor(rows, settings.i18n, user ? user.language : guestLocale);
  return { language: locale.language, lines: locale.lines };
}

function pickLocale(rows: (typeof localizations.$inferSelect)[], wanted: string[]) {
  for (const language of wanted) {
    const row = rows.find((r) => r.language === language);
    if (row) return row;
  }
  return rows[0] ?? FALLBACK_LOCALE;
}

export type BootstrapDeps = { db: Database; settings: SettingsService; cache: SharedCache };

export async function buildBootstrapData(
  { db, settings: settingsService, cache }: BootstrapDeps,
  user: User | null,
  /** A visitor's language choice (the GUEST_LOCALE_COOKIE); ignored for users. */
  guestLocale?: string,
): Promise<BootstrapData> {
  const settings = await settingsService.getClientSettings();
  const [allThemes, allMenus, guestRole, allLocales] = await Promise.all([
    cache.get(BOOTSTRAP_CACHE_KEYS.themes, () => listThemes(db)),
    cache.get(BOOTSTRAP_CACHE_KEYS.menus, () => listMenus(db)),
    user ? Promise.resolve(null) : cachedGuestRole(db, cache),
    cachedLocalizations({ db, cache }),
  ]);
  const locale = localeFor(allLocales, settings.i18n, user ? user.language : guestLocale);
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
    // The personal workspace (SPEC §3) first, then the user's teams.
    workspaces: user ? await listWorkspaces(db, user.id) : [PERSONAL_WORKSPACE],
  };
}
