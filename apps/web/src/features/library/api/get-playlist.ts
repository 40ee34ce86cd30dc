import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Playlist } from '@zema/contracts';
import { library } from '@zema/contracts/library/library.operations';
import { api } from '#src/lib/api-client';
import { playlistKey } from './use-playlists';

/** GET playlists/{id} → {playlist} (private playlists answer 404 to everyone but owner/collaborators). */
export async function fetchPlaylist(playlistId: number, signal?: AbortSignal): Promise<Playlist> {
  return (await api.call(library.getPlaylist, { params: { id: playlistId }, signal })).playlist;
}

export const playlistQueryOptions = (playlistId: number) =>
  queryOptions({
    queryKey: playlistKey(playlistId),
    queryFn: ({ signal }) => fetchPlaylist(playlistId, signal),
    // The page renders its own 404 / error state.
    meta: { handlesErrors: true },
  });

export function usePlaylist(playlistId: number) {
  return useQuery({ ...playlistQueryOptions(playlistId), enabled: Number.isFinite(playlistId) });
}
