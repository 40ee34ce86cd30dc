/** Query keys of the admin's users (one factory; invalidations reuse them). */
export const usersKeys = {
  all: ['admin-users'] as const,
  lists: () => [...usersKeys.all, 'list'] as const,
  list: (query: Record<string, string>) => [...usersKeys.lists(), query] as const,
  detail: (id: number) => [...usersKeys.all, 'detail', id] as const,
};
