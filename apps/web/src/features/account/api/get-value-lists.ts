import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ValueListsResponse, valueListsResponseSchema } from '@zema/contracts';
import { apiClient } from '#src/lib/api-client';

const NAMES = 'timezones,countries,localizations';

/** GET value-lists/timezones,countries,localizations: the location-and-language choices. */
export async function fetchAccountValueLists(signal?: AbortSignal): Promise<ValueListsResponse> {
  return valueListsResponseSchema.parse(await apiClient.get<unknown>(`value-lists/${NAMES}`, { signal }));
}

export const accountValueListsQueryOptions = () =>
  queryOptions({
    queryKey: ['account', { valueLists: NAMES }] as const,
    queryFn: ({ signal }) => fetchAccountValueLists(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useAccountValueLists() {
  return useQuery(accountValueListsQueryOptions());
}
