import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Playlist } from '@zema/contracts';
import { library } from '@zema/contracts/library/library.operations';
import { api } from '#src/lib/api-client';
import { MY_PLAYLISTS_QUERY_KEY } from './use-playlists';

export interface PlaylistFields {
  name: string;
  description?: string | null;
  public?: boolean;
  collaborative?: boolean;
}

/** POST playlists {name, description?, public?, collaborative?} → {playlist}. */
export async function createPlaylist(fields: PlaylistFields): Promise<Playlist> {
  return (await api.call(library.createPlaylist, { body: fields })).playlist;
}

export function useCreatePlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPlaylist,
    // The dialog places field errors itself.
    meta: { handlesErrors: true },
    onSuccess: (playlist) => {
      queryClient.setQueryData<Playlist[]>(MY_PLAYLISTS_QUERY_KEY, (old) => (old ? [playlist, ...old] : old));
      void queryClient.invalidateQueries({ queryKey: MY_PLAYLISTS_QUERY_KEY });
    },
  });
}
