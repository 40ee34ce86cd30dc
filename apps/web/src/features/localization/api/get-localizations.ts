import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Localization, valueListsResponseSchema } from '@zema/contracts';
import { apiClient } from '#src/lib/api-client';

/** GET value-lists/localizations: the languages the site is translated to. */
export async function fetchLocalizations(signal?: AbortSignal): Promise<Localization[]> {
  const res = await apiClient.get('value-lists/localizations', { signal });
  return valueListsResponseSchema.parse(res).localizations ?? [];
}

export const localizationsQueryOptions = () =>
  queryOptions({
    queryKey: ['localization', { list: 'localizations' }] as const,
    queryFn: ({ signal }) => fetchLocalizations(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useLocalizations(enabled = true) {
  return useQuery({ ...localizationsQueryOptions(), enabled });
}
