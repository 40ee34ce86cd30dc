import {
  type BillingInterval,
  type Currency,
  INVOICE_CREDIT_LINE,
  INVOICE_PLAN_LINE,
  msg,
  type Payment,
  type PaymentPurpose,
} from '@zema/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { translator } from '#src/lib/translate';
import { users } from '#src/modules/users/tables';
import type { Deps } from '#src/platform/deps';
import { billingCounters, invoices, payments, prices, products, subscriptions } from './billing.tables';
import type { VerifiedPayment } from './gateway';
import { DEFAULT_INVOICE_PREFIX, invoiceNumberText, yearOfIssue } from './invoice-number';
import { addPeriod, taxIncluded } from './periods';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type PaymentRow = typeof payments.$inferSelect;

export type BillingPolicy = {
  /** VAT included in prices, basis points (1500 = 15 %). */
  vatRateBp: number;
  /** How invoices are numbered and whom they name as seller, as the settings stood when read. */
  invoice?: InvoicePolicy;
};

export type InvoicePolicy = {
  /** `ZEMA` in `ZEMA-2026-000042`. */
  prefix: string;
  /** Where the seller is: the year of issue is theirs. */
  timeZone: string;
  seller: { name: string; address: string | null; tin: string | null };
};

export function paymentView(row: PaymentRow, productName: string): Payment {
  return {
    tx_ref: row.txRef,
    status: row.status as Payment['status'],
    purpose: row.purpose as PaymentPurpose,
    gateway: row.gateway as Payment['gateway'],
    product_id: row.productId,
    product_name: productName,
    price_id: row.priceId,
    amount: row.amount,
    currency: row.currency as Currency,
    credit: row.credit,
    method: row.method,
    failure_reason: row.failureReason,
    created_at: row.createdAt.toISOString(),
    processed_at: row.processedAt?.toISOString() ?? null,
  };
}

/** The next number of a gap-free counter, under the counter row's lock (inside `tx`). */
async function nextNumber(tx: Tx, name: string): Promise<number> {
  const [row] = await tx
    .insert(billingCounters)
    .values({ name, value: 1 })
    .onConflictDoUpdate({ target: billingCounters.name, set: { value: sql`${billingCounters.value} + 1` } })
    .returning({ value: billingCounters.value });
  return row!.value;
}

/**
 * Applies what a gateway said of a payment (decision 0038), in one transaction with the
 * payment row locked: each payment is processed once, whichever of webhook, callback and return
 * page arrives first or twice. A success is checked against the amount and currency stored when
 * the checkout started; then the subscription starts, renews or changes plan, and the invoice is
 * numbered in the same transaction. Answers the payment as it stands afterwards; `changed` when
 * this call moved it (the caller then tells the user).
 */
export type SettleDeps = Pick<Deps, 'db' | 'events' | 'settings' | 'live' | 'background' | 'config' | 'log'>;

export async function settlePayment(
  deps: SettleDeps,
  txRef: string,
  verified: VerifiedPayment,
  policy: BillingPolicy,
  now = new Date(),
  /** Runs in the same transaction (the webhook's event record marked processed with its money change). */
  alongside?: (tx: Tx) => Promise<void>,
): Promise<{ payment: PaymentRow; changed: boolean } | null> {
  const settleIn = async (tx: Tx): Promise<Settled | null> => {
    const [payment] = await tx.select().from(payments).where(eq(payments.txRef, txRef)).for('update');
    if (!payment) return null;
    if (payment.status !== 'pending' || verified.status === 'pending') return { payment, changed: false };
    if (verified.status === 'failed') {
      const [failed] = await tx
        .update(payments)
        .set({
          status: 'failed',
          failureReason: msg('The payment did not go through.'),
          processedAt: now,
          method: verified.method,
        })
        .where(eq(payments.id, payment.id))
        .returning();
      return { payment: failed!, changed: true };
    }
    // What was paid must be what was asked: a mismatch grants nothing.
    if (verified.amount !== payment.amount || verified.currency !== payment.currency) {
      const [refused] = await tx
        .update(payments)
        .set({
          status: 'failed',
          failureReason: `The gateway reported ${verified.amount} ${verified.currency}, not ${payment.amount} ${payment.currency}.`,
          processedAt: now,
          gatewayReference: verified.reference,
        })
        .where(eq(payments.id, payment.id))
        .returning();
      return { payment: refused!, changed: true };
    }
    const subscriptionId = await applyToSubscription(tx, payment, verified, now);
    const invoiceNumber = await issueInvoice(tx, payment, policy, now);
    const [settled] = await tx
      .update(payments)
      .set({
        status: 'succeeded',
        processedAt: now,
        method: verified.method,
        gatewayReference: verified.reference,
        subscriptionId,
      })
      .where(eq(payments.id, payment.id))
      .returning();
    return { payment: settled!, changed: true, invoiceNumber };
  };
  const result = await deps.db.transaction(async (tx) => {
    const settled = await settleIn(tx);
    await alongside?.(tx);
    return settled;
  });
  if (result?.changed) {
    // The user's permissions and subscriptions changed: the signed-in cache drops them.
    await deps.events.emit('account.changed', { userId: result.payment.userId });
    await announce(deps, result);
  }
  return result;
}

type Settled = { payment: PaymentRow; changed: boolean; invoiceNumber?: string };

/**
 * Says what became of the payment (the notifications module tells the buyer: in-app, and mail or
 * push by their settings). A subscriber that fails is logged and never undoes the settlement.
 */
