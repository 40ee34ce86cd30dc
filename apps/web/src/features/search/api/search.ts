import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchResponse, SearchType } from '@zema/contracts';
import { search } from '@zema/contracts/search/search.operations';
import { api } from '#src/lib/api-client';

export interface SearchParams {
  query: string;
  types?: readonly SearchType[];
  page?: number;
  perPage?: number;
}

/** GET search?query&types&page&perPage → sections per type, ranked by the server. */
export async function fetchSearch(
  params: SearchParams,
  signal?: AbortSignal,
  { retries }: { retries?: number } = {},
): Promise<SearchResponse> {
  return api.call(search.search, {
    retries,
    query: {
      query: params.query,
      types: params.types?.join(','),
      page: params.page,
      perPage: params.perPage,
    },
    signal,
  });
}

export const searchQueryOptions = (params: SearchParams) =>
  queryOptions({
    queryKey: ['search', params],
    queryFn: ({ signal }) => fetchSearch(params, signal),
    // Results render their own error state; typing on should not stack toasts.
    meta: { handlesErrors: true },
  });

/**
 * Search results; the previous answer stays on screen while the next query loads. `instant`
 * (results as you type): a failure, such as the server's 503 when searches queue up, is not
 * retried, since the next keystroke asks again anyway and retries would only add to the queue.
 */
export function useSearch(
  params: SearchParams,
  { enabled = true, instant = false }: { enabled?: boolean; instant?: boolean } = {},
) {
  return useQuery({
    ...searchQueryOptions(params),
    ...(instant
      ? { queryFn: ({ signal }) => fetchSearch(params, signal, { retries: 0 }), retry: false }
      : {}),
    enabled: enabled && params.query.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}
