import { useMutation, useQueryClient } from '@tanstack/react-query';
import { jobs } from '@zema/contracts/jobs/jobs.operations';
import { api } from '#src/lib/api-client';
import { jobsKeys } from './jobs-keys';

export type RetryFailedJob = { queue: string; id: string };

/** POST admin/jobs/:queue/failed/:id/retry → {message}: the job goes back in its queue. */
export async function retryFailedJob({ queue, id }: RetryFailedJob): Promise<string> {
  return (await api.call(jobs.retryFailed, { params: { queue, id } })).message;
}

export function useRetryFailedJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryFailedJob,
    // The counts and the failed list change with it (the job may even have run already). Not
    // awaited: the caller's onSuccess runs while its row, which the refresh removes, is still there.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: jobsKeys.all });
    },
  });
}
