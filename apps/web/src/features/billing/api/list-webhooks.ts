import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { billingAdmin } from '@zema/contracts/billing/billing-admin.operations';
import { api } from '#src/lib/api-client';
import { billingAdminKeys } from './billing-admin-keys';

/** GET admin/billing/webhooks: the events as received. */
export const webhooksQueryOptions = (query: Record<string, string>) =>
  queryOptions({
    queryKey: billingAdminKeys.webhookList(query),
    queryFn: ({ signal }) => api.call(billingAdmin.webhooks, { query, signal }),
    placeholderData: keepPreviousData,
  });

export function useAdminWebhooks(query: Record<string, string>) {
  return useQuery(webhooksQueryOptions(query));
}
