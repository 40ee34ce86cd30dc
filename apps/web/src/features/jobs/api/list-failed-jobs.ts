import { queryOptions, useQuery } from '@tanstack/react-query';
import { jobs } from '@zema/contracts/jobs/jobs.operations';
import { api } from '#src/lib/api-client';
import { jobsKeys } from './jobs-keys';

/** GET admin/jobs/:queue/failed → {data}: the queue's newest failed jobs with their errors. */
export const failedJobsQueryOptions = (queue: string) =>
  queryOptions({
    queryKey: jobsKeys.failed(queue),
    queryFn: async ({ signal }) => (await api.call(jobs.listFailed, { params: { queue }, signal })).data,
    // The page shows its own error state (an unknown queue in the address among them).
    meta: { handlesErrors: true },
  });

export function useFailedJobs(queue: string | null) {
  return useQuery({ ...failedJobsQueryOptions(queue ?? ''), enabled: queue !== null });
}
