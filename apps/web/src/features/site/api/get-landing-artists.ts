import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LandingArtistsResponse } from '@zema/contracts';
import { landing } from '@zema/contracts/site/landing.operations';
import { api } from '#src/lib/api-client';

/** GET landing/artists → {artists}: most played over the last 7 days (SPEC §3 Artist shape). */
export async function fetchLandingArtists(signal?: AbortSignal): Promise<LandingArtistsResponse['artists']> {
  return (await api.call(landing.artists, { signal })).artists;
}

export const landingArtistsQueryOptions = () =>
  queryOptions({
    queryKey: ['landing', 'artists'],
    queryFn: ({ signal }) => fetchLandingArtists(signal),
    // A marketing page does not toast about a section it can simply leave out.
    meta: { handlesErrors: true },
  });

export function useLandingArtists(enabled: boolean) {
  return useQuery({ ...landingArtistsQueryOptions(), enabled });
}
