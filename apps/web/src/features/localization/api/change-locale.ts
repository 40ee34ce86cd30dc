import { useMutation } from '@tanstack/react-query';
import { GUEST_LOCALE_COOKIE } from '@zema/contracts';
import { bootstrap } from '@zema/contracts/site/bootstrap.operations';
import { localization } from '@zema/contracts/site/localization.operations';
import { api } from '#src/lib/api-client';
import { setBootstrapData } from '#src/lib/bootstrap-store';
import { setCookie } from '#src/lib/cookies';
import { queryClient } from '#src/lib/query-client';

/** POST users/me/locale {locale} → {locale}. */
export async function changeUserLocale(locale: string): Promise<{ locale: string }> {
  return api.call(localization.changeLocale, { body: { locale } });
}

/**
 * Switches the open app to the language the server now serves this reader, without a reload:
 * fresh bootstrap data (the locale and its lines: every `trans` and `<html lang>` follow), then
 * every query again, since some answers (notifications, plans) are written in the reader's language.
 */
export async function applyLanguage(): Promise<void> {
  const { bootstrapData } = await api.call(bootstrap.get);
  setBootstrapData(bootstrapData);
  await queryClient.invalidateQueries();
}

/**
 * Changes the interface language: a user's is saved (POST users/me/locale), a visitor's kept in a
 * cookie the server reads for the first paint of every later page. A failure shows the generic
 * error toast (SPEC §8) and keeps the current language.
 */
export function useChangeLocale({ isLoggedIn }: { isLoggedIn: boolean }) {
  return useMutation({
    mutationFn: async (locale: string) => {
      if (isLoggedIn) await changeUserLocale(locale);
      else setCookie(GUEST_LOCALE_COOKIE, locale, { days: 365, path: '/' });
      await applyLanguage();
      return { locale };
    },
  });
}
