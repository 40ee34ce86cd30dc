import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { usersAdmin } from '@zema/contracts/users/users.operations';
import { api } from '#src/lib/api-client';
import { usersKeys } from './users-keys';

/** GET admin/users with the list contract's query (page, perPage, sort, order, query, filters). */
export const usersListQueryOptions = (query: Record<string, string>) =>
  queryOptions({
    queryKey: usersKeys.list(query),
    queryFn: ({ signal }) => api.call(usersAdmin.list, { query, signal }),
    placeholderData: keepPreviousData,
  });

export function useUsersList(query: Record<string, string>) {
  return useQuery(usersListQueryOptions(query));
}
