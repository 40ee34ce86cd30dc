import { queryOptions, useQuery } from '@tanstack/react-query';
import { backstage } from '@zema/contracts/backstage/backstage.operations';
import { api } from '#src/lib/api-client';
import { backstageKeys } from './keys';

/** GET backstage/artists/:id: one of the caller's artists, for the editor. */
export const backstageArtistQueryOptions = (id: number) =>
  queryOptions({
    queryKey: backstageKeys.artist(id),
    queryFn: async ({ signal }) => (await api.call(backstage.artist, { params: { id }, signal })).artist,
  });

export function useBackstageArtist(id: number) {
  return useQuery({ ...backstageArtistQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
