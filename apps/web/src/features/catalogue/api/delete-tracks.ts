import { useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogueManager } from '@zema/contracts/catalogue/catalogue-manager.operations';
import { api } from '#src/lib/api-client';
import { catalogueAdminKeys } from './admin-keys';

/** POST admin/tracks/bulk-delete {ids} (one row or the selected rows). */
export async function deleteTracks(ids: number[]) {
  return api.call(catalogueManager.deleteTracks, { body: { ids } });
}

export function useDeleteTracks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTracks,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogueAdminKeys.all }),
        queryClient.invalidateQueries({ queryKey: catalogueAdminKeys.listener }),
      ]),
  });
}
