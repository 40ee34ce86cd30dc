import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionView } from '@zema/contracts';
import { billing } from '@zema/contracts/billing/billing.operations';
import { api } from '#src/lib/api-client';
import { billingKeys } from './keys';

/** POST billing/subscription/cancel → the plan, cancelled at the end of its paid period. */
export async function cancelSubscription(): Promise<SubscriptionView> {
  return (await api.call(billing.cancel)).subscription;
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.overview() }),
  });
}
