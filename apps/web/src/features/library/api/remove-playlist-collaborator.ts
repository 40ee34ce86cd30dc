import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Playlist } from '@zema/contracts';
import { library } from '@zema/contracts/library/library.operations';
import { api } from '#src/lib/api-client';
import { playlistKey } from './use-playlists';

/** DELETE playlists/{id}/collaborators/{userId} → {playlist} (owner only). */
export async function removePlaylistCollaborator({
  playlistId,
  userId,
}: {
  playlistId: number;
  userId: number;
}): Promise<Playlist> {
  return (await api.call(library.removeCollaborator, { params: { id: playlistId, userId } })).playlist;
}

export function useRemovePlaylistCollaborator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePlaylistCollaborator,
    // The caller shows the error as a toast.
    meta: { handlesErrors: true },
    onSuccess: (playlist) => queryClient.setQueryData(playlistKey(playlist.id), playlist),
  });
}
