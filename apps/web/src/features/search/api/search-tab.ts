import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { SearchType } from '@zema/contracts';
import { fetchSearch } from './search';

export const SEARCH_TAB_PER_PAGE = 20;

/** One type of results with pages ("Load more" / infinite scroll on a search tab). */
export const searchTabQueryOptions = (query: string, type: SearchType) =>
  infiniteQueryOptions({
    queryKey: ['search', { query, types: [type], perPage: SEARCH_TAB_PER_PAGE, infinite: true }],
    queryFn: ({ pageParam, signal }) =>
      fetchSearch({ query, types: [type], page: pageParam, perPage: SEARCH_TAB_PER_PAGE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => last.results[type]?.next_page ?? undefined,
    meta: { handlesErrors: true },
  });

export function useSearchTab(query: string, type: SearchType) {
  return useInfiniteQuery({ ...searchTabQueryOptions(query, type), enabled: query.trim().length > 0 });
}
