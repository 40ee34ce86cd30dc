import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RELEASE_STATUSES } from '@zema/contracts';
import { backstageReleases } from '@zema/contracts/backstage/backstage-releases.operations';
import { api } from '#src/lib/api-client';
import { backstageKeys } from './keys';

type Status = (typeof RELEASE_STATUSES)[number];

/** GET backstage/releases: the caller's artists' drafts, scheduled and published releases. */
export const releasesQueryOptions = (page: number, status?: Status) =>
  queryOptions({
    queryKey: backstageKeys.releaseList(page, status),
    queryFn: () =>
      api.call(backstageReleases.list, { query: { page, perPage: 20, ...(status ? { status } : {}) } }),
    placeholderData: keepPreviousData,
  });

export function useReleases(page: number, status?: Status) {
  return useQuery(releasesQueryOptions(page, status));
}
