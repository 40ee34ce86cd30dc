import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { audit } from '@zema/contracts/system/audit.operations';
import { api } from '#src/lib/api-client';

/** GET admin/audit-log with the list contract (actor, action, from, to, query). */
export const auditListQueryOptions = (query: Record<string, string>) =>
  queryOptions({
    queryKey: ['admin-audit', query] as const,
    queryFn: ({ signal }) => api.call(audit.list, { query, signal }),
    placeholderData: keepPreviousData,
  });

export function useAuditList(query: Record<string, string>) {
  return useQuery(auditListQueryOptions(query));
}
