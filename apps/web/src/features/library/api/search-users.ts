import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UserRef } from '@zema/contracts';
import { search } from '@zema/contracts/search/search.operations';
import { api } from '#src/lib/api-client';

/** How many people the collaborator picker offers per query. */
export const USER_SEARCH_PER_PAGE = 10;

/** GET search?query&types=user → users whose public name matches, ranked by the server. */
export async function searchUsers(query: string, signal?: AbortSignal): Promise<UserRef[]> {
  const res = await api.call(search.search, {
    query: { query, types: 'user', perPage: USER_SEARCH_PER_PAGE },
    signal,
  });
  return res.results.user?.data ?? [];
}

/** Users matching `query` (already debounced by the caller); idle while it is empty. */
export function useUserSearch(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: ['library', 'user-search', q],
    queryFn: ({ signal }) => searchUsers(q, signal),
    enabled: q.length > 0,
    // The list keeps the last answer while the next one loads, instead of flashing empty.
    placeholderData: keepPreviousData,
    // The picker shows its own empty / error text; typing on should not stack toasts.
    meta: { handlesErrors: true },
  });
}
