import type { BillingInterval, BillingOverview, Currency, Invoice, SubscriptionView } from '@zema/contracts';
import { desc, eq } from 'drizzle-orm';
import { invoices, prices, products, subscriptions } from '#src/db/schema/index';
import type { Deps } from '#src/deps';
import { newestSubscription, subscriptionState } from '#src/domain/billing/entitlements';
import { HttpError, validationError } from '#src/http/errors';

export const SUBSCRIPTION_MESSAGES = {
  none: 'You have no plan to change.',
  notCancelled: 'This plan is not cancelled.',
  alreadyCancelled: 'This plan is already cancelled.',
} as const;

type SubscriptionRow = typeof subscriptions.$inferSelect;
const iso = (d: Date | null) => d?.toISOString() ?? null;

async function view(
  deps: Pick<Deps, 'db'>,
  row: SubscriptionRow,
  now = new Date(),
): Promise<SubscriptionView> {
  const [product] = await deps.db
    .select({ name: products.name })
    .from(products)
    .where(eq(products.id, row.productId));
  const [price] = row.priceId ? await deps.db.select().from(prices).where(eq(prices.id, row.priceId)) : [];
  const state = subscriptionState(row, now);
  return {
    id: row.id,
    product_id: row.productId,
    product_name: product?.name ?? '',
    price: price
      ? {
          id: price.id,
          product_id: price.productId,
          currency: price.currency as Currency,
          amount: price.amount,
          interval: price.interval as BillingInterval,
          interval_count: price.intervalCount,
        }
      : null,
    gateway: row.gateway as SubscriptionView['gateway'],
    status: row.status as SubscriptionView['status'],
    valid: state.valid,
    active: state.active,
    current_period_start: iso(row.currentPeriodStart),
    current_period_end: iso(row.currentPeriodEnd),
    trial_ends_at: iso(row.trialEndsAt),
    grace_ends_at: iso(row.graceEndsAt),
    cancel_at_period_end: row.cancelAtPeriodEnd,
    auto_renews: row.gateway === 'stripe' && !row.cancelAtPeriodEnd,
    payment_method: row.paymentMethod
      ? { type: row.paymentMethod.type ?? 'card', ...row.paymentMethod }
      : null,
  };
}

/** What /billing shows: the plan in force and every invoice of the caller's (never another's). */
export async function billingOverview(deps: Pick<Deps, 'db'>, userId: number): Promise<BillingOverview> {
  const current = await newestSubscription(deps.db, userId, 'active');
  const rows = await deps.db
    .select()
    .from(invoices)
    .where(eq(invoices.userId, userId))
    .orderBy(desc(invoices.number));
  return {
    subscription: current ? await view(deps, current) : null,
    invoices: rows.map(
      (r): Invoice => ({
        id: r.id,
        number: r.number,
        currency: r.currency as Currency,
        subtotal: r.subtotal,
        tax_rate_bp: r.taxRateBp,
        tax: r.tax,
        total: r.total,
        buyer_name: r.buyerName,
        buyer_email: r.buyerEmail,
        buyer_tin: r.buyerTin,
        lines: r.lines,
        issued_at: r.issuedAt.toISOString(),
      }),
    ),
  };
}

/**
 * Cancels at the end of the paid period (issue 14 item 4): the plan stays valid until then, and
 * can be resumed meanwhile. A Stripe subscription is told to stop renewing as well (with its gateway).
 */
export async function cancelSubscription(deps: Pick<Deps, 'db' | 'events'>, userId: number) {
  const current = await newestSubscription(deps.db, userId, 'active');
  if (!current) throw new HttpError(404, SUBSCRIPTION_MESSAGES.none);
  if (current.status === 'cancelled' || current.cancelAtPeriodEnd)
    throw validationError({ subscription: [SUBSCRIPTION_MESSAGES.alreadyCancelled] });
  const now = new Date();
  const [row] = await deps.db
    .update(subscriptions)
    .set({ status: 'cancelled', cancelAtPeriodEnd: true, cancelledAt: now, updatedAt: now })
    .where(eq(subscriptions.id, current.id))
    .returning();
  await deps.events.emit('account.changed', { userId });
  return view(deps, row!);
}

/** Undoes a cancellation while the plan is still valid. */
export async function resumeSubscription(deps: Pick<Deps, 'db' | 'events'>, userId: number) {
  const current = await newestSubscription(deps.db, userId, 'active');
  if (!current) throw new HttpError(404, SUBSCRIPTION_MESSAGES.none);
  if (current.status !== 'cancelled')
    throw validationError({ subscription: [SUBSCRIPTION_MESSAGES.notCancelled] });
  const now = new Date();
  const [row] = await deps.db
    .update(subscriptions)
    .set({ status: 'active', cancelAtPeriodEnd: false, cancelledAt: null, updatedAt: now })
    .where(eq(subscriptions.id, current.id))
    .returning();
  await deps.events.emit('account.changed', { userId });
  return view(deps, row!);
}
