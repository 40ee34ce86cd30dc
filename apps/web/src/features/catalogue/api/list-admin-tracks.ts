import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueManager } from '@zema/contracts/catalogue/catalogue-manager.operations';
import { api } from '#src/lib/api-client';
import { catalogueAdminKeys } from './admin-keys';

/** GET admin/tracks with the list contract's query (page, perPage, sort, order, query, filters). */
export const adminTracksQueryOptions = (query: Record<string, string>) =>
  queryOptions({
    queryKey: catalogueAdminKeys.list('tracks', query),
    queryFn: ({ signal }) => api.call(catalogueManager.listTracks, { query, signal }),
    placeholderData: keepPreviousData,
  });

export function useAdminTracks(query: Record<string, string>, enabled = true) {
  return useQuery({ ...adminTracksQueryOptions(query), enabled });
}
