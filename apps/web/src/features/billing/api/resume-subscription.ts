import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionView } from '@zema/contracts';
import { billing } from '@zema/contracts/billing/billing.operations';
import { api } from '#src/lib/api-client';
import { billingKeys } from './keys';

/** POST billing/subscription/resume → the plan, renewing again (a cancellation undone while valid). */
export async function resumeSubscription(): Promise<SubscriptionView> {
  return (await api.call(billing.resume)).subscription;
}

export function useResumeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeSubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.overview() }),
  });
}
