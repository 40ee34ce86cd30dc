import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ChannelContentType } from '@zema/contracts';
import { catalogueManager } from '@zema/contracts/catalogue/catalogue-manager.operations';
import { api } from '#src/lib/api-client';
import { catalogueAdminKeys } from './admin-keys';

/** GET admin/channel-items?type&query: the channel picker's search as you type. */
export const channelItemsQueryOptions = (type: ChannelContentType, query: string) =>
  queryOptions({
    queryKey: catalogueAdminKeys.channelItems(type, query),
    queryFn: async ({ signal }) =>
      (await api.call(catalogueManager.searchChannelItems, { query: { type, query }, signal })).items,
    placeholderData: keepPreviousData,
  });

export const useChannelItemSearch = (type: ChannelContentType, query: string) =>
  useQuery(channelItemsQueryOptions(type, query));
