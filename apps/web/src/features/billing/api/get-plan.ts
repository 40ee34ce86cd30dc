import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingAdmin } from '@zema/contracts/billing/billing-admin.operations';
import { api } from '#src/lib/api-client';
import { billingAdminKeys } from './billing-admin-keys';

/** GET admin/billing/plans/:id. */
export const planQueryOptions = (id: number) =>
  queryOptions({
    queryKey: billingAdminKeys.plan(id),
    queryFn: async ({ signal }) =>
      (await api.call(billingAdmin.plan, { params: { id: String(id) }, signal })).plan,
  });

export function useAdminPlan(id: number | null) {
  return useQuery({ ...planQueryOptions(id ?? 0), enabled: id !== null });
}
