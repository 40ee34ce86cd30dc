import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PriceRequest } from '@zema/contracts/admin';
import { billingAdmin } from '@zema/contracts/billing/billing-admin.operations';
import { api } from '#src/lib/api-client';
import { billingAdminKeys } from './billing-admin-keys';

export type PriceChangeInput =
  | { kind: 'add'; planId: number; body: PriceRequest }
  | { kind: 'update'; planId: number; priceId: number; body: PriceRequest }
  | { kind: 'archive'; planId: number; priceId: number };

/**
 * POST/PUT/DELETE admin/billing/plans/:id/prices[/:priceId]: add, change (a bought price is
 * replaced, the answer says so) or stop selling a price.
 */
export async function changePrice(input: PriceChangeInput) {
  const id = String(input.planId);
  if (input.kind === 'add') return api.call(billingAdmin.addPrice, { params: { id }, body: input.body });
  const params = { id, priceId: String(input.priceId) };
  if (input.kind === 'update') return api.call(billingAdmin.updatePrice, { params, body: input.body });
  return api.call(billingAdmin.archivePrice, { params });
}

export function useChangePrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePrice,
    meta: { handlesErrors: true },
    onSuccess: ({ plan }) => {
      queryClient.setQueryData(billingAdminKeys.plan(plan.id), plan);
      return queryClient.invalidateQueries({ queryKey: billingAdminKeys.plans() });
    },
  });
}
