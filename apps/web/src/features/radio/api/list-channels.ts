import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueManager } from '@zema/contracts/catalogue/catalogue-manager.operations';
import { api } from '#src/lib/api-client';
import { radioKeys } from './radio-keys';

/**
 * GET admin/channels (by name, the first 100): the channels the built-in station may play, for its
 * editor's channel choice. Only asked of an admin who may manage channels.
 */
export const radioChannelsQueryOptions = () =>
  queryOptions({
    queryKey: radioKeys.channels(),
    queryFn: async ({ signal }) =>
      (
        await api.call(catalogueManager.listChannels, {
          query: { perPage: 100, sort: 'name', order: 'asc' },
          signal,
        })
      ).data,
    meta: { handlesErrors: true },
  });

export function useRadioChannels(enabled: boolean) {
  return useQuery({ ...radioChannelsQueryOptions(), enabled });
}
