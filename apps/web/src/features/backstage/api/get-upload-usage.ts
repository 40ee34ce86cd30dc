import { queryOptions, useQuery } from '@tanstack/react-query';
import { uploads } from '@zema/contracts/uploads/uploads.operations';
import { api } from '#src/lib/api-client';
import { backstageKeys } from './keys';

/** GET uploads/usage: the caller's storage use and quota (their plan can raise it). */
export async function getUploadUsage(signal?: AbortSignal) {
  return api.call(uploads.usage, { signal });
}

export const uploadUsageQueryOptions = () =>
  queryOptions({
    queryKey: [...backstageKeys.all, 'upload-usage'] as const,
    queryFn: ({ signal }) => getUploadUsage(signal),
  });

export function useUploadUsage() {
  return useQuery(uploadUsageQueryOptions());
}
