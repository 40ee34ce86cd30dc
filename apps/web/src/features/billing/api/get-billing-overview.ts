import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingOverview } from '@zema/contracts';
import { billing } from '@zema/contracts/billing/billing.operations';
import { api } from '#src/lib/api-client';
import { billingKeys } from './keys';

/** GET billing/me → the plan in force (status, period, payment method) and every invoice, newest first. */
export async function fetchBillingOverview(signal?: AbortSignal): Promise<BillingOverview> {
  return api.call(billing.overview, { signal });
}

export const billingOverviewQueryOptions = () =>
  queryOptions({
    queryKey: billingKeys.overview(),
    queryFn: ({ signal }) => fetchBillingOverview(signal),
    meta: { handlesErrors: true },
  });

export function useBillingOverview() {
  return useQuery(billingOverviewQueryOptions());
}