async function announce(deps: SettleDeps, { payment, invoiceNumber }: Settled) {
  const [product] = await deps.db
    .select({ name: products.name })
    .from(products)
    .where(eq(products.id, payment.productId));
  const base = {
    userId: payment.userId,
    productName: product?.name ?? '',
    amount: payment.amount,
    currency: payment.currency as Currency,
    priceId: payment.priceId,
  };
  if (payment.status === 'succeeded' && invoiceNumber !== undefined)
    await deps.events.emit('payment.settled', { ...base, status: 'succeeded', invoiceNumber });
  else if (payment.status === 'failed')
    await deps.events.emit('payment.settled', { ...base, status: 'failed' });
}

async function applyToSubscription(tx: Tx, payment: PaymentRow, verified: VerifiedPayment, now: Date) {
  const [price] = await tx.select().from(prices).where(eq(prices.id, payment.priceId));
  const interval = price!.interval as BillingInterval;
  const method = verified.paymentMethod ?? (verified.method ? { type: verified.method } : null);
  const [current] = payment.subscriptionId
    ? await tx
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.id, payment.subscriptionId),
            inArray(subscriptions.status, ['active', 'trialing', 'past_due', 'cancelled']),
          ),
        )
        .for('update')
    : [];
  if (current && (payment.purpose === 'renewal' || payment.purpose === 'change')) {
    // A renewal paid before the end adds a period after it (an early renewal keeps the days
    // left); a late one, and a change (the unused days were credited in the amount paid), start
    // a full period now. Either way a pending cancellation or scheduled change is over.
    const running = !!current.currentPeriodEnd && current.currentPeriodEnd.getTime() > now.getTime();
    const extend = payment.purpose === 'renewal' && running;
    await tx
      .update(subscriptions)
      .set({
        productId: payment.productId,
        priceId: payment.priceId,
        status: 'active',
        currentPeriodStart: extend ? current.currentPeriodStart : now,
        currentPeriodEnd: addPeriod(extend ? current.currentPeriodEnd! : now, interval, price!.intervalCount),
        graceEndsAt: null,
        cancelAtPeriodEnd: false,
        cancelledAt: null,
        scheduledPriceId: null,
        paymentMethod: method,
        updatedAt: now,
      })
      .where(eq(subscriptions.id, current.id));
    return current.id;
  }
  // A recurring gateway's own subscription (Stripe) brings its id and period; its webhooks move it later.
  const own = verified.subscription;
  if (own) {
    const [known] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.gateway, payment.gateway), eq(subscriptions.gatewayId, own.gatewayId)));
    if (known) return known.id;
  }
  const [created] = await tx
    .insert(subscriptions)
    .values({
      userId: payment.userId,
      productId: payment.productId,
      priceId: payment.priceId,
      gateway: payment.gateway,
      gatewayId: own?.gatewayId ?? null,
      status: own?.status ?? 'active',
      currentPeriodStart: own?.currentPeriodStart ?? now,
      currentPeriodEnd: own?.currentPeriodEnd ?? addPeriod(now, interval, price!.intervalCount),
      cancelAtPeriodEnd: own?.cancelAtPeriodEnd ?? false,
      paymentMethod: method,
    })
    .returning({ id: subscriptions.id });
  return created!.id;
}

/** Numbers and records the invoice of a payment that went through; answers its printed number. */
async function issueInvoice(tx: Tx, payment: PaymentRow, policy: BillingPolicy, now: Date): Promise<string> {
  const [buyer] = await tx
    .select({ email: users.email, first: users.firstName, last: users.lastName, display: users.displayName })
    .from(users)
    .where(eq(users.id, payment.userId));
  const [product] = await tx
    .select({ name: products.name })
    .from(products)
    .where(eq(products.id, payment.productId));
  const [price] = await tx.select().from(prices).where(eq(prices.id, payment.priceId));
  const { net, tax } = taxIncluded(payment.amount, policy.vatRateBp);
  // Written in English as issued; the printed invoice reads them back into the reader's language.
  const english = translator(null);
  const planLine = english(INVOICE_PLAN_LINE, {
    plan: product?.name ?? 'Plan',
    interval: price!.interval,
    count: price!.intervalCount,
  });
  const lines = [{ description: planLine, amount: payment.amount + payment.credit }];
  if (payment.credit > 0) lines.push({ description: english(INVOICE_CREDIT_LINE), amount: -payment.credit });
  const number = await nextNumber(tx, 'invoice');
  const printed = invoiceNumberText(
    policy.invoice?.prefix ?? DEFAULT_INVOICE_PREFIX,
    yearOfIssue(now, policy.invoice?.timeZone ?? 'UTC'),
    number,
  );
  await tx.insert(invoices).values({
    number,
    displayNumber: printed,
    seller: policy.invoice?.seller ?? null,
    userId: payment.userId,
    paymentId: payment.id,
    currency: payment.currency,
    subtotal: net,
    taxRateBp: policy.vatRateBp,
    tax,
    total: payment.amount,
    buyerName:
      payment.buyerName ||
      buyer?.display ||
      [buyer?.first, buyer?.last].filter(Boolean).join(' ') ||
      buyer?.email ||
      'Customer',
    buyerEmail: buyer?.email ?? '',
    buyerTin: payment.buyerTin,
    lines,
    issuedAt: now,
  });
  return printed;
}
