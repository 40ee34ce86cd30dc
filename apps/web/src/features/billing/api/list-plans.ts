import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingAdmin } from '@zema/contracts/billing/billing-admin.operations';
import { api } from '#src/lib/api-client';
import { billingAdminKeys } from './billing-admin-keys';

/** GET admin/billing/plans: every plan with all its prices (archived too) and permissions. */
export const plansQueryOptions = () =>
  queryOptions({
    queryKey: billingAdminKeys.plans(),
    queryFn: async ({ signal }) => (await api.call(billingAdmin.plans, { signal })).plans,
  });

export function useAdminPlans() {
  return useQuery(plansQueryOptions());
}
