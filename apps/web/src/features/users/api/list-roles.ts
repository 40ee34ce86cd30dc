import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { rolesAdmin } from '@zema/contracts/users/roles.operations';
import { api } from '#src/lib/api-client';

/** Query keys of the admin's roles (one factory; invalidations reuse them). */
export const rolesKeys = {
  all: ['admin-roles'] as const,
  lists: () => [...rolesKeys.all, 'list'] as const,
  list: (query: Record<string, string>) => [...rolesKeys.lists(), query] as const,
  detail: (id: number) => [...rolesKeys.all, 'detail', id] as const,
};

/**
 * GET admin/roles: the roles page's table, and every role picker of the users pages (filter,
 * assign, edit) — which is why it sits below the features.
 */
export const rolesListQueryOptions = (query: Record<string, string>) =>
  queryOptions({
    queryKey: rolesKeys.list(query),
    queryFn: ({ signal }) => api.call(rolesAdmin.list, { query, signal }),
    placeholderData: keepPreviousData,
  });

export function useRolesList(query: Record<string, string>) {
  return useQuery(rolesListQueryOptions(query));
}

const ALL_ROLES = { perPage: '100', sort: 'name' };

/** Every role that can be given to a user (not the guest role), for pickers. */
export function useAssignableRoles() {
  const result = useQuery(rolesListQueryOptions(ALL_ROLES));
  return { ...result, roles: result.data?.data.filter((r) => !r.guests) ?? [] };
}
