import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@zema/contracts';
import { billing } from '@zema/contracts/billing/billing.operations';
import { api } from '#src/lib/api-client';
import { billingKeys } from './keys';

/** GET billing/products → `pagination.data` (SPEC §7): the plans on sale, in display order. */
export async function fetchProducts(signal?: AbortSignal) {
  return api.call(billing.products, { query: {}, signal });
}

export const productsQueryOptions = () =>
  queryOptions({
    queryKey: billingKeys.products(),
    queryFn: ({ signal }) => fetchProducts(signal),
    staleTime: 5 * 60_000,
  });

const plansOf = (answer: Awaited<ReturnType<typeof fetchProducts>>): Product[] => answer.pagination.data;

/** The plans on sale. */
export function useProducts() {
  return useQuery({ ...productsQueryOptions(), select: plansOf });
}

/** The plans on sale and the country the server sees the visitor in (for the preselected currency). */
export function usePricing() {
  return useQuery(productsQueryOptions());
}
