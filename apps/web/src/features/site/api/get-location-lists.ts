import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ValueListsResponse } from '@zema/contracts';
import { valueLists } from '@zema/contracts/site/value-lists.operations';
import { api } from '#src/lib/api-client';

const NAMES = 'timezones,countries,localizations';

/** GET value-lists/timezones,countries,localizations: the location-and-language choices. */
export async function fetchLocationLists(signal?: AbortSignal): Promise<ValueListsResponse> {
  return api.call(valueLists.get, { params: { names: NAMES }, signal });
}

export const locationListsQueryOptions = () =>
  queryOptions({
    queryKey: ['value-lists', NAMES] as const,
    queryFn: ({ signal }) => fetchLocationLists(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useLocationLists() {
  return useQuery(locationListsQueryOptions());
}
