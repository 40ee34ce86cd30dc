import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpsertAlbumRequest } from '@zema/contracts';
import { catalogueAdmin } from '@zema/contracts/catalogue/catalogue-admin.operations';
import { api } from '#src/lib/api-client';
import { catalogueAdminKeys } from './admin-keys';

/** POST albums (new) or PUT albums/:id (edit): the album form's one save. */
export async function saveAlbum({ id, body }: { id: number | null; body: UpsertAlbumRequest }) {
  if (id === null) return (await api.call(catalogueAdmin.createAlbum, { body })).album;
  return (await api.call(catalogueAdmin.updateAlbum, { params: { id: String(id) }, body })).album;
}

export function useSaveAlbum() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAlbum,
    meta: { handlesErrors: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogueAdminKeys.all }),
        queryClient.invalidateQueries({ queryKey: catalogueAdminKeys.listener }),
      ]),
  });
}
