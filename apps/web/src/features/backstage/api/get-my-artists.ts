import { queryOptions, useQuery } from '@tanstack/react-query';
import { backstage } from '@zema/contracts/operations/backstage';
import { api } from '#src/lib/api-client';

/** GET backstage/artists: the artists the caller manages. */
export const myArtistsQueryOptions = () =>
  queryOptions({
    queryKey: ['backstage', 'my-artists'] as const,
    queryFn: async () => (await api.call(backstage.myArtists)).artists,
  });

export function useMyArtists() {
  return useQuery(myArtistsQueryOptions());
}
