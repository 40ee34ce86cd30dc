import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { playlistEntryPageSchema } from '@zema/contracts';
import type { z } from 'zod';
import { apiClient } from '#src/lib/api-client';
import { nextPageOf } from './pagination';
import { playlistTracksKey } from './use-playlists';

export const PLAYLIST_TRACKS_PER_PAGE = 100;
export type PlaylistEntryPage = z.infer<typeof playlistEntryPageSchema>;

/** GET playlists/{id}/tracks?page&perPage → pagination of entries in playlist order. */
export async function fetchPlaylistTracks(
  playlistId: number,
  page: number,
  signal?: AbortSignal,
): Promise<PlaylistEntryPage> {
  const res = await apiClient.get<unknown>(`playlists/${playlistId}/tracks`, {
    params: { page, perPage: PLAYLIST_TRACKS_PER_PAGE },
    signal,
  });
  return playlistEntryPageSchema.parse(res);
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
