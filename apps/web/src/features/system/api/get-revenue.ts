import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { REVENUE_RANGES } from '@zema/contracts/admin';
import { billingAdmin } from '@zema/contracts/billing/billing-admin.operations';
import { api } from '#src/lib/api-client';

export type RevenueRange = (typeof REVENUE_RANGES)[number];

/** GET admin/billing/revenue: MRR per currency and new, churned and failed renewals per day. */
export const revenueQueryOptions = (days: RevenueRange) =>
  queryOptions({
    queryKey: ['admin-billing', 'revenue', days] as const,
    queryFn: ({ signal }) => api.call(billingAdmin.revenue, { query: { days }, signal }),
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });

export function useRevenue(days: RevenueRange) {
  return useQuery(revenueQueryOptions(days));
}
