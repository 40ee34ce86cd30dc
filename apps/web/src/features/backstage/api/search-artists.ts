import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { search } from '@zema/contracts/search/search.operations';
import { api } from '#src/lib/api-client';
import { backstageKeys } from './keys';

/** The "Claim an artist" picker: the catalogue's search, artists only, as the user types. */
export const artistSearchQueryOptions = (query: string) =>
  queryOptions({
    queryKey: backstageKeys.artistSearch(query),
    queryFn: async ({ signal }) =>
      (await api.call(search.search, { query: { query, types: 'artist', perPage: '10' }, signal })).results
        .artist?.data ?? [],
    placeholderData: keepPreviousData,
  });

export function useArtistSearch(query: string) {
  return useQuery({ ...artistSearchQueryOptions(query), enabled: query.trim().length > 0 });
}
