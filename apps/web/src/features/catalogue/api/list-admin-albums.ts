import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueManager } from '@zema/contracts/catalogue/catalogue-manager.operations';
import { api } from '#src/lib/api-client';
import { catalogueAdminKeys } from './admin-keys';

/** GET admin/albums with the list contract's query (page, perPage, sort, order, query, filters). */
export const adminAlbumsQueryOptions = (query: Record<string, string>) =>
  queryOptions({
    queryKey: catalogueAdminKeys.list('albums', query),
    queryFn: ({ signal }) => api.call(catalogueManager.listAlbums, { query, signal }),
    placeholderData: keepPreviousData,
  });

export function useAdminAlbums(query: Record<string, string>, enabled = true) {
  return useQuery({ ...adminAlbumsQueryOptions(query), enabled });
}
