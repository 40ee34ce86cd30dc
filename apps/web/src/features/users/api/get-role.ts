import { queryOptions, useQuery } from '@tanstack/react-query';
import { rolesAdmin } from '@zema/contracts/users/roles.operations';
import { api } from '#src/lib/api-client';
import { rolesKeys } from './list-roles';

/** GET admin/roles/:id: a role with its permissions. */
export const roleQueryOptions = (id: number) =>
  queryOptions({
    queryKey: rolesKeys.detail(id),
    queryFn: async ({ signal }) =>
      (await api.call(rolesAdmin.get, { params: { id: String(id) }, signal })).role,
  });

export function useRole(id: number | null) {
  return useQuery({ ...roleQueryOptions(id ?? 0), enabled: id !== null });
}
