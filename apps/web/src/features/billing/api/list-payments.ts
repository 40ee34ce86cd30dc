import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { billingAdmin } from '@zema/contracts/billing/billing-admin.operations';
import { api } from '#src/lib/api-client';
import { billingAdminKeys } from './billing-admin-keys';

/** GET admin/billing/payments. */
export const paymentsQueryOptions = (query: Record<string, string>) =>
  queryOptions({
    queryKey: billingAdminKeys.payments(query),
    queryFn: ({ signal }) => api.call(billingAdmin.payments, { query, signal }),
    placeholderData: keepPreviousData,
  });

export function useAdminPayments(query: Record<string, string>) {
  return useQuery(paymentsQueryOptions(query));
}
