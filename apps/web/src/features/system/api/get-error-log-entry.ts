import { queryOptions, useQuery } from '@tanstack/react-query';
import { logs } from '@zema/contracts/system/logs.operations';
import { api } from '#src/lib/api-client';
import { systemKeys } from './system-keys';

/** GET admin/error-log/:id: one logged error with its frames and code snippets. */
export const errorLogEntryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: systemKeys.error(id),
    queryFn: ({ signal }) => api.call(logs.getError, { params: { id }, signal }),
    // A logged line never changes.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useErrorLogEntry(id: string | null) {
  return useQuery({ ...errorLogEntryQueryOptions(id ?? ''), enabled: id !== null });
}
