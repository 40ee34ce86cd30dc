import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Playlist } from '@zema/contracts';
import { library } from '@zema/contracts/library/library.operations';
import { api } from '#src/lib/api-client';
import { errorMessage } from '#src/lib/api-error';
import { useAuth } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';
import { toast } from '#src/ui/toast';

export const MY_PLAYLISTS_QUERY_KEY = ['library', 'my-playlists'] as const;

/** GET me/playlists: playlists the user owns or collaborates on (sidebar, "Add to playlist"). */
export async function fetchMyPlaylists(signal?: AbortSignal): Promise<Playlist[]> {
  return (await api.call(library.myPlaylists, { signal })).playlists;
}

export const myPlaylistsQueryOptions = () =>
  queryOptions({ queryKey: MY_PLAYLISTS_QUERY_KEY, queryFn: ({ signal }) => fetchMyPlaylists(signal) });

/** The signed-in user's playlists; nothing is fetched for a guest. */
export function useMyPlaylists() {
  const { isLoggedIn } = useAuth();
  return useQuery({ ...myPlaylistsQueryOptions(), enabled: isLoggedIn });
}

export interface AddToPlaylistVars {
  playlistId: number;
  trackIds: number[];
  /** Insert at this index (0 = top); default: the end. */
  position?: number;
}

/** POST playlists/{id}/tracks {track_ids, position?} (owner or collaborator). */
export async function addToPlaylist({ playlistId, trackIds, position }: AddToPlaylistVars): Promise<void> {
  await api.call(library.addPlaylistTracks, {
    params: { id: playlistId },
    body: { track_ids: trackIds, position },
  });
}

/** Keys of everything that shows a playlist's tracks or counts. */
export const playlistKey = (playlistId: number) => ['library', 'playlist', { playlistId }] as const;
export const playlistTracksKey = (playlistId: number) =>
  ['library', 'playlist-tracks', { playlistId }] as const;

export function invalidatePlaylist(queryClient: ReturnType<typeof useQueryClient>, playlistId: number) {
  void queryClient.invalidateQueries({ queryKey: playlistKey(playlistId) });
  void queryClient.invalidateQueries({ queryKey: playlistTracksKey(playlistId) });
  void queryClient.invalidateQueries({ queryKey: MY_PLAYLISTS_QUERY_KEY });
}

/** Adds tracks to a playlist with a toast naming it ("Added to Road trip"). */
export function useAddToPlaylist() {
  const queryClient = useQueryClient();
  const { trans } = useTrans();
  return useMutation({
    mutationFn: addToPlaylist,
    meta: { handlesErrors: true },
    onSuccess: (_answer, { playlistId }) => {
      const name = queryClient
        .getQueryData<Playlist[]>(MY_PLAYLISTS_QUERY_KEY)
        ?.find((p) => p.id === playlistId)?.name;
      toast.positive(name ? trans('Added to {name}', { name }) : trans('Added to playlist'));
      invalidatePlaylist(queryClient, playlistId);
    },
    onError: (err) => toast.danger(errorMessage(err)),
  });
}
