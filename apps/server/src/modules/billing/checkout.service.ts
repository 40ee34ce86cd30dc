import type {
  CheckoutRequest,
  Currency,
  Payment,
  PaymentPurpose,
  SandboxCharge,
  SandboxOutcome,
  User,
} from '@zema/contracts';
import { msg } from '@zema/contracts';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { randomToken } from '#src/lib/tokens';
import type { Deps } from '#src/platform/deps';
import { payments, prices, products } from './billing.tables';
import { newestSubscription } from './entitlements';
import { paymentView, type SettleDeps, settlePayment } from './settle';
import { receiveWebhook } from './webhooks';

export const CHECKOUT_MESSAGES = {
  notOnSale: msg('This price is not on sale.'),
  free: msg('The free plan needs no payment.'),
  otherPlan: msg('You already have another plan: change plans from the billing page.'),
  otherPrice: msg(
    'This checkout was started for another price: open the checkout again to pay for this one.',
  ),
} as const;

export { DEFAULT_VAT_RATE_BP } from './billing-settings';
export { type Billing, createBilling } from './registry';

import { ConflictError, invalidInput, NotFoundError } from '#src/lib/errors';
import type { Billing } from './registry';

async function viewOf(deps: Pick<Deps, 'db'>, row: typeof payments.$inferSelect): Promise<Payment> {
  const [product] = await deps.db
    .select({ name: products.name })
    .from(products)
    .where(eq(products.id, row.productId));
  return paymentView(row, product?.name ?? '');
}

/**
 * Starts paying for a price (decision 0038): the amount and currency are fixed here, on a
 * payment row with our own `tx_ref`; the gateway's checkout gets them from it. The same
 * idempotency key answers the first payment again (a double submit makes one payment); with
 * another price it is refused, not answered with the payment for the first.
 */
export async function startCheckout(
  deps: Pick<Deps, 'db' | 'config'> & { billing: Billing },
  user: User,
  body: CheckoutRequest,
): Promise<{ payment: Payment; redirect_url: string }> {
  const existing = await paymentByKey(deps, user.id, body.idempotency_key, body.price_id);
  if (existing) return existing;

  const [row] = await deps.db
    .select({ price: prices, product: products })
    .from(prices)
    .innerJoin(products, eq(products.id, prices.productId))
    .where(eq(prices.id, body.price_id));
  if (!row || row.price.archivedAt || row.product.hidden)
    throw invalidInput({ price_id: [CHECKOUT_MESSAGES.notOnSale] });
  if (row.product.free) throw invalidInput({ price_id: [CHECKOUT_MESSAGES.free] });

  const current = await newestSubscription(deps.db, user.id, 'valid');
  if (current && (current.productId !== row.product.id || current.priceId !== row.price.id))
    throw invalidInput({ price_id: [CHECKOUT_MESSAGES.otherPlan] });
  // The same price while the plan is valid renews it early: settling adds a period after the
  // current end, not from now (decision 0038).
  return openPayment(deps, user, {
    product: row.product,
    price: row.price,
    purpose: current ? 'renewal' : 'new',
    subscriptionId: current?.id ?? null,
    amount: row.price.amount,
    credit: 0,
    idempotencyKey: body.idempotency_key,
    buyerName: body.buyer_name || null,
    buyerTin: body.buyer_tin || null,
  });
}

/**
 * A key already used for another price is a new checkout under an old key (a reused page, a
 * client bug): answering the first payment would send the buyer to pay for what they did not pick.
 */
function checkSamePrice(payment: typeof payments.$inferSelect, priceId: number) {
  if (payment.priceId !== priceId) throw invalidInput({ idempotency_key: [CHECKOUT_MESSAGES.otherPrice] });
}

/**
 * A payment of the caller's made earlier with the same idempotency key, with its checkout URL;
 * 422 when that payment is for another price than `priceId`.
 */
export async function paymentByKey(
  deps: Pick<Deps, 'db'>,
  userId: number,
  idempotencyKey: string,
  priceId: number,
) {
  const [existing] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, idempotencyKey)));
  if (existing) checkSamePrice(existing, priceId);
  return existing?.checkoutUrl
    ? { payment: await viewOf(deps, existing), redirect_url: existing.checkoutUrl }
    : null;
}

