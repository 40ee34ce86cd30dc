import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpsertRoleRequest } from '@zema/contracts/admin';
import { rolesAdmin } from '@zema/contracts/users/roles.operations';
import { api } from '#src/lib/api-client';
import { rolesKeys } from './list-roles';

/** POST admin/roles (new) or PUT admin/roles/:id (edit): the role editor's one save. */
export async function saveRole({ id, body }: { id: number | null; body: UpsertRoleRequest }) {
  if (id === null) return (await api.call(rolesAdmin.create, { body })).role;
  return (await api.call(rolesAdmin.update, { params: { id: String(id) }, body })).role;
}

export function useSaveRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRole,
    meta: { handlesErrors: true },
    onSuccess: (role) => {
      queryClient.setQueryData(rolesKeys.detail(role.id), role);
      return queryClient.invalidateQueries({ queryKey: rolesKeys.lists() });
    },
  });
}
