import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPlan, UpsertPlanRequest } from '@zema/contracts/admin';
import { billingAdmin } from '@zema/contracts/billing/billing-admin.operations';
import { api } from '#src/lib/api-client';
import { billingAdminKeys } from './billing-admin-keys';

/** POST admin/billing/plans (new) or PUT admin/billing/plans/:id: the plan editor's one save. */
export async function savePlan({ id, body }: { id: number | null; body: UpsertPlanRequest }) {
  if (id === null) return (await api.call(billingAdmin.createPlan, { body })).plan;
  return (await api.call(billingAdmin.updatePlan, { params: { id: String(id) }, body })).plan;
}

export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePlan,
    meta: { handlesErrors: true },
    onSuccess: (plan: AdminPlan) => {
      queryClient.setQueryData(billingAdminKeys.plan(plan.id), plan);
      return queryClient.invalidateQueries({ queryKey: billingAdminKeys.plans() });
    },
  });
}
