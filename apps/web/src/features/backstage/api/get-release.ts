import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReleaseDraft } from '@zema/contracts';
import { backstageReleases } from '@zema/contracts/operations/backstage-releases';
import { api } from '#src/lib/api-client';
import { backstageKeys } from './keys';

/** While a track is being analysed its progress is read again this often. */
export const ANALYSIS_POLL_MS = 1000;

export const analysing = (release: ReleaseDraft | undefined) =>
  !!release?.tracks.some((t) => t.status === 'queued' || t.status === 'processing');

/** GET backstage/releases/{id}: the draft with its tracks and their analysis progress. */
export const releaseQueryOptions = (id: number) =>
  queryOptions({
    queryKey: backstageKeys.release(id),
    queryFn: async () => (await api.call(backstageReleases.get, { params: { id } })).release,
    // Analysis runs on the server after each upload answered: follow it until every track is done.
    refetchInterval: (query) => (analysing(query.state.data) ? ANALYSIS_POLL_MS : false),
  });

export function useRelease(id: number) {
  return useQuery(releaseQueryOptions(id));
}
