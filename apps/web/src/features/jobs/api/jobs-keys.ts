/** Query keys of the admin's jobs page, from one factory; a retry refreshes everything under `all`. */
export const jobsKeys = {
  all: ['admin-jobs'] as const,
  queues: () => [...jobsKeys.all, 'queues'] as const,
  failed: (queue: string) => [...jobsKeys.all, 'failed', queue] as const,
};
