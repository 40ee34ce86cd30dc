import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { backstage } from '@zema/contracts/backstage/backstage.operations';
import { api } from '#src/lib/api-client';
import { backstageKeys } from './keys';

/** GET backstage/artists/:id/tracks and …/albums: one page, searched by name. */
export const artistTracksQueryOptions = (artistId: number, query: Record<string, string>) =>
  queryOptions({
    queryKey: backstageKeys.itemList('tracks', artistId, query),
    queryFn: ({ signal }) => api.call(backstage.artistTracks, { params: { id: artistId }, query, signal }),
    placeholderData: keepPreviousData,
  });

export const artistAlbumsQueryOptions = (artistId: number, query: Record<string, string>) =>
  queryOptions({
    queryKey: backstageKeys.itemList('albums', artistId, query),
    queryFn: ({ signal }) => api.call(backstage.artistAlbums, { params: { id: artistId }, query, signal }),
    placeholderData: keepPreviousData,
  });

export function useArtistTracks(artistId: number, query: Record<string, string>) {
  return useQuery(artistTracksQueryOptions(artistId, query));
}

export function useArtistAlbums(artistId: number, query: Record<string, string>) {
  return useQuery(artistAlbumsQueryOptions(artistId, query));
}
