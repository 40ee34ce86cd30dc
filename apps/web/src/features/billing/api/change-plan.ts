import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { billing } from '@zema/contracts/billing/billing.operations';
import { api } from '#src/lib/api-client';

type Target = { productId: number; priceId: number };

/** Query keys of plan changes; everything billing starts with `['billing']` (a change refreshes it). */
export const changePlanKeys = {
  billing: ['billing'] as const,
  quote: (t: Target) => ['billing', 'change-plan', t.productId, t.priceId] as const,
};

/** GET billing/change-plan/{productId}/{priceId}: what changing to this price would do. */
export async function getChangePlanQuote(t: Target, signal?: AbortSignal) {
  return (await api.call(billing.changePlanQuote, { params: t, signal })).quote;
}

export const changePlanQuoteOptions = (t: Target) =>
  queryOptions({
    queryKey: changePlanKeys.quote(t),
    queryFn: ({ signal }) => getChangePlanQuote(t, signal),
    meta: { handlesErrors: true },
  });

export function useChangePlanQuote(t: Target, enabled = true) {
  return useQuery({ ...changePlanQuoteOptions(t), enabled });
}

/** POST billing/change-plan/{productId}/{priceId} {idempotency_key}: do it. */
export async function changePlan(t: Target, idempotencyKey: string) {
  return api.call(billing.changePlan, { params: t, body: { idempotency_key: idempotencyKey } });
}

export function useChangePlan(t: Target) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (idempotencyKey: string) => changePlan(t, idempotencyKey),
    onSuccess: () => client.invalidateQueries({ queryKey: changePlanKeys.billing }),
  });
}
