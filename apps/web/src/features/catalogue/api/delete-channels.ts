import { useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogueManager } from '@zema/contracts/catalogue/catalogue-manager.operations';
import { api } from '#src/lib/api-client';
import { catalogueAdminKeys } from './admin-keys';

/** POST admin/channels/bulk-delete {ids} (one row or the selected rows). */
export async function deleteChannels(ids: number[]) {
  return api.call(catalogueManager.deleteChannels, { body: { ids } });
}

export function useDeleteChannels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChannels,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogueAdminKeys.all }),
        queryClient.invalidateQueries({ queryKey: catalogueAdminKeys.listener }),
      ]),
  });
}
