import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { billingAdmin } from '@zema/contracts/billing/billing-admin.operations';
import { api } from '#src/lib/api-client';
import { billingAdminKeys } from './billing-admin-keys';

/** GET admin/billing/subscriptions: searched by user, filtered by plan, status and gateway. */
export const subscriptionsQueryOptions = (query: Record<string, string>) =>
  queryOptions({
    queryKey: billingAdminKeys.subscriptionList(query),
    queryFn: ({ signal }) => api.call(billingAdmin.subscriptions, { query, signal }),
    placeholderData: keepPreviousData,
  });

export function useAdminSubscriptions(query: Record<string, string>) {
  return useQuery(subscriptionsQueryOptions(query));
}
