import { useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogueAdmin } from '@zema/contracts/catalogue/catalogue-admin.operations';
import { api } from '#src/lib/api-client';
import { catalogueAdminKeys } from './admin-keys';

/** POST genres (new) or PUT genres/:id (edit): the genre dialog's one save. */
export async function saveGenre({
  id,
  body,
}: {
  id: number | null;
  body: { name: string; display_name?: string; image?: string | null };
}) {
  if (id === null) return (await api.call(catalogueAdmin.createGenre, { body })).genre;
  return (await api.call(catalogueAdmin.updateGenre, { params: { id: String(id) }, body })).genre;
}

export function useSaveGenre() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGenre,
    meta: { handlesErrors: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogueAdminKeys.all }),
        queryClient.invalidateQueries({ queryKey: catalogueAdminKeys.listener }),
      ]),
  });
}
