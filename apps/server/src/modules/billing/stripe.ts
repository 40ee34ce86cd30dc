import type { BillingInterval } from '@zema/contracts';
import { msg } from '@zema/contracts';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import Stripe from 'stripe';
import { ConflictError, NotFoundError, UpstreamError } from '#src/lib/errors';
import { payments, prices, products, subscriptions } from './billing.tables';
import { GATEWAY_UNREACHABLE } from './chapa';
import type {
  GatewaySubscriptionState,
  PaymentGateway,
  RefundResult,
  VerifiedPayment,
  WebhookEventInfo,
} from './gateway';
import { recordGatewayRefund } from './refunds';
import { type BillingPolicy, type SettleDeps, settlePayment } from './settle';

const TIMEOUT_MS = 15_000;
const DAY_MS = 86_400_000;

/** The parts of Stripe's objects read here (API versions moved the period onto the items). */
type StripeCard = { brand?: string | null; last4?: string | null };
type StripePaymentMethod = { type?: string; card?: StripeCard | null } | string | null | undefined;
type StripeSubscriptionShape = {
  id: string;
  status: string;
  customer: string | { id: string };
  cancel_at_period_end: boolean;
  ended_at?: number | null;
  current_period_start?: number | null;
  current_period_end?: number | null;
  default_payment_method?: StripePaymentMethod;
  items: {
    data: {
      id: string;
      current_period_start?: number | null;
      current_period_end?: number | null;
      price: { id: string };
    }[];
  };
};
type StripeInvoiceShape = {
  id: string;
  billing_reason?: string | null;
  amount_paid: number;
  amount_due?: number;
  currency: string;
  subscription?: string | { id: string } | null;
  parent?: { subscription_details?: { subscription?: string | { id: string } | null } | null } | null;
};

type StripeChargeShape = {
  id: string;
  amount_refunded: number;
  payment_intent?: string | { id: string } | null;
};
type StripeInvoicePaymentShape = {
  invoice: string | { id: string };
  payment?: {
    payment_intent?: string | { id: string } | null;
    charge?: string | { id: string } | null;
  } | null;
};

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));
const at = (unix: number | null | undefined) => (unix ? new Date(unix * 1000) : null);

function cardOf(pm: StripePaymentMethod): Record<string, string> | null {
  if (!pm || typeof pm === 'string') return null;
  if (pm.card?.brand && pm.card.last4) return { type: 'card', brand: pm.card.brand, last4: pm.card.last4 };
  return pm.type ? { type: pm.type } : null;
}

/** Stripe's statuses in ours: a subscription set to stop at its period's end is `cancelled` (valid until then). */
export function stripeSubscriptionState(sub: StripeSubscriptionShape): GatewaySubscriptionState {
  const item = sub.items.data[0];
  const status: GatewaySubscriptionState['status'] =
    sub.status === 'trialing'
      ? 'trialing'
      : sub.status === 'active'
        ? sub.cancel_at_period_end
          ? 'cancelled'
          : 'active'
        : sub.status === 'past_due' || sub.status === 'unpaid'
          ? 'past_due'
          : sub.status === 'incomplete'
            ? 'incomplete'
            : 'expired';
  return {
    gatewayId: sub.id,
    status,
    currentPeriodStart: at(item?.current_period_start ?? sub.current_period_start),
    currentPeriodEnd: at(item?.current_period_end ?? sub.current_period_end),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    endedAt: status === 'expired' ? (at(sub.ended_at) ?? new Date()) : null,
    gatewayPriceId: item?.price.id ?? null,
    paymentMethod: cardOf(sub.default_payment_method),
  };
}

export function stripeClient(apiUrl: string, secretKey: string): Stripe {
  const url = new URL(apiUrl);
  return new Stripe(secretKey, {
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'http:' ? 80 : 443,
    protocol: url.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: 1,
    timeout: TIMEOUT_MS,
  });
}

