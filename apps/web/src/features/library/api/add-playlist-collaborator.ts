import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Playlist } from '@zema/contracts';
import { library } from '@zema/contracts/library/library.operations';
import { api } from '#src/lib/api-client';
import { playlistKey } from './use-playlists';

/** POST playlists/{id}/collaborators/{userId} → {playlist} (owner only; 422 for the owner themself). */
export async function addPlaylistCollaborator({
  playlistId,
  userId,
}: {
  playlistId: number;
  userId: number;
}): Promise<Playlist> {
  return (await api.call(library.addCollaborator, { params: { id: playlistId, userId } })).playlist;
}

export function useAddPlaylistCollaborator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPlaylistCollaborator,
    // The caller shows the error as a toast.
    meta: { handlesErrors: true },
    // The answer is the playlist with its new collaborator list: the page shows it at once.
    onSuccess: (playlist) => queryClient.setQueryData(playlistKey(playlist.id), playlist),
  });
}
