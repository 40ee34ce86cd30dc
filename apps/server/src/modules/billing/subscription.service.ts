import type { BillingInterval, BillingOverview, Currency, Invoice, SubscriptionView } from '@zema/contracts';
import { msg } from '@zema/contracts';
import { desc, eq } from 'drizzle-orm';
import { ConflictError, invalidInput, NotFoundError } from '#src/lib/errors';
import type { Deps } from '#src/platform/deps';
import { invoices, payments, prices, products, subscriptions } from './billing.tables';
import type { Billing } from './checkout.service';
import { newestSubscription, subscriptionState } from './entitlements';
import { printedInvoiceNumber } from './invoice-number';

export const SUBSCRIPTION_MESSAGES = {
  none: msg('You have no plan to change.'),
  notStripe: msg('Your plan is not paid through Stripe: manage it on this page.'),
  notCancelled: msg('This plan is not cancelled.'),
  alreadyCancelled: msg('This plan is already cancelled.'),
} as const;

type SubscriptionRow = typeof subscriptions.$inferSelect;
const iso = (d: Date | null) => d?.toISOString() ?? null;

const priceView = (price: typeof prices.$inferSelect) => ({
  id: price.id,
  product_id: price.productId,
  currency: price.currency as Currency,
  amount: price.amount,
  interval: price.interval as BillingInterval,
  interval_count: price.intervalCount,
});

export async function view(
  deps: Pick<Deps, 'db'>,
  row: SubscriptionRow,
  now = new Date(),
): Promise<SubscriptionView> {
  const [product] = await deps.db
    .select({ name: products.name })
    .from(products)
    .where(eq(products.id, row.productId));
  const [price] = row.priceId ? await deps.db.select().from(prices).where(eq(prices.id, row.priceId)) : [];
  const [scheduled] = row.scheduledPriceId
    ? await deps.db
        .select({ price: prices, name: products.name })
        .from(prices)
        .innerJoin(products, eq(products.id, prices.productId))
        .where(eq(prices.id, row.scheduledPriceId))
    : [];
  const state = subscriptionState(row, now);
  return {
    id: row.id,
    product_id: row.productId,
    product_name: product?.name ?? '',
    price: price ? priceView(price) : null,
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
    scheduled_change:
      scheduled && row.currentPeriodEnd
        ? {
            product_id: scheduled.price.productId,
            product_name: scheduled.name,
            price: priceView(scheduled.price),
            at: row.currentPeriodEnd.toISOString(),
          }
        : null,
  };
}

/** What /billing shows: the plan in force and every invoice of the caller's (never another's). */
export async function billingOverview(deps: Pick<Deps, 'db'>, userId: number): Promise<BillingOverview> {
  const current = await newestSubscription(deps.db, userId, 'active');
  const rows = await deps.db
    .select({ r: invoices, refunded: payments.refundedAmount, refundedAt: payments.refundedAt })
    .from(invoices)
    .innerJoin(payments, eq(payments.id, invoices.paymentId))
    .where(eq(invoices.userId, userId))
    .orderBy(desc(invoices.number));
  return {
    subscription: current ? await view(deps, current) : null,
    invoices: rows.map(
      ({ r, refunded, refundedAt }): Invoice => ({
        id: r.id,
        number: r.number,
        display_number: printedInvoiceNumber(r),
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
        refunded,
        refunded_at: refundedAt?.toISOString() ?? null,
      }),
    ),
  };
}

/**
 * Cancels at the end of the paid period (decision 0038): the plan stays valid until then, and
 * can be resumed meanwhile. A Stripe subscription is told to stop renewing as well (with its gateway).
 */
export async function cancelSubscription(
  deps: Pick<Deps, 'db' | 'events'> & { billing: Billing },
  userId: number,
) {
  const { billing } = deps;
  const current = await newestSubscription(deps.db, userId, 'active');
  if (!current) throw new NotFoundError(SUBSCRIPTION_MESSAGES.none);
  if (current.status === 'cancelled' || current.cancelAtPeriodEnd)
    throw invalidInput({ subscription: [SUBSCRIPTION_MESSAGES.alreadyCancelled] });
  await tellGateway(billing, current, true);
  const now = new Date();
  const [row] = await deps.db
    .update(subscriptions)
    .set({
      status: 'cancelled',
      cancelAtPeriodEnd: true,
      cancelledAt: now,
      scheduledPriceId: null,
      updatedAt: now,
    })
    .where(eq(subscriptions.id, current.id))
    .returning();
  await deps.events.emit('account.changed', { userId });
  return view(deps, row!);
}

/** A trial not yet paid for: its period is the trial itself (a paid renewal extends past it). */
const inUnpaidTrial = (s: SubscriptionRow) =>
  !!s.trialEndsAt && !!s.currentPeriodEnd && s.trialEndsAt.getTime() >= s.currentPeriodEnd.getTime();

/**
 * Undoes a cancellation, or calls off a change of plan waiting for the period end, while the plan
 * is still valid: the current plan then simply goes on.
 */
export async function resumeSubscription(
  deps: Pick<Deps, 'db' | 'events'> & { billing: Billing },
  userId: number,
) {
  const { billing } = deps;
  const current = await newestSubscription(deps.db, userId, 'active');
  if (!current) throw new NotFoundError(SUBSCRIPTION_MESSAGES.none);
  if (current.status !== 'cancelled' && !current.scheduledPriceId)
    throw invalidInput({ subscription: [SUBSCRIPTION_MESSAGES.notCancelled] });
  await tellGateway(billing, current, false);
  const now = new Date();
  const [row] = await deps.db
    .update(subscriptions)
    .set({
      status:
        current.status === 'cancelled' ? (inUnpaidTrial(current) ? 'trialing' : 'active') : current.status,
      cancelAtPeriodEnd: false,
      cancelledAt: null,
      scheduledPriceId: null,
      updatedAt: now,
    })
    .where(eq(subscriptions.id, current.id))
    .returning();
  await deps.events.emit('account.changed', { userId });
  return view(deps, row!);
}

/** A subscription the gateway renews by itself (Stripe) is told first: if that fails, nothing changes here. */
async function tellGateway(billing: Billing, row: SubscriptionRow, cancel: boolean) {
  if (!row.gatewayId) return;
  const gateway = await billing.gateway(row.gateway);
  if (!gateway?.recurring || !gateway.setCancelAtPeriodEnd)
    throw new ConflictError(
      msg('The payment service of this plan is not configured. Contact the site owner.'),
    );
  await gateway.setCancelAtPeriodEnd(row.gatewayId, cancel);
}

/** Stripe's customer portal (card, invoices) for the caller's Stripe plan. */
export async function portalUrl(deps: Pick<Deps, 'db' | 'config'> & { billing: Billing }, userId: number) {
  const { billing } = deps;
  const current = await newestSubscription(deps.db, userId, 'active');
  const stripe = await billing.stripe();
  if (current?.gateway !== 'stripe' || !current.gatewayId || !stripe)
    throw new ConflictError(SUBSCRIPTION_MESSAGES.notStripe);
  return stripe.portalUrl(current.gatewayId, `${deps.config.appUrl}/billing`);
}
