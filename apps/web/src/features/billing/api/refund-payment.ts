import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefundPaymentRequest } from '@zema/contracts/admin';
import { billingAdmin } from '@zema/contracts/billing/billing-admin.operations';
import { api } from '#src/lib/api-client';
import { billingAdminKeys } from './billing-admin-keys';

/** POST admin/billing/payments/{id}/refund → the payment with what is refunded of it now. */
export async function refundPayment(input: { id: number; body: RefundPaymentRequest }) {
  return (await api.call(billingAdmin.refundPayment, { params: { id: String(input.id) }, body: input.body }))
    .payment;
}

export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundPayment,
    meta: { handlesErrors: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: billingAdminKeys.paymentLists() }),
        // Ending the plan with the refund changes the subscriptions list too.
        queryClient.invalidateQueries({ queryKey: billingAdminKeys.subscriptions() }),
      ]),
  });
}
