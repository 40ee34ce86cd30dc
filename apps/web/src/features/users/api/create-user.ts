import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserRequest } from '@zema/contracts/admin';
import { usersAdmin } from '@zema/contracts/users/users.operations';
import { api } from '#src/lib/api-client';
import { usersKeys } from './users-keys';

/** POST admin/users: with a password, or an invitation mail to choose one. */
export async function createUser(body: Partial<CreateUserRequest> & { email: string }) {
  return (await api.call(usersAdmin.create, { body })).user;
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.lists() }),
  });
}