export type PaymentOrder = {
  product: typeof products.$inferSelect;
  price: typeof prices.$inferSelect;
  purpose: PaymentPurpose;
  subscriptionId: number | null;
  /** What the buyer pays (after any credit), minor units of the price's currency. */
  amount: number;
  credit: number;
  idempotencyKey: string;
  /** For the invoice: the name and tax number given at checkout. */
  buyerName?: string | null;
  buyerTin?: string | null;
};

/**
 * Writes the payment with its amount fixed, then starts the gateway's checkout from it (a new
 * plan, a renewal, a change). A key already used answers its first payment: a double submit
 * makes one payment, even when both arrive at once (the unique key lets one insert win).
 */
export async function openPayment(
  deps: Pick<Deps, 'db' | 'config'> & { billing: Billing },
  user: User,
  order: PaymentOrder,
): Promise<{ payment: Payment; redirect_url: string }> {
  const { billing } = deps;
  const currency = order.price.currency as Currency;
  const gateway = await billing.gatewayFor(currency);
  const txRef = `zema-${randomToken(18)}`;

  const [created] = await deps.db
    .insert(payments)
    .values({
      userId: user.id,
      subscriptionId: order.subscriptionId,
      productId: order.product.id,
      priceId: order.price.id,
      gateway: gateway.id,
      txRef,
      idempotencyKey: order.idempotencyKey,
      purpose: order.purpose,
      amount: order.amount,
      credit: order.credit,
      currency,
      buyerName: order.buyerName ?? null,
      buyerTin: order.buyerTin ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (!created) {
    // The same key raced in at the same moment: answer that payment once it has its URL.
    const first = await startedPayment(deps, user.id, order.idempotencyKey);
    if (first) checkSamePrice(first, order.price.id);
    // Its start died with its process (killed between the row and the gateway's answer): the
    // buyer never had a URL for it, so the key starts a checkout afresh.
    if (first && (await dropUnstarted(deps, first.id, ABANDONED_START_MS)))
      return openPayment(deps, user, order);
    if (!first?.checkoutUrl)
      throw new ConflictError(msg('This checkout is already being started. Try again.'));
    return { payment: await viewOf(deps, first), redirect_url: first.checkoutUrl };
  }
  const base = deps.config.appUrl;
  let answer: { url: string; reference?: string };
  try {
    answer = await gateway.startCheckout({
      txRef,
      amount: created.amount,
      currency,
      description: `${order.product.name} (${order.price.interval})`,
      email: user.email,
      firstName: user.first_name,
      lastName: user.last_name,
      returnUrl: `${base}/billing/return?tx_ref=${encodeURIComponent(txRef)}`,
      callbackUrl: `${base}/api/v1/billing/webhooks/${gateway.id}`,
      priceId: order.price.id,
    });
  } catch (err) {
    // No URL was given out: the buyer's next Pay (the same key) starts again instead of a 409.
    await dropUnstarted(deps, created.id, 0);
    throw err;
  }
  const { url, reference } = answer;
  const [started] = await deps.db
    .update(payments)
    .set({ checkoutUrl: url, gatewayReference: reference ?? null })
    .where(eq(payments.id, created.id))
    .returning();
  return { payment: await viewOf(deps, started!), redirect_url: url };
}

/** How long a double submit waits for the first submit's gateway answer before giving up (409). */
const RACE_WAIT_MS = 15_000;

/**
 * A payment still without its checkout URL this long after it was written was never started: the
 * gateways give up within 15 s (Stripe's one retry included, about 31 s), so its process died.
 */
const ABANDONED_START_MS = 60_000;

/**
 * Frees the idempotency key of a payment whose checkout never started (no URL given out, so no
 * buyer can pay it), if it is `olderThanMs` old by the database's clock; answers whether it did.
 */
async function dropUnstarted(deps: Pick<Deps, 'db'>, id: number, olderThanMs: number) {
  const dropped = await deps.db
    .delete(payments)
    .where(
      and(
        eq(payments.id, id),
        eq(payments.status, 'pending'),
        isNull(payments.checkoutUrl),
        olderThanMs > 0
          ? lt(payments.createdAt, sql`now() - ${olderThanMs} * interval '1 millisecond'`)
          : undefined,
      ),
    )
    .returning({ id: payments.id });
  return dropped.length > 0;
}

/**
 * The payment a concurrent submit of the same key is starting, once the gateway has answered its
 * checkout URL: checked again with a growing pause (readiness, not a fixed delay), so both submits
 * answer the same payment. Null when the first submit's gateway failed (its row is gone); the row
 * still without a URL when the wait is over, or at once when its start was abandoned long ago.
 */
async function startedPayment(deps: Pick<Deps, 'db'>, userId: number, idempotencyKey: string) {
  const deadline = Date.now() + RACE_WAIT_MS;
  for (let pause = 10; ; pause = Math.min(pause * 2, 500)) {
    const [row] = await deps.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, idempotencyKey)));
    const abandoned = !!row && Date.now() - row.createdAt.getTime() > ABANDONED_START_MS;
    if (!row || row.checkoutUrl || row.status !== 'pending' || abandoned || Date.now() > deadline)
      return row ?? null;
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

async function ownPayment(deps: Pick<Deps, 'db'>, userId: number, txRef: string) {
  const [row] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.txRef, txRef), eq(payments.userId, userId)));
  // Someone else's payment is as unknown as a made-up one.
  if (!row) throw new NotFoundError();
  return row;
}

