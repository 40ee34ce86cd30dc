import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { logs } from '@zema/contracts/system/logs.operations';
import { api } from '#src/lib/api-client';
import { systemKeys } from './system-keys';

/** GET admin/error-log with the list contract (level, day, query; sort by time). */
export const errorLogQueryOptions = (query: Record<string, string>) =>
  queryOptions({
    queryKey: systemKeys.errors(query),
    queryFn: ({ signal }) => api.call(logs.listErrors, { query, signal }),
    placeholderData: keepPreviousData,
  });

export function useErrorLog(query: Record<string, string>) {
  return useQuery(errorLogQueryOptions(query));
}
