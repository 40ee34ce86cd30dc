import { queryOptions, useQuery } from '@tanstack/react-query';
import { usersAdmin } from '@zema/contracts/users/users.operations';
import { api } from '#src/lib/api-client';
import { usersKeys } from './users-keys';

/** GET admin/users/:id: details, roles, permissions, sessions, tokens, recent plays. */
export const adminUserQueryOptions = (id: number) =>
  queryOptions({
    queryKey: usersKeys.detail(id),
    queryFn: async ({ signal }) =>
      (await api.call(usersAdmin.get, { params: { id: String(id) }, signal })).user,
  });

export function useAdminUser(id: number) {
  return useQuery(adminUserQueryOptions(id));
}
