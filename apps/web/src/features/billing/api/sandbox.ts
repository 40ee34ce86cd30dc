import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SandboxOutcome } from '@zema/contracts';
import { billing } from '@zema/contracts/billing/billing.operations';
import { api } from '#src/lib/api-client';
import { billingKeys } from './keys';

/** GET billing/sandbox/{txRef}: the test-mode charge of one of the caller's payments. */
export function useSandboxCharge(txRef: string) {
  return useQuery({
    queryKey: billingKeys.sandboxCharge(txRef),
    queryFn: async ({ signal }) =>
      (await api.call(billing.sandboxCharge, { params: { txRef }, signal })).charge,
    meta: { handlesErrors: true },
    retry: false,
  });
}

/** POST billing/sandbox/{txRef} {outcome}: the buyer decides what the test payment does. */
export function useSandboxDecide(txRef: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (outcome: SandboxOutcome) =>
      (await api.call(billing.sandboxDecide, { params: { txRef }, body: { outcome } })).charge,
    meta: { handlesErrors: true },
    onSuccess: (charge) => {
      queryClient.setQueryData(billingKeys.sandboxCharge(txRef), charge);
      void queryClient.invalidateQueries({ queryKey: billingKeys.payment(txRef) });
    },
  });
}
