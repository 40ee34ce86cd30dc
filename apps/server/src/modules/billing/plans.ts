import { BILLING_INTERVALS, type Product } from '@zema/contracts';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import type { SharedCache } from '#src/platform/shared-cache';
import { prices, products } from './billing.tables';

/** The plans on sale as the pricing page shows them; whoever edits plans invalidates this key. */
export const PLANS_CACHE_KEY = 'billing:plans';

const intervalOrder = (interval: string) => BILLING_INTERVALS.indexOf(interval as never);

/** Plans in display order with their current prices (archived prices are honoured, not sold). */
export async function loadPlans(db: Database, opts: { includeHidden?: boolean } = {}): Promise<Product[]> {
  const rows = await db
    .select()
    .from(products)
    .where(opts.includeHidden ? undefined : eq(products.hidden, false))
    .orderBy(asc(products.position), asc(products.id));
  if (!rows.length) return [];
  const priceRows = await db
    .select()
    .from(prices)
    .where(
      and(
        inArray(
          prices.productId,
          rows.map((r) => r.id),
        ),
        isNull(prices.archivedAt),
      ),
    );
  priceRows.sort(
    (a, b) =>
      a.currency.localeCompare(b.currency) ||
      intervalOrder(a.interval) - intervalOrder(b.interval) ||
      a.intervalCount - b.intervalCount ||
      a.amount - b.amount,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    hidden: r.hidden,
    recommended: r.recommended,
    free: r.free,
    feature_list: r.featureList,
    trial_days: r.trialDays,
    position: r.position,
    prices: priceRows
      .filter((p) => p.productId === r.id)
      .map((p) => ({
        id: p.id,
        product_id: p.productId,
        currency: p.currency as Product['prices'][number]['currency'],
        amount: p.amount,
        interval: p.interval as Product['prices'][number]['interval'],
        interval_count: p.intervalCount,
      })),
  }));
}

/** The pricing page's plans, cached for every visitor. */
export function plansOnSale(deps: { db: Database; cache: SharedCache }): Promise<Product[]> {
  return deps.cache.get(PLANS_CACHE_KEY, () => loadPlans(deps.db));
}
