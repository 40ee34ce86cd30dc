import type { User } from '@zema/contracts';
import {
  CURRENCIES,
  type Currency,
  comparePricePerDay,
  DEFAULT_CURRENCY,
  msg,
  type Price,
  type Product,
  yearlySavingPercent,
} from '@zema/contracts';
import { paths } from '#src/lib/paths';

/** The pricing page's billing cycles (SPEC §2 cycle selector). */
export const BILLING_CYCLES = ['month', 'year'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

/** ISO 3166 code of Ethiopia: its people pay in Birr by default. */
const ETHIOPIA = 'ET';

/**
 * The plans a visitor may see: hidden ones are sold only by the admin's hand, but the one a
 * subscriber holds is still theirs to see.
 */
export const visibleProducts = (products: Product[], heldProductId: number | null = null) =>
  products.filter((p) => !p.hidden || p.id === heldProductId);

/** Currencies some visible plan has a price in, in the contract's order (ETB first). */
export function offeredCurrencies(products: Product[]): Currency[] {
  const offered = new Set(products.flatMap((p) => p.prices.map((price) => price.currency)));
  return CURRENCIES.filter((c) => offered.has(c));
}

/**
 * The currency preselected (SPEC §2, §9, decision 0039): ETB, except for someone known to live outside
 * Ethiopia when a paid plan has a USD price. Without a known country it stays ETB.
 */
export function defaultCurrency(products: Product[], country: string | null | undefined): Currency {
  const offered = offeredCurrencies(products);
  const abroad = !!country && country.toUpperCase() !== ETHIOPIA;
  const hasUsd = products.some((p) => !p.free && p.prices.some((price) => price.currency === 'USD'));
  if (abroad && hasUsd) return 'USD';
  if (offered.includes(DEFAULT_CURRENCY) || !offered.length) return DEFAULT_CURRENCY;
  return offered[0]!;
}

/** A plan's price for one currency and cycle (a single period of it, e.g. one month). */
export function priceFor(product: Product, currency: Currency, cycle: BillingCycle): Price | undefined {
  const matching = product.prices.filter((p) => p.currency === currency && p.interval === cycle);
  return matching.find((p) => p.interval_count === 1) ?? matching[0];
}

/**
 * The price a card shows: the chosen cycle's; a free plan (often priced per month only) shows its
 * one zero price whatever the cycle.
 */
export function displayPrice(product: Product, currency: Currency, cycle: BillingCycle): Price | undefined {
  const exact = priceFor(product, currency, cycle);
  if (exact || !product.free) return exact;
  return product.prices.find((p) => p.currency === currency);
}

/** The best "save N %" of any plan paying yearly rather than monthly in a currency, or null. */
export function bestYearlySaving(products: Product[], currency: Currency): number | null {
  let best: number | null = null;
  for (const product of products) {
    const saving = yearlySavingPercent(
      priceFor(product, currency, 'month'),
      priceFor(product, currency, 'year'),
    );
    if (saving !== null && (best === null || saving > best)) best = saving;
  }
  return best;
}

export type PlanTarget =
  | { kind: 'register'; href: string; saveChoice: boolean }
  | { kind: 'change'; href: string }
  | { kind: 'checkout'; href: string }
  | { kind: 'home'; href: string };

export const REGISTER_FROM_PRICING = `${paths.register()}?redirectFrom=pricing`;

/**
 * Where a plan's button leads (SPEC §4): a visitor registers first (the paid choice is saved
 * locally and checkout follows the sign-up); a subscribed user confirms a change of plan; any
 * other signed-in user pays at checkout, or simply carries on with the free plan.
 */
export function planTarget(
  product: Pick<Product, 'id' | 'free'>,
  price: Pick<Price, 'id'>,
  user: Pick<User, 'subscriptions'> | null,
): PlanTarget {
  const ids = { productId: product.id, priceId: price.id };
  if (!user) return { kind: 'register', href: REGISTER_FROM_PRICING, saveChoice: !product.free };
  if (user.subscriptions.some((s) => s.valid)) return { kind: 'change', href: paths.changePlan(ids) };
  if (product.free) return { kind: 'home', href: paths.home() };
  return { kind: 'checkout', href: paths.checkout(ids) };
}

/**
 * The product and price of the user's plan in force, when the bootstrap data names them: the
 * newest valid subscription, as the server decides the plan (decision 0038).
 */
export function currentPlan(user: Pick<User, 'subscriptions'> | null): CurrentPlan | null {
  const sub = user?.subscriptions.findLast((s) => s.valid);
  return sub ? { productId: sub.product_id ?? null, priceId: sub.price_id ?? null } : null;
}

export type CurrentPlan = { productId: number | null; priceId: number | null };

/**
 * What a plan card offers a subscriber: their own plan at its own price is marked and
 * offers nothing; their plan at another cycle is a switch of cycle; another plan is an upgrade
 * when it costs more per month than theirs, a downgrade when less (the free plan always is one),
 * and just a change when the two cannot be told apart (equal, or not sold in the same currency).
 */
export type PlanStanding =
  | { kind: 'current' }
  | { kind: 'upgrade' }
  | { kind: 'downgrade' }
  | { kind: 'switch'; interval: Price['interval'] }
  | { kind: 'change' };

type Terms = Pick<Price, 'amount' | 'currency' | 'interval' | 'interval_count'>;

/** The price the subscriber pays, when it is still on sale (listed). */
const listedPrice = (products: Product[], current: CurrentPlan) =>
  current.priceId === null
    ? undefined
    : products.flatMap((p) => p.prices).find((p) => p.id === current.priceId);

/** A plan's price to compare with `reference`: the same currency, the same cycle when it has one. */
function comparablePrice(product: Product, reference: Terms) {
  const same = product.prices.filter((p) => p.currency === reference.currency);
  return (
    same.find((p) => p.interval === reference.interval && p.interval_count === reference.interval_count) ??
    same.find((p) => p.interval === reference.interval) ??
    same[0]
  );
}

export function planStanding(
  products: Product[],
  current: CurrentPlan,
  product: Product,
  shown: Price,
  view: { currency: Currency; cycle: BillingCycle },
): PlanStanding {
  const paid = listedPrice(products, current);
  const theirs = products.find((p) => p.id === current.productId);
  if (product.id === current.productId) {
    // A price replaced since it was bought, or a plan granted by hand: the plan is theirs as shown.
    if (!paid || shown.id === paid.id || product.free) return { kind: 'current' };
    if (shown.interval !== paid.interval) return { kind: 'switch', interval: shown.interval };
    return { kind: 'change' };
  }
  if (product.free) return theirs?.free ? { kind: 'change' } : { kind: 'downgrade' };
  // What they pay, or else their plan's price as this view shows it.
  const reference: Terms | undefined = paid ?? (theirs && displayPrice(theirs, view.currency, view.cycle));
  if (theirs?.free || reference?.amount === 0) return { kind: 'upgrade' };
  const candidate = reference && comparablePrice(product, reference);
  if (!reference || !candidate) return { kind: 'change' };
  const order = comparePricePerDay(candidate, reference);
  return order > 0 ? { kind: 'upgrade' } : order < 0 ? { kind: 'downgrade' } : { kind: 'change' };
}

/**
 * Where a subscriber's pricing table opens: the currency and cycle of the price they pay, so their
 * own plan shows as theirs at once. Null when the price is not listed (or not monthly or yearly).
 */
export function currentView(
  products: Product[],
  current: CurrentPlan | null,
): { currency: Currency; cycle: BillingCycle } | null {
  const price = current && listedPrice(products, current);
  if (!price || !(BILLING_CYCLES as readonly string[]).includes(price.interval)) return null;
  return { currency: price.currency, cycle: price.interval as BillingCycle };
}

/** How often a price is paid, in words ('Monthly', 'Every 3 months'). */
export function cycleLabel(
  price: Pick<Price, 'interval' | 'interval_count'>,
  trans: (message: string, values?: Record<string, string | number>) => string,
): string {
  const { interval, interval_count: count } = price;
  return trans(
    '{interval, select, day {{count, plural, one {Daily} other {Every # days}}} week {{count, plural, one {Weekly} other {Every # weeks}}} month {{count, plural, one {Monthly} other {Every # months}}} other {{count, plural, one {Yearly} other {Every # years}}}}',
    { interval, count },
  );
}

/** A random key for one visit of the checkout page (works outside secure contexts too). */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The server's answer when the buyer already holds another plan (the billing page changes it): a
 * catalogue source, which the server sends in the reader's language.
 */
export const OTHER_PLAN_MESSAGE = msg('You already have another plan: change plans from the billing page.');
