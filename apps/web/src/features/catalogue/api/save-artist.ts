import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpsertArtistRequest } from '@zema/contracts';
import { catalogueAdmin } from '@zema/contracts/catalogue/catalogue-admin.operations';
import { api } from '#src/lib/api-client';
import { catalogueAdminKeys } from './admin-keys';

/** POST artists (new) or PUT artists/:id (edit): the artist form's one save. */
export async function saveArtist({ id, body }: { id: number | null; body: UpsertArtistRequest }) {
  if (id === null) return (await api.call(catalogueAdmin.createArtist, { body })).artist;
  return (await api.call(catalogueAdmin.updateArtist, { params: { id: String(id) }, body })).artist;
}

export function useSaveArtist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveArtist,
    meta: { handlesErrors: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogueAdminKeys.all }),
        queryClient.invalidateQueries({ queryKey: catalogueAdminKeys.listener }),
      ]),
  });
}
