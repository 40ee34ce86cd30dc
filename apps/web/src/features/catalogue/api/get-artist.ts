import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ArtistPageResponse } from '@zema/contracts';
import { catalogue } from '@zema/contracts/catalogue/catalogue.operations';
import { api } from '#src/lib/api-client';

/** GET artists/{id}: the artist, popular tracks, albums and similar artists. */
export async function fetchArtist(id: number, signal?: AbortSignal): Promise<ArtistPageResponse> {
  return api.call(catalogue.artist, { params: { id }, signal });
}

export const artistQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['catalogue', 'artist', { id }],
    queryFn: ({ signal }) => fetchArtist(id, signal),
  });

export const useArtist = (id: number) =>
  useQuery({ ...artistQueryOptions(id), enabled: Number.isFinite(id) });
