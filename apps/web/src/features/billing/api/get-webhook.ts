import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingAdmin } from '@zema/contracts/billing/billing-admin.operations';
import { api } from '#src/lib/api-client';
import { billingAdminKeys } from './billing-admin-keys';

/** GET admin/billing/webhooks/:id: one event with its raw body. */
export const webhookQueryOptions = (id: number) =>
  queryOptions({
    queryKey: billingAdminKeys.webhook(id),
    queryFn: async ({ signal }) =>
      (await api.call(billingAdmin.webhook, { params: { id: String(id) }, signal })).event,
  });

export function useAdminWebhook(id: number | null) {
  return useQuery({ ...webhookQueryOptions(id ?? 0), enabled: id !== null });
}
