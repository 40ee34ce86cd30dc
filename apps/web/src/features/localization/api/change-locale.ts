import { useMutation } from '@tanstack/react-query';
import { GUEST_LOCALE_COOKIE } from '@zema/contracts';
import { localization } from '@zema/contracts/site/localization.operations';
import { api } from '#src/lib/api-client';
import { setCookie } from '#src/lib/cookies';

/** POST users/me/locale {locale} → {locale}. */
export async function changeUserLocale(locale: string): Promise<{ locale: string }> {
  return api.call(localization.changeLocale, { body: { locale } });
}

/**
 * Changes the interface language; translations come with bootstrap data, so the page reloads to
 * load them. A failure shows the generic error toast (SPEC §8) and keeps the current language.
 */
export function useChangeLocale({ isLoggedIn }: { isLoggedIn: boolean }) {
  return useMutation({
    mutationFn: async (locale: string) => {
      if (isLoggedIn) return changeUserLocale(locale);
      setCookie(GUEST_LOCALE_COOKIE, locale, { days: 365, path: '/' });
      return { locale };
    },
    onSuccess: () => window.location.reload(),
  });
}
