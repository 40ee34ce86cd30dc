import type { Price, Product } from '@zema/contracts';
import type { ApiSession } from './accounts';

/** The Premium plan and its monthly price in Birr, as the pricing page offers them. */
export async function premiumMonthly(api: ApiSession): Promise<{ premium: Product; price: Price }> {
  const { pagination } = await api.getOk<{ pagination: { data: Product[] } }>('/api/v1/billing/products');
  const premium = pagination.data.find((p) => p.name === 'Premium');
  const price = premium?.prices.find((p) => p.currency === 'ETB' && p.interval === 'month');
  if (!premium || !price) throw new Error('the seeded plans have no Premium plan with a monthly ETB price');
  return { premium, price };
}

/**
 * Buys Premium (ETB, monthly) for the signed-in `api` user and pays in the sandbox, as the checkout
 * page would; resolves with the payment's tx_ref. The checkout's own pages are billing.spec.ts's.
 */
export async function subscribePremium(api: ApiSession): Promise<string> {
  const { price } = await premiumMonthly(api);
  const { payment } = await api.postOk<{ payment: { tx_ref: string } }>('/api/v1/billing/checkout', {
    price_id: price.id,
    idempotency_key: `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`,
  });
  await api.postOk(`/api/v1/billing/sandbox/${payment.tx_ref}`, { outcome: 'success' });
  return payment.tx_ref;
}
