import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Playlist } from '@zema/contracts';
import { library } from '@zema/contracts/library/library.operations';
import { api } from '#src/lib/api-client';
import { MY_PLAYLISTS_QUERY_KEY, playlistKey } from './use-playlists';

/** POST playlists/{id}/image multipart `file` → {playlist}; DELETE removes it. */
export async function uploadPlaylistImage({ playlistId, file }: { playlistId: number; file: File }) {
  const body = new FormData();
  body.append('file', file);
  return (await api.call(library.setPlaylistImage, { params: { id: playlistId }, body })).playlist;
}

export async function removePlaylistImage(playlistId: number): Promise<Playlist | null> {
  return (await api.call(library.removePlaylistImage, { params: { id: playlistId } })).playlist;
}

function useStore() {
  const queryClient = useQueryClient();
  return (playlistId: number, playlist: Playlist | null) => {
    if (playlist) queryClient.setQueryData(playlistKey(playlistId), playlist);
    else void queryClient.invalidateQueries({ queryKey: playlistKey(playlistId) });
    void queryClient.invalidateQueries({ queryKey: MY_PLAYLISTS_QUERY_KEY });
  };
}

export function useUploadPlaylistImage() {
  const store = useStore();
  return useMutation({
    mutationFn: uploadPlaylistImage,
    meta: { handlesErrors: true },
    onSuccess: (playlist, { playlistId }) => store(playlistId, playlist),
  });
}

export function useRemovePlaylistImage() {
  const store = useStore();
  return useMutation({
    mutationFn: removePlaylistImage,
    onSuccess: (playlist, playlistId) => store(playlistId, playlist),
  });
}
