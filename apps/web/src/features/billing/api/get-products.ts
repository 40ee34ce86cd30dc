import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@zema/contracts';
import { billing } from '@zema/contracts/operations/billing';
import { api } from '#src/lib/api-client';
import { billingKeys } from './keys';

/** GET billing/products → `pagination.data` (SPEC §7): the plans on sale, in display order. */
export async function fetchProducts(signal?: AbortSignal): Promise<Product[]> {
  return (await api.call(billing.products, { query: {}, signal })).pagination.data;
}

export const productsQueryOptions = () =>
  queryOptions({
    queryKey: billingKeys.products(),
    queryFn: ({ signal }) => fetchProducts(signal),
    staleTime: 5 * 60_000,
  });

export function useProducts() {
  return useQuery(productsQueryOptions());
}
