import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersAdmin } from '@zema/contracts/users/users.operations';
import { api } from '#src/lib/api-client';
import { usersKeys } from './users-keys';

/** POST admin/users/assign-role {ids, role}: a bulk action of the users table. */
export async function assignRole(body: { ids: number[]; role: number }) {
  return api.call(usersAdmin.assignRole, { body });
}

export function useAssignRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
