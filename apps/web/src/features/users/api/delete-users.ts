import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersAdmin } from '@zema/contracts/users/users.operations';
import { api } from '#src/lib/api-client';
import { usersKeys } from './users-keys';

/** POST admin/users/bulk-delete {ids} (one user or the selected rows). */
export async function deleteUsers(ids: number[]) {
  return api.call(usersAdmin.bulkDelete, { body: { ids } });
}

export function useDeleteUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUsers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
