import { useQuery } from '@tanstack/react-query';
import type { Payment } from '@zema/contracts';
import { billing } from '@zema/contracts/billing/billing.operations';
import { api } from '#src/lib/api-client';
import { billingKeys } from './keys';

/** GET billing/payments/{txRef}: the server verifies a pending payment with its gateway first. */
export async function fetchPayment(txRef: string, signal?: AbortSignal): Promise<Payment> {
  return (await api.call(billing.payment, { params: { txRef }, signal })).payment;
}

/** The first checks come quickly, then further apart: 2 s, 3 s, 4.5 s … up to 30 s. */
export function pendingPollDelay(attempt: number): number {
  return Math.min(30_000, Math.round(2_000 * 1.5 ** attempt));
}

/**
 * One payment, asked again with a growing delay while it is still pending (a bank can take a
 * while); `attempt` is how many answers came back pending so far.
 */
export function usePayment(txRef: string | null) {
  return useQuery({
    queryKey: billingKeys.payment(txRef ?? ''),
    queryFn: ({ signal }) => fetchPayment(txRef ?? '', signal),
    enabled: !!txRef,
    meta: { handlesErrors: true },
    retry: false,
    refetchOnWindowFocus: (query) => query.state.data?.status === 'pending',
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' ? pendingPollDelay(query.state.dataUpdateCount - 1) : false,
  });
}
