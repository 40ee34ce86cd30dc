import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { analytics } from '@zema/contracts/system/analytics.operations';
import { api } from '#src/lib/api-client';

type AnalyticsQuery = { range: string; timezone: string; from?: string; to?: string };

/** GET admin/analytics: the whole dashboard for a range in the admin's time zone. */
export const analyticsQueryOptions = (query: AnalyticsQuery) =>
  queryOptions({
    queryKey: ['admin-analytics', query] as const,
    queryFn: ({ signal }) => api.call(analytics.dashboard, { query, signal }),
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });

export function useAnalytics(query: AnalyticsQuery) {
  return useQuery(analyticsQueryOptions(query));
}
