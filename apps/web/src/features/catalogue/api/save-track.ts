import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpsertTrackRequest } from '@zema/contracts';
import { catalogueAdmin } from '@zema/contracts/catalogue/catalogue-admin.operations';
import { api } from '#src/lib/api-client';
import { catalogueAdminKeys } from './admin-keys';

/** POST tracks (new) or PUT tracks/:id (edit): the track form's one save. */
export async function saveTrack({ id, body }: { id: number | null; body: UpsertTrackRequest }) {
  if (id === null) return (await api.call(catalogueAdmin.createTrack, { body })).track;
  return (await api.call(catalogueAdmin.updateTrack, { params: { id: String(id) }, body })).track;
}

export function useSaveTrack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTrack,
    meta: { handlesErrors: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogueAdminKeys.all }),
        queryClient.invalidateQueries({ queryKey: catalogueAdminKeys.listener }),
      ]),
  });
}
