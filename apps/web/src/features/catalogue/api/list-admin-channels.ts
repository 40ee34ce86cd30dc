import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueManager } from '@zema/contracts/catalogue/catalogue-manager.operations';
import { api } from '#src/lib/api-client';
import { catalogueAdminKeys } from './admin-keys';

/** GET admin/channels with the list contract's query (page, perPage, sort, order, query, filters). */
export const adminChannelsQueryOptions = (query: Record<string, string>) =>
  queryOptions({
    queryKey: catalogueAdminKeys.list('channels', query),
    queryFn: ({ signal }) => api.call(catalogueManager.listChannels, { query, signal }),
    placeholderData: keepPreviousData,
  });

export function useAdminChannels(query: Record<string, string>, enabled = true) {
  return useQuery({ ...adminChannelsQueryOptions(query), enabled });
}
