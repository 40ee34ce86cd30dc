import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Localization } from '@zema/contracts';
import { valueLists } from '@zema/contracts/site/value-lists.operations';
import { api } from '#src/lib/api-client';

/** GET value-lists/localizations: the languages the site is translated to. */
export async function fetchLocalizations(signal?: AbortSignal): Promise<Localization[]> {
  return (await api.call(valueLists.get, { params: { names: 'localizations' }, signal })).localizations ?? [];
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
