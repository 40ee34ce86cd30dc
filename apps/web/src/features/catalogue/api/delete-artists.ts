import { useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogueManager } from '@zema/contracts/catalogue/catalogue-manager.operations';
import { api } from '#src/lib/api-client';
import { catalogueAdminKeys } from './admin-keys';

/** POST admin/artists/bulk-delete {ids} (one row or the selected rows). */
export async function deleteArtists(ids: number[]) {
  return api.call(catalogueManager.deleteArtists, { body: { ids } });
}

export function useDeleteArtists() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteArtists,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogueAdminKeys.all }),
        queryClient.invalidateQueries({ queryKey: catalogueAdminKeys.listener }),
      ]),
  });
}
