import { useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogueManager } from '@zema/contracts/catalogue/catalogue-manager.operations';
import { api } from '#src/lib/api-client';
import { catalogueAdminKeys } from './admin-keys';

/** POST admin/albums/bulk-delete {ids} (one row or the selected rows). */
export async function deleteAlbums(ids: number[]) {
  return api.call(catalogueManager.deleteAlbums, { body: { ids } });
}

export function useDeleteAlbums() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAlbums,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogueAdminKeys.all }),
        queryClient.invalidateQueries({ queryKey: catalogueAdminKeys.listener }),
      ]),
  });
}
