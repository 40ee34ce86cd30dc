import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workspaces } from '@zema/contracts/workspaces/workspaces.operations';
import { api } from '#src/lib/api-client';
import { invalidateCatalogue } from './share-artist';

/** DELETE workspaces/{id}/artists/{artistId}: stop sharing an artist with the workspace. */
export async function unshareArtist({ id, artistId }: { id: number; artistId: number }) {
  return api.call(workspaces.unshareArtist, { params: { id, artistId } });
}

export function useUnshareArtist(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (artistId: number) => unshareArtist({ id, artistId }),
    onSettled: () => invalidateCatalogue(client, id),
  });
}
