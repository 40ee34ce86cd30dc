/** Query keys of the backstage's releases: one factory, so writes invalidate what reads cached. */
export const releaseKeys = {
  all: ['backstage', 'releases'] as const,
  list: (page: number, status?: string) => ['backstage', 'releases', 'list', page, status ?? 'all'] as const,
  one: (id: number) => ['backstage', 'releases', 'one', id] as const,
};
