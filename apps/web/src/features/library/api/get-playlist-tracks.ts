import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { playlistEntryPageSchema } from '@zema/contracts';
import { library } from '@zema/contracts/library/library.operations';
import type { z } from 'zod';
import { api } from '#src/lib/api-client';
import { nextPageOf } from '#src/lib/next-page';
import { playlistTracksKey } from './use-playlists';

export const PLAYLIST_TRACKS_PER_PAGE = 100;
export type PlaylistEntryPage = z.infer<typeof playlistEntryPageSchema>;

/** GET playlists/{id}/tracks?page&perPage → pagination of entries in playlist order. */
export async function fetchPlaylistTracks(
  playlistId: number,
  page: number,
  signal?: AbortSignal,
): Promise<PlaylistEntryPage> {
  return api.call(library.playlistTracks, {
    params: { id: playlistId },
    query: { page, perPage: PLAYLIST_TRACKS_PER_PAGE },
    signal,
  });
}

export const playlistTracksQueryOptions = (playlistId: number) =>
  infiniteQueryOptions({
    queryKey: playlistTracksKey(playlistId),
    queryFn: ({ pageParam, signal }) => fetchPlaylistTracks(playlistId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    meta: { handlesErrors: true },
  });

export function usePlaylistTracks(playlistId: number) {
  return useInfiniteQuery({
    ...playlistTracksQueryOptions(playlistId),
    enabled: Number.isFinite(playlistId),
  });
}
