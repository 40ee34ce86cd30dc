import { useMutation } from '@tanstack/react-query';
import type { CheckoutRequest } from '@zema/contracts';
import { billing } from '@zema/contracts/billing/billing.operations';
import { api } from '#src/lib/api-client';

/**
 * POST billing/checkout {price_id, idempotency_key} → the payment and where to send the browser.
 * The same key answers the same payment, so a double submit never pays twice.
 */
export async function startCheckout(body: CheckoutRequest) {
  return api.call(billing.checkout, { body });
}

export function useStartCheckout() {
  return useMutation({ mutationFn: startCheckout, meta: { handlesErrors: true } });
}
