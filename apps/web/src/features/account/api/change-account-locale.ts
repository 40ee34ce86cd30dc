import { useMutation } from '@tanstack/react-query';
import { changeLocaleResponseSchema } from '@zema/contracts';
import { apiClient } from '#src/lib/api-client';

/** POST users/me/locale {locale} → {locale}. */
export async function changeAccountLocale(locale: string): Promise<string> {
  return changeLocaleResponseSchema.parse(await apiClient.post<unknown>('users/me/locale', { locale }))
    .locale;
}

export function useChangeAccountLocale() {
  return useMutation({ mutationFn: changeAccountLocale, meta: { handlesErrors: true } });
}
