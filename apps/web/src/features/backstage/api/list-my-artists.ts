import { queryOptions, useQuery } from '@tanstack/react-query';
import { backstage } from '@zema/contracts/operations/backstage';
import { api } from '#src/lib/api-client';
import { backstageKeys } from './keys';

/** GET backstage/artists: the artists the caller manages (needs backstage.access). */
export const myArtistsQueryOptions = () =>
  queryOptions({
    queryKey: backstageKeys.myArtists(),
    queryFn: async ({ signal }) => (await api.call(backstage.myArtists, { signal })).artists,
  });

export function useMyArtists(enabled = true) {
  return useQuery({ ...myArtistsQueryOptions(), enabled });
}
