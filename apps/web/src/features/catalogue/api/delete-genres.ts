import { useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogueManager } from '@zema/contracts/catalogue/catalogue-manager.operations';
import { api } from '#src/lib/api-client';
import { catalogueAdminKeys } from './admin-keys';

/** POST admin/genres/bulk-delete {ids} (one row or the selected rows). */
export async function deleteGenres(ids: number[]) {
  return api.call(catalogueManager.deleteGenres, { body: { ids } });
}

export function useDeleteGenres() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGenres,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogueAdminKeys.all }),
        queryClient.invalidateQueries({ queryKey: catalogueAdminKeys.listener }),
      ]),
  });
}