/** A Stripe call that could not reach Stripe (or Stripe failed) answers 502, never a 500. */
async function remote<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeError) {
      if (err.statusCode && err.statusCode < 500 && err.type !== 'StripeConnectionError')
        throw new UpstreamError(`The payment service refused the request: ${err.message}`.slice(0, 300));
      throw new UpstreamError(GATEWAY_UNREACHABLE);
    }
    throw err;
  }
}

/**
 * Stripe (decision 0038; PROTOCOLS.md): USD plans that renew by themselves. The checkout is a
 * Checkout Session in subscription mode on a Stripe Price made once per our price; after that,
 * Stripe's webhooks move the subscription. Whatever the events' order, each one makes us read the
 * subscription as Stripe holds it now, so the last state wins, not the last event.
 */
export function createStripeGateway(opts: {
  deps: SettleDeps;
  policy: () => Promise<BillingPolicy>;
  graceDays: number;
  apiUrl: string;
  secretKey: string;
  webhookSecret: string | null;
}): PaymentGateway & {
  portalUrl(gatewaySubscriptionId: string, returnUrl: string): Promise<string>;
  syncSubscription(gatewaySubscriptionId: string): Promise<void>;
} {
  const { deps, webhookSecret } = opts;
  const { db } = deps;
  const stripe = stripeClient(opts.apiUrl, opts.secretKey);

  async function retrieveSubscription(id: string) {
    return (await remote(() =>
      stripe.subscriptions.retrieve(id, { expand: ['default_payment_method'] }),
    )) as unknown as StripeSubscriptionShape;
  }

  /** Our price's Stripe Price, made on first use and kept in `prices.stripe_price_id`. */
  async function stripePriceFor(priceId: number): Promise<string> {
    const [row] = await db
      .select({ price: prices, product: products })
      .from(prices)
      .innerJoin(products, eq(products.id, prices.productId))
      .where(eq(prices.id, priceId));
    if (!row) throw new NotFoundError();
    if (row.price.stripePriceId) return row.price.stripePriceId;
    const created = await remote(() =>
      stripe.prices.create({
        currency: row.price.currency.toLowerCase(),
        unit_amount: row.price.amount,
        recurring: {
          interval: row.price.interval as BillingInterval,
          interval_count: row.price.intervalCount,
        },
        product_data: { name: row.product.name },
        metadata: { zema_price_id: String(row.price.id) },
      }),
    );
    // Two checkouts at once: whichever stored first is the one used from then on.
    await db
      .update(prices)
      .set({ stripePriceId: created.id })
      .where(and(eq(prices.id, priceId), isNull(prices.stripePriceId)));
    const [stored] = await db.select({ id: prices.stripePriceId }).from(prices).where(eq(prices.id, priceId));
    return stored?.id ?? created.id;
  }

  /** Our subscription row takes the state Stripe holds now (plan, status, period, card). */
  async function syncSubscription(gatewayId: string) {
    const [row] = await db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.gateway, 'stripe'), eq(subscriptions.gatewayId, gatewayId)));
    // Not ours yet: the checkout's settle creates it from Stripe's current state.
    if (!row) return;
    const state = stripeSubscriptionState(await retrieveSubscription(gatewayId));
    const [price] = state.gatewayPriceId
      ? await db.select().from(prices).where(eq(prices.stripePriceId, state.gatewayPriceId))
      : [];
    const now = new Date();
    await db
      .update(subscriptions)
      .set({
        status: state.status,
        currentPeriodStart: state.currentPeriodStart,
        currentPeriodEnd: state.currentPeriodEnd,
        cancelAtPeriodEnd: state.cancelAtPeriodEnd,
        cancelledAt: state.cancelAtPeriodEnd ? (row.cancelledAt ?? now) : null,
        endedAt: state.endedAt,
        // Stripe retries a failed renewal for a while: the plan keeps working for the grace days.
        graceEndsAt:
          state.status === 'past_due' && state.currentPeriodEnd
            ? new Date(state.currentPeriodEnd.getTime() + opts.graceDays * DAY_MS)
            : null,
        ...(price ? { priceId: price.id, productId: price.productId } : {}),
        ...(state.paymentMethod ? { paymentMethod: state.paymentMethod } : {}),
        updatedAt: now,
      })
      .where(eq(subscriptions.id, row.id));
    if (
      row.status !== state.status ||
      row.priceId !== (price?.id ?? row.priceId) ||
      row.currentPeriodEnd?.getTime() !== state.currentPeriodEnd?.getTime()
    )
      await deps.events.emit('account.changed', { userId: row.userId });
  }

  /**
   * A renewal Stripe charged by itself: a payment and an invoice of ours, once per Stripe invoice.
   * A failed attempt is a failed payment of ours (the buyer is told; the admin counts failed
   * renewals), once per Stripe invoice as well: Stripe's retries of it change nothing here.
   */
  async function recordRenewal(
    invoice: StripeInvoiceShape,
    gatewayId: string,
    outcome: 'succeeded' | 'failed',
  ) {
    const [row] = await db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.gateway, 'stripe'), eq(subscriptions.gatewayId, gatewayId)));
    if (!row?.priceId) return;
    const txRef = `stripe-${invoice.id}${outcome === 'failed' ? '-failed' : ''}`;
    const currency = invoice.currency.toUpperCase() as 'USD';
    const amount = outcome === 'failed' ? (invoice.amount_due ?? invoice.amount_paid) : invoice.amount_paid;
    await db
      .insert(payments)
      .values({
        userId: row.userId,
        subscriptionId: row.id,
        productId: row.productId,
        priceId: row.priceId,
        gateway: 'stripe',
        txRef,
        gatewayReference: invoice.id,
        idempotencyKey: txRef,
        purpose: 'renewal',
        amount,
        currency,
      })
      .onConflictDoNothing();
    await settlePayment(
      deps,
      txRef,
      {
        status: outcome,
        amount,
        currency,
        method: 'card',
        reference: invoice.id,
        paymentMethod: row.paymentMethod,
      },
      await opts.policy(),
    );
  }

  /**
   * The Stripe invoice one of our payments paid: a renewal keeps its own (`in_…`); a checkout's
   * payment keeps its subscription (`sub_…`), whose first invoice it was.
   */
  async function invoiceOf(reference: string | null): Promise<string | null> {
    if (reference?.startsWith('in_')) return reference;
    if (!reference?.startsWith('sub_')) return null;
    const list = await remote(() => stripe.invoices.list({ subscription: reference, limit: 100 }));
    const first = list.data.find((i) => i.billing_reason === 'subscription_create') ?? list.data.at(-1);
    return first?.id ?? null;
  }

  /** What paid that invoice (a PaymentIntent, or a charge on older accounts): what a refund names. */
  async function paidBy(invoiceId: string) {
    const list = await remote(() =>
      stripe.invoicePayments.list({ invoice: invoiceId, status: 'paid', limit: 10 }),
    );
    for (const row of list.data as unknown as StripeInvoicePaymentShape[]) {
      const paymentIntent = idOf(row.payment?.payment_intent);
      const charge = idOf(row.payment?.charge);
      if (paymentIntent) return { payment_intent: paymentIntent };
      if (charge) return { charge };
    }
    return null;
  }

  /** Our payment a Stripe charge paid: through its invoice, a renewal's own or a subscription's first. */
  async function paymentOfCharge(charge: StripeChargeShape): Promise<number | null> {
    const paymentIntent = idOf(charge.payment_intent);
    if (!paymentIntent) return null;
    const list = await remote(() =>
      stripe.invoicePayments.list({
        payment: { type: 'payment_intent', payment_intent: paymentIntent },
        limit: 1,
      }),
    );
    const invoiceId = idOf((list.data[0] as unknown as StripeInvoicePaymentShape | undefined)?.invoice);
    if (!invoiceId) return null;
    const paid = inArray(payments.status, ['succeeded', 'refunded']);
    const [renewal] = await db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.gateway, 'stripe'), eq(payments.gatewayReference, invoiceId), paid));
    if (renewal) return renewal.id;
    const invoice = (await remote(() =>
      stripe.invoices.retrieve(invoiceId),
    )) as unknown as StripeInvoiceShape;
    const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription ?? invoice.subscription);
    if (!subscriptionId) return null;
    const [first] = await db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.gateway, 'stripe'), eq(payments.gatewayReference, subscriptionId), paid))
      .orderBy(asc(payments.id))
      .limit(1);
    return first?.id ?? null;
  }

  function interpret(event: Stripe.Event): WebhookEventInfo {
    const object = event.data.object as unknown as Record<string, unknown>;
    let txRef: string | null = null;
    let subscriptionId: string | null = null;
    let renewal: { invoice: StripeInvoiceShape; outcome: 'succeeded' | 'failed' } | null = null;
    switch (event.type) {
      case 'checkout.session.completed':
      // A payment method that settles later (a bank debit) completes the session unpaid; Stripe
      // then says how it ended in one of these.
      case 'checkout.session.async_payment_succeeded':
      case 'checkout.session.async_payment_failed':
      case 'checkout.session.expired':
        txRef = typeof object.client_reference_id === 'string' ? object.client_reference_id : null;
        subscriptionId = idOf(object.subscription as string | null);
        break;
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = object as unknown as StripeInvoiceShape;
        subscriptionId = idOf(invoice.parent?.subscription_details?.subscription ?? invoice.subscription);
        // The first invoice is the checkout's (settled through the session); later ones are renewals.
        if (invoice.billing_reason !== 'subscription_create')
          renewal = { invoice, outcome: event.type === 'invoice.paid' ? 'succeeded' : 'failed' };
        break;
      }
      case 'charge.refunded': {
        // The charge says how much of it is refunded in all: whatever the events' order or
        // repetition, our record only ever catches up with that total.
        const charge = object as unknown as StripeChargeShape;
        return {
          eventId: event.id,
          type: event.type,
          txRef: null,
          apply: async () => {
            const paymentId = await paymentOfCharge(charge);
            if (paymentId)
              await recordGatewayRefund(deps, {
                payment: { id: paymentId },
                reference: null,
                total: charge.amount_refunded,
              });
          },
        };
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        subscriptionId = typeof object.id === 'string' ? object.id : null;
        break;
      default:
        break;
    }
    return {
      eventId: event.id,
      type: event.type,
      txRef,
      apply: subscriptionId
        ? async () => {
            if (renewal) await recordRenewal(renewal.invoice, subscriptionId, renewal.outcome);
            await syncSubscription(subscriptionId);
          }
        : undefined,
    };
  }

  return {
    id: 'stripe',
    currencies: ['USD'],
    recurring: true,
    refunds: true,
    async startCheckout(input) {
      const price = await stripePriceFor(input.priceId);
      const session = await remote(() =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          line_items: [{ price, quantity: 1 }],
          client_reference_id: input.txRef,
          metadata: { tx_ref: input.txRef },
          subscription_data: { metadata: { tx_ref: input.txRef } },
          customer_email: input.email,
          success_url: input.returnUrl,
          cancel_url: input.returnUrl,
        }),
      );
      if (!session.url) throw new UpstreamError(GATEWAY_UNREACHABLE);
      return { url: session.url, reference: session.id };
    },
    async verify(txRef): Promise<VerifiedPayment | null> {
      const [payment] = await db
        .select({ reference: payments.gatewayReference })
        .from(payments)
        .where(eq(payments.txRef, txRef));
      if (!payment?.reference?.startsWith('cs_')) return null;
      const session = (await remote(() =>
        stripe.checkout.sessions.retrieve(payment.reference!, {
          expand: ['subscription', 'subscription.default_payment_method'],
        }),
      )) as unknown as {
        client_reference_id: string | null;
        status: string | null;
        payment_status: string;
        amount_total: number | null;
        currency: string | null;
        subscription: StripeSubscriptionShape | string | null;
      };
      if (session.client_reference_id !== txRef) return null;
      const subscription =
        session.subscription && typeof session.subscription === 'object'
          ? stripeSubscriptionState(session.subscription)
          : null;
      const paid = session.status === 'complete' && session.payment_status !== 'unpaid';
      return {
        // Unpaid on a complete session is a payment still on its way, until its subscription
        // ends unpaid (Stripe's incomplete_expired) or the session itself expires.
        status: paid
          ? 'succeeded'
          : session.status === 'expired' || subscription?.status === 'expired'
            ? 'failed'
            : 'pending',
        amount: session.amount_total ?? 0,
        currency: (session.currency ?? '').toUpperCase() as 'USD',
        method: 'card',
        reference: subscription?.gatewayId ?? null,
        paymentMethod: subscription?.paymentMethod ?? { type: 'card' },
        subscription,
      };
    },
    async readWebhook({ rawBody, headers }) {
      const signature = headers['stripe-signature'];
      if (!webhookSecret || typeof signature !== 'string') return null;
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      } catch {
        return null;
      }
      return interpret(event);
    },
    readStoredEvent(rawBody) {
      // Its signature held when it arrived (the admin's replay); the timestamp has long expired.
      try {
        return interpret(JSON.parse(rawBody) as Stripe.Event);
      } catch {
        return null;
      }
    },
    async refund(input): Promise<RefundResult> {
      const invoiceId = await invoiceOf(input.reference);
      const target = invoiceId ? await paidBy(invoiceId) : null;
      if (!target) throw new UpstreamError(msg('Stripe knows no charge of this payment to refund.'));
      const refund = await remote(() =>
        stripe.refunds.create(
          {
            ...target,
            amount: input.amount,
            metadata: { tx_ref: input.txRef, ...(input.reason ? { reason: input.reason } : {}) },
          },
          // A retried request (ours or the client's network retry) makes the same refund once.
          { idempotencyKey: input.key },
        ),
      );
      if (refund.status === 'failed' || refund.status === 'canceled')
        throw new UpstreamError(msg('The payment service refused the refund.'));
      return { status: refund.status === 'succeeded' ? 'refunded' : 'pending', reference: refund.id };
    },
    async changeSubscription(change) {
      const sub = await retrieveSubscription(change.gatewaySubscriptionId);
      const item = sub.items.data[0];
      if (!item) throw new ConflictError(msg('This subscription has nothing to change.'));
      const price = change.price.stripePriceId ?? (await stripePriceFor(change.price.id));
      await remote(() =>
        stripe.subscriptions.update(change.gatewaySubscriptionId, {
          items: [{ id: item.id, price }],
          proration_behavior: 'create_prorations',
          cancel_at_period_end: false,
        }),
      );
    },
    async setCancelAtPeriodEnd(gatewaySubscriptionId, cancel) {
      await remote(() =>
        stripe.subscriptions.update(gatewaySubscriptionId, { cancel_at_period_end: cancel }),
      );
    },
    async portalUrl(gatewaySubscriptionId, returnUrl) {
      const sub = await retrieveSubscription(gatewaySubscriptionId);
      const customer = idOf(sub.customer);
      if (!customer) throw new ConflictError(msg('This plan has no Stripe customer.'));
      const session = await remote(() =>
        stripe.billingPortal.sessions.create({ customer, return_url: returnUrl }),
      );
      return session.url;
    },
    syncSubscription,
  };
}
