import { queryOptions, useQuery } from '@tanstack/react-query';
import { logs } from '@zema/contracts/system/logs.operations';
import { api } from '#src/lib/api-client';
import { systemKeys } from './system-keys';

/** GET admin/error-log/days: the days that have a log, newest first (the day filter's choices). */
export const errorLogDaysQueryOptions = () =>
  queryOptions({
    queryKey: systemKeys.errorDays(),
    queryFn: async ({ signal }) => (await api.call(logs.errorDays, { signal })).days,
  });

export function useErrorLogDays() {
  return useQuery(errorLogDaysQueryOptions());
}
