import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueManager } from '@zema/contracts/catalogue/catalogue-manager.operations';
import { api } from '#src/lib/api-client';
import { catalogueAdminKeys } from './admin-keys';

/** GET admin/genres with the list contract's query (page, perPage, sort, order, query, filters). */
export const adminGenresQueryOptions = (query: Record<string, string>) =>
  queryOptions({
    queryKey: catalogueAdminKeys.list('genres', query),
    queryFn: ({ signal }) => api.call(catalogueManager.listGenres, { query, signal }),
    placeholderData: keepPreviousData,
  });

export function useAdminGenres(query: Record<string, string>, enabled = true) {
  return useQuery({ ...adminGenresQueryOptions(query), enabled });
}
