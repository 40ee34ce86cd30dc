import { useMutation } from '@tanstack/react-query';
import { localization } from '@zema/contracts/site/localization.operations';
import { api } from '#src/lib/api-client';

/** POST users/me/locale {locale} → {locale}. */
export async function changeAccountLocale(locale: string): Promise<string> {
  return (await api.call(localization.changeLocale, { body: { locale } })).locale;
}

export function useChangeAccountLocale() {
  return useMutation({ mutationFn: changeAccountLocale, meta: { handlesErrors: true } });
}
