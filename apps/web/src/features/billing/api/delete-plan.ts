import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingAdmin } from '@zema/contracts/billing/billing-admin.operations';
import { api } from '#src/lib/api-client';
import { billingAdminKeys } from './billing-admin-keys';

/** DELETE admin/billing/plans/:id (only a plan nobody bought). */
export function useDeletePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(billingAdmin.deletePlan, { params: { id: String(id) } }),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingAdminKeys.plans() }),
  });
}
