import { useMutation } from '@tanstack/react-query';
import { billing } from '@zema/contracts/billing/billing.operations';
import { api } from '#src/lib/api-client';

/**
 * POST billing/checkout for the price the user already has: pays the next prepaid period now (the
 * server records it as a renewal). Answers where to send the browser (the gateway's checkout).
 */
export async function renewSubscription(input: { priceId: number; idempotencyKey: string }) {
  return api.call(billing.checkout, {
    body: { price_id: input.priceId, idempotency_key: input.idempotencyKey },
  });
}

export function useRenewSubscription() {
  return useMutation({ mutationFn: renewSubscription });
}
