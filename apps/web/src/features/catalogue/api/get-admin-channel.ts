import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueManager } from '@zema/contracts/catalogue/catalogue-manager.operations';
import { api } from '#src/lib/api-client';
import { catalogueAdminKeys } from './admin-keys';

/** GET admin/channels/{id}: the channel's settings and chosen items, for its editor. */
export const adminChannelQueryOptions = (id: number) =>
  queryOptions({
    queryKey: catalogueAdminKeys.channel(id),
    queryFn: async ({ signal }) =>
      (await api.call(catalogueManager.getChannel, { params: { id: String(id) }, signal })).channel,
  });

export const useAdminChannel = (id: number | null) =>
  useQuery({ ...adminChannelQueryOptions(id ?? 0), enabled: id !== null });
