import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { logs } from '@zema/contracts/system/logs.operations';
import { api } from '#src/lib/api-client';
import { systemKeys } from './system-keys';

/** GET admin/mail-log with the list contract (status, query; sort by time, recipient, subject). */
export const mailLogQueryOptions = (query: Record<string, string>) =>
  queryOptions({
    queryKey: systemKeys.mail(query),
    queryFn: ({ signal }) => api.call(logs.listMail, { query, signal }),
    placeholderData: keepPreviousData,
  });

export function useMailLog(query: Record<string, string>) {
  return useQuery(mailLogQueryOptions(query));
}