/** A payment of the caller's, verified with its gateway first when still pending (the return page). */
export async function checkPayment(
  deps: SettleDeps & { billing: Billing },
  userId: number,
  txRef: string,
): Promise<Payment> {
  const { billing } = deps;
  let row = await ownPayment(deps, userId, txRef);
  if (row.status === 'pending') {
    const gateway = await billing.gateway(row.gateway);
    const verified = gateway ? await gateway.verify(txRef) : null;
    if (verified) row = (await settlePayment(deps, txRef, verified, await billing.policy()))?.payment ?? row;
  }
  return viewOf(deps, row);
}

/** Test mode: the sandbox checkout of a payment of the caller's. */
export async function sandboxCharge(
  deps: Pick<Deps, 'db' | 'config'> & { billing: Billing },
  userId: number,
  txRef: string,
): Promise<SandboxCharge> {
  const { billing } = deps;
  const payment = await ownPayment(deps, userId, txRef);
  const charge = await billing.sandbox.charge(txRef);
  if (!charge) throw new NotFoundError();
  return { ...charge, cancel_url: cancelUrl(deps.config.appUrl, payment) };
}

/**
 * Where the sandbox's "Cancel and go back" leads, as a real gateway's cancel
 * link does: back to the page the buyer chose to pay on, the payment left pending. A renewal is
 * mostly started from the billing page's Renew now, so it goes back there.
 */
function cancelUrl(appUrl: string, payment: typeof payments.$inferSelect): string {
  const ids = `${payment.productId}/${payment.priceId}`;
  if (payment.purpose === 'change') return `${appUrl}/change-plan/${ids}/confirm`;
  if (payment.purpose === 'renewal') return `${appUrl}/billing`;
  return `${appUrl}/checkout/${ids}`;
}

/** Test mode: the buyer decides; the sandbox then sends its signed webhook through the real path. */
export async function decideSandboxCharge(
  deps: SettleDeps & { billing: Billing },
  userId: number,
  txRef: string,
  outcome: SandboxOutcome,
): Promise<SandboxCharge> {
  const { billing } = deps;
  const payment = await ownPayment(deps, userId, txRef);
  if (!(await billing.sandbox.charge(txRef))) throw new NotFoundError();
  const { charge, webhook } = await billing.sandbox.decide(txRef, outcome);
  await receiveWebhook(deps, billing.sandbox, webhook, await billing.policy());
  return { ...charge, cancel_url: cancelUrl(deps.config.appUrl, payment) };
}
