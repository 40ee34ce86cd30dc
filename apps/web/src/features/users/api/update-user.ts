import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserRequest } from '@zema/contracts/admin';
import { usersAdmin } from '@zema/contracts/users/users.operations';
import { api } from '#src/lib/api-client';
import { usersKeys } from './users-keys';

/** PUT admin/users/:id: details, roles and direct permissions (only the sent fields change). */
export async function updateUser({ id, body }: { id: number; body: UpdateUserRequest }) {
  return (await api.call(usersAdmin.update, { params: { id: String(id) }, body })).user;
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    meta: { handlesErrors: true },
    onSuccess: (user) => {
      queryClient.setQueryData(usersKeys.detail(user.id), user);
      return queryClient.invalidateQueries({ queryKey: usersKeys.lists() });
    },
  });
}
