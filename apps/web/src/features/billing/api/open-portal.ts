import { useMutation } from '@tanstack/react-query';
import { billing } from '@zema/contracts/billing/billing.operations';
import { api } from '#src/lib/api-client';

/** POST billing/portal → Stripe's customer portal (change the card, see Stripe's receipts). */
export async function openPortal(): Promise<string> {
  return (await api.call(billing.portal)).url;
}

export function useOpenPortal() {
  return useMutation({ mutationFn: openPortal });
}
