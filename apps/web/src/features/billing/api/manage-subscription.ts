import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GrantSubscriptionRequest } from '@zema/contracts/admin';
import { billingAdmin } from '@zema/contracts/billing/billing-admin.operations';
import { api } from '#src/lib/api-client';
import { billingAdminKeys } from './billing-admin-keys';

export type SubscriptionAction =
  | { kind: 'grant'; body: GrantSubscriptionRequest }
  | { kind: 'extend'; id: number; days: number }
  | { kind: 'cancel'; id: number; atPeriodEnd: boolean };

/** POST admin/billing/subscriptions (grant), …/:id/extend and …/:id/cancel. */
export async function manageSubscription(action: SubscriptionAction) {
  if (action.kind === 'grant')
    return (await api.call(billingAdmin.grant, { body: action.body })).subscription;
  const params = { id: String(action.id) };
  if (action.kind === 'extend')
    return (await api.call(billingAdmin.extend, { params, body: { days: action.days } })).subscription;
  return (await api.call(billingAdmin.cancel, { params, body: { at_period_end: action.atPeriodEnd } }))
    .subscription;
}

export function useManageSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: manageSubscription,
    meta: { handlesErrors: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: billingAdminKeys.subscriptions() }),
        queryClient.invalidateQueries({ queryKey: billingAdminKeys.plans() }),
      ]),
  });
}
