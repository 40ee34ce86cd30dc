import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpsertChannelRequest } from '@zema/contracts';
import { catalogueAdmin } from '@zema/contracts/catalogue/catalogue-admin.operations';
import { api } from '#src/lib/api-client';
import { catalogueAdminKeys } from './admin-keys';

/** POST channels (new) or PUT channels/:id (edit): the channel form's one save. */
export async function saveChannel({ id, body }: { id: number | null; body: UpsertChannelRequest }) {
  if (id === null) return (await api.call(catalogueAdmin.createChannel, { body })).channel;
  return (await api.call(catalogueAdmin.updateChannel, { params: { id: String(id) }, body })).channel;
}

export function useSaveChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveChannel,
    meta: { handlesErrors: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogueAdminKeys.all }),
        queryClient.invalidateQueries({ queryKey: catalogueAdminKeys.listener }),
      ]),
  });
}
