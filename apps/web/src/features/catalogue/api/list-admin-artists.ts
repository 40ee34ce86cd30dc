import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueManager } from '@zema/contracts/catalogue/catalogue-manager.operations';
import { api } from '#src/lib/api-client';
import { catalogueAdminKeys } from './admin-keys';

/** GET admin/artists with the list contract's query (page, perPage, sort, order, query, filters). */
export const adminArtistsQueryOptions = (query: Record<string, string>) =>
  queryOptions({
    queryKey: catalogueAdminKeys.list('artists', query),
    queryFn: ({ signal }) => api.call(catalogueManager.listArtists, { query, signal }),
    placeholderData: keepPreviousData,
  });

export function useAdminArtists(query: Record<string, string>, enabled = true) {
  return useQuery({ ...adminArtistsQueryOptions(query), enabled });
}
