import type { Currency } from '@zema/contracts';
import { and, desc, eq, gt, like, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { paymentRefunds, payments, products } from './billing.tables';
import type { SettleDeps } from './settle';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type PaymentRow = typeof payments.$inferSelect;

/** Our own reference of a refund, sent to the gateway as its idempotency key or refund reference. */
export const refundKey = (refundId: number) => `zema-refund-${refundId}`;
const REFUND_KEY = /^zema-refund-(\d+)$/;

/** The payment's row, locked until `tx` ends: refunds of one payment happen one at a time. */
export async function lockPayment(tx: Tx, where: { id: number } | { txRef: string }) {
  const [row] = await tx
    .select()
    .from(payments)
    .where('id' in where ? eq(payments.id, where.id) : eq(payments.txRef, where.txRef))
    .for('update');
  return row ?? null;
}

/**
 * How long a refund may stay `requested` (the gateway's timeout is 15 s): one older than this was
 * cut off between asking and recording, and stops holding the payment back; if the gateway did
 * take it, its webhook records the money.
 */
export const REQUESTED_REFUND_TTL_MS = 10 * 60_000;

/** What refunds still being asked of the gateway hold back of the payment (inside `tx`). */
export async function amountInFlight(tx: Tx, paymentId: number, now = new Date()): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${paymentRefunds.amount}), 0)::int` })
    .from(paymentRefunds)
    .where(
      and(
        eq(paymentRefunds.paymentId, paymentId),
        eq(paymentRefunds.status, 'requested'),
        gt(paymentRefunds.createdAt, new Date(now.getTime() - REQUESTED_REFUND_TTL_MS)),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * How long a refund of an amount asked without an idempotency key answers for the same amount
 * asked again: a double submit, a retried request or a second tab arrives within seconds.
 */
export const SAME_REFUND_WINDOW_MS = 60_000;

/**
 * The key a refund of an amount asked without one is stored under: the amount and the time, so a
 * later refund of the same amount (an admin may mean two refunds of 100) gets its own key. `:` is
 * not allowed in the keys callers send, so the two never meet.
 */
const derivedKeyPrefix = (amount: number) => `same:${amount}:`;
export const derivedRefundKey = (amount: number, now: Date) => `${derivedKeyPrefix(amount)}${now.getTime()}`;

/**
 * The refund of `amount` asked without a key of the payment (locked in `tx`) within
 * `SAME_REFUND_WINDOW_MS`: the one a second such request is the same as.
 */
export async function sameRecentRefund(tx: Tx, paymentId: number, amount: number, now: Date) {
  const [row] = await tx
    .select()
    .from(paymentRefunds)
    .where(
      and(
        eq(paymentRefunds.paymentId, paymentId),
        like(paymentRefunds.idempotencyKey, `${derivedKeyPrefix(amount)}%`),
        gt(paymentRefunds.createdAt, new Date(now.getTime() - SAME_REFUND_WINDOW_MS)),
      ),
    )
    .orderBy(desc(paymentRefunds.id))
    .limit(1);
  return row ?? null;
}

/**
 * Counts a refund the gateway took in its payment (the row locked in `tx`): all of it refunded
 * makes the payment `refunded`; part of it leaves it `succeeded` with the amount shown.
 */
export async function addRefunded(tx: Tx, payment: PaymentRow, amount: number, now: Date) {
  const refunded = Math.min(payment.amount, payment.refundedAmount + amount);
  const [row] = await tx
    .update(payments)
    .set({
      refundedAmount: refunded,
      refundedAt: now,
      status: refunded >= payment.amount ? 'refunded' : payment.status,
    })
    .where(eq(payments.id, payment.id))
    .returning();
  return row!;
}

/**
 * Says a refund was recorded (the notifications module tells the buyer: in-app, and mail or push
 * by their settings). A subscriber that fails is logged and never undoes the refund.
 */
export async function tellRefund(deps: SettleDeps, payment: PaymentRow, amount: number) {
  const [product] = await deps.db
    .select({ name: products.name })
    .from(products)
    .where(eq(products.id, payment.productId));
  await deps.events.emit('payment.refunded', {
    userId: payment.userId,
    productName: product?.name ?? '',
    amount,
    currency: payment.currency as Currency,
    full: payment.refundedAmount >= payment.amount,
  });
}

/**
 * A refund the gateway tells of by webhook (one made in its dashboard, or ours confirmed). Applied
 * once whatever the order or repetition: a refund already known by its reference changes nothing
 * but its status; `total` (what the gateway says is refunded in all, as Stripe's charge does) only
 * ever adds what our record lacks; `amount` (one refund, as Chapa's webhook) is recorded once per
 * reference. What refunds of ours still being asked would add is left to them.
 */
export async function recordGatewayRefund(
  deps: SettleDeps,
  input: {
    payment: { id: number } | { txRef: string };
    /** The gateway's refund id, or ours (`zema-refund-<id>`) when the gateway echoes it. */
    reference: string | null;
    amount?: number | null;
    total?: number | null;
  },
  now = new Date(),
): Promise<{ payment: PaymentRow; amount: number } | null> {
  const result = await deps.db.transaction(async (tx) => {
    const payment = await lockPayment(tx, input.payment);
    if (!payment || (payment.status !== 'succeeded' && payment.status !== 'refunded')) return null;
    if (input.reference) {
      const own = REFUND_KEY.exec(input.reference);
      const [known] = await tx
        .select()
        .from(paymentRefunds)
        .where(
          and(
            eq(paymentRefunds.paymentId, payment.id),
            own
              ? eq(paymentRefunds.id, Number(own[1]))
              : eq(paymentRefunds.gatewayReference, input.reference),
          ),
        );
      if (known) {
        if (known.status === 'pending')
          await tx.update(paymentRefunds).set({ status: 'succeeded' }).where(eq(paymentRefunds.id, known.id));
        return null;
      }
    }
    if (input.total == null && input.amount != null) {
      // A webhook that names no refund of ours: it confirms a pending one of the same amount first.
      const [pending] = await tx
        .select({ id: paymentRefunds.id })
        .from(paymentRefunds)
        .where(
          and(
            eq(paymentRefunds.paymentId, payment.id),
            eq(paymentRefunds.status, 'pending'),
            eq(paymentRefunds.amount, input.amount),
          ),
        )
        .orderBy(paymentRefunds.id)
        .limit(1);
      if (pending) {
        await tx.update(paymentRefunds).set({ status: 'succeeded' }).where(eq(paymentRefunds.id, pending.id));
        return null;
      }
    }
    const inFlight = await amountInFlight(tx, payment.id);
    const left = payment.amount - payment.refundedAmount - inFlight;
    // A gateway's total already counts a refund of ours it has taken but we have not recorded yet.
    const wanted =
      input.total != null
        ? input.total - payment.refundedAmount - inFlight
        : (input.amount ?? payment.amount);
    const amount = Math.min(wanted, left);
    if (amount <= 0) return null;
    const [recorded] = await tx
      .insert(paymentRefunds)
      .values({
        paymentId: payment.id,
        amount,
        reason: 'Refunded at the payment service',
        gatewayReference: input.reference,
        status: 'succeeded',
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: paymentRefunds.id });
    if (!recorded) return null;
    return { payment: await addRefunded(tx, payment, amount, now), amount };
  });
  if (result) await tellRefund(deps, result.payment, result.amount);
  return result;
}
