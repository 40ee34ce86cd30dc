import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Playlist } from '@zema/contracts';
import { library } from '@zema/contracts/library/library.operations';
import { api } from '#src/lib/api-client';
import type { PlaylistFields } from './create-playlist';
import { MY_PLAYLISTS_QUERY_KEY, playlistKey } from './use-playlists';

/** PUT playlists/{id} with the changed fields → {playlist} (owner only). */
export async function updatePlaylist({
  playlistId,
  ...fields
}: Partial<PlaylistFields> & { playlistId: number }): Promise<Playlist> {
  return (await api.call(library.updatePlaylist, { params: { id: playlistId }, body: fields })).playlist;
}

export function useUpdatePlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePlaylist,
    meta: { handlesErrors: true },
    onSuccess: (playlist) => {
      queryClient.setQueryData(playlistKey(playlist.id), playlist);
      void queryClient.invalidateQueries({ queryKey: MY_PLAYLISTS_QUERY_KEY });
    },
  });
}
