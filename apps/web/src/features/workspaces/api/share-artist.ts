import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workspaces } from '@zema/contracts/workspaces/workspaces.operations';
import { api } from '#src/lib/api-client';
import { workspaceKeys } from './keys';

/** POST workspaces/{id}/artists {artist_id}: share an artist the caller manages. */
export async function shareArtist({ id, artistId }: { id: number; artistId: number }) {
  return api.call(workspaces.shareArtist, { params: { id }, body: { artist_id: artistId } });
}

/** What a workspace's backstage shows changed: its artists, and the backstage's own queries. */
function invalidateCatalogue(client: ReturnType<typeof useQueryClient>, id: number) {
  void client.invalidateQueries({ queryKey: workspaceKeys.artists(id) });
  void client.invalidateQueries({ queryKey: ['backstage'] });
}

export function useShareArtist(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (artistId: number) => shareArtist({ id, artistId }),
    onSettled: () => invalidateCatalogue(client, id),
  });
}

export { invalidateCatalogue };
