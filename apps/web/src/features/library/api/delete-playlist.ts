import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Playlist } from '@zema/contracts';
import { library } from '@zema/contracts/library/library.operations';
import { api } from '#src/lib/api-client';
import { MY_PLAYLISTS_QUERY_KEY, playlistKey } from './use-playlists';

/** DELETE playlists/{id} (owner only). */
export async function deletePlaylist(playlistId: number): Promise<void> {
  await api.call(library.deletePlaylist, { params: { id: playlistId } });
}

export function useDeletePlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePlaylist,
    onSuccess: (_answer, playlistId) => {
      queryClient.setQueryData<Playlist[]>(MY_PLAYLISTS_QUERY_KEY, (old) =>
        old?.filter((p) => p.id !== playlistId),
      );
      queryClient.removeQueries({ queryKey: playlistKey(playlistId) });
    },
  });
}
