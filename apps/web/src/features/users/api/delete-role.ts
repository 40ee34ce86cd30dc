import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rolesAdmin } from '@zema/contracts/users/roles.operations';
import { api } from '#src/lib/api-client';
import { rolesKeys } from './list-roles';

/** DELETE admin/roles/:id (not the guest, default or admin role). */
export async function deleteRole(id: number) {
  return api.call(rolesAdmin.delete, { params: { id: String(id) } });
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rolesKeys.all }),
  });
}
