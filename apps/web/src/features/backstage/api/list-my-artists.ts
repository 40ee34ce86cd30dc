import { queryOptions, useQuery } from '@tanstack/react-query';
import { backstage } from '@zema/contracts/backstage/backstage.operations';
import { api } from '#src/lib/api-client';
import { backstageKeys } from './keys';

/**
 * GET backstage/artists: the artists the caller works on in the active workspace, each with the
 * capacity they act in (backstage.access of their own, or a team's role).
 */
export async function listMyArtists(signal?: AbortSignal) {
  return (await api.call(backstage.myArtists, { signal })).artists;
}

export const myArtistsQueryOptions = () =>
  queryOptions({
    queryKey: backstageKeys.myArtists(),
    queryFn: ({ signal }) => listMyArtists(signal),
  });

export function useMyArtists(enabled = true) {
  return useQuery({ ...myArtistsQueryOptions(), enabled });
}
