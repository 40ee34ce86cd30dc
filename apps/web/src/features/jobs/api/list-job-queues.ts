import { queryOptions, useQuery } from '@tanstack/react-query';
import { jobs } from '@zema/contracts/jobs/jobs.operations';
import { api } from '#src/lib/api-client';
import { jobsKeys } from './jobs-keys';

/** GET admin/jobs → {engine, queues}: every queue and periodic task with its counts. */
export const jobQueuesQueryOptions = () =>
  queryOptions({
    queryKey: jobsKeys.queues(),
    queryFn: ({ signal }) => api.call(jobs.listQueues, { signal }),
    // The page shows its own error state with Try again.
    meta: { handlesErrors: true },
  });

export function useJobQueues() {
  return useQuery(jobQueuesQueryOptions());
}
