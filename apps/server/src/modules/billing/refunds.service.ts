import type { Currency } from '@zema/contracts';
import { msg } from '@zema/contracts';
import type { RefundPaymentRequest } from '@zema/contracts/admin';
import { and, eq } from 'drizzle-orm';
import {
  ConflictError,
  DomainError,
  InvalidInputError,
  invalidInput,
  NotFoundError,
  UpstreamError,
} from '#src/lib/errors';
import { type Actor, audit } from '#src/modules/audit/index';
import type { Deps } from '#src/platform/deps';
import { paymentRefunds, subscriptions } from './billing.tables';
import {
  addRefunded,
  amountInFlight,
  derivedRefundKey,
  lockPayment,
  refundKey,
  sameRecentRefund,
  tellRefund,
} from './refunds';
import type { Billing } from './registry';
import { ADMIN_SUBSCRIPTION_MESSAGES, cancelSubscriptionByAdmin } from './subscriptions.service';

export const REFUND_MESSAGES = {
  notSucceeded: msg('Only a payment that went through can be refunded.'),
  tooMuch: msg('That is more than is left to refund of this payment.'),
  nothingLeft: msg('Nothing is left to refund of this payment.'),
  underWay: msg('A refund of this payment is already under way. Try again in a moment.'),
  noGateway: msg('The gateway that took this payment is not configured on this server.'),
  stripeOwned: ADMIN_SUBSCRIPTION_MESSAGES.stripeOwned,
} as const;

type RefundDeps = Pick<Deps, 'db' | 'events' | 'settings' | 'live' | 'background' | 'config' | 'log'>;

/**
 * Refunds a succeeded payment through the gateway that took it (decision 0045), all that is
 * left or part of it. Three steps, so no transaction waits on the network: under the payment's
 * row lock the refund is checked and written down as `requested` (a second request, at once or a
 * double submit, finds it and makes no second refund); the gateway is asked; then, under the lock
 * again, the amount is counted in the payment with its audit entry in one transaction. When the
 * gateway fails, the requested row goes and nothing of ours has changed.
 */
export async function refundPayment(
  deps: RefundDeps & { billing: Billing },
  actor: Actor,
  paymentId: number,
  body: RefundPaymentRequest,
  now = new Date(),
): Promise<void> {
  const { billing } = deps;
  const asked = await deps.db.transaction(async (tx) => {
    const payment = await lockPayment(tx, { id: paymentId });
    if (!payment) throw new NotFoundError();
    // Without a key, the payment's row lock and a short window stand in for one: the same amount
    // asked again within a minute (a double submit, a retry, a second tab) is the refund already
    // asked, while the same amount asked later is a refund of its own. The lock alone would not do:
    // a request right after the first has finished finds nothing in flight and refunds again. A
    // caller that means two refunds of one amount within the minute sends a key with each. "All
    // that is left" needs no key: once made, nothing is left, and a second is refused as such.
    const same = body.idempotency_key
      ? ((
          await tx
            .select()
            .from(paymentRefunds)
            .where(
              and(
                eq(paymentRefunds.paymentId, payment.id),
                eq(paymentRefunds.idempotencyKey, body.idempotency_key),
              ),
            )
        )[0] ?? null)
      : body.amount !== undefined
        ? await sameRecentRefund(tx, payment.id, body.amount, now)
        : null;
    if (same?.status === 'requested') throw new ConflictError(REFUND_MESSAGES.underWay);
    // The same refund submitted again: it is made already.
    if (same) return null;
    if (payment.status !== 'succeeded') throw invalidInput({ amount: [REFUND_MESSAGES.notSucceeded] });
    if ((await amountInFlight(tx, payment.id, now)) > 0) throw new ConflictError(REFUND_MESSAGES.underWay);
    const left = payment.amount - payment.refundedAmount;
    if (left <= 0) throw invalidInput({ amount: [REFUND_MESSAGES.nothingLeft] });
    const amount = body.amount ?? left;
    if (amount > left) throw invalidInput({ amount: [REFUND_MESSAGES.tooMuch] });
    const subscription =
      body.end_subscription && payment.subscriptionId
        ? ((await tx.select().from(subscriptions).where(eq(subscriptions.id, payment.subscriptionId)))[0] ??
          null)
        : null;
    // Stripe's subscription is ended in Stripe; refusing before the refund leaves nothing half done.
    if (subscription?.gateway === 'stripe')
      throw invalidInput({ end_subscription: [REFUND_MESSAGES.stripeOwned] });
    const gateway = await billing.gateway(payment.gateway);
    if (!gateway?.refunds) throw invalidInput({ amount: [REFUND_MESSAGES.noGateway] });
    const [refund] = await tx
      .insert(paymentRefunds)
      .values({
        paymentId: payment.id,
        amount,
        reason: body.reason || null,
        idempotencyKey:
          body.idempotency_key ?? (body.amount !== undefined ? derivedRefundKey(body.amount, now) : null),
        createdBy: actor.user.id,
        createdAt: now,
      })
      .returning();
    return { payment, refund: refund!, gateway, subscription };
  });
  if (!asked) return;

  const { payment, refund, gateway, subscription } = asked;
  let answer: Awaited<ReturnType<typeof gateway.refund>>;
  try {
    answer = await gateway.refund({
      txRef: payment.txRef,
      reference: payment.gatewayReference,
      currency: payment.currency as Currency,
      amount: refund.amount,
      reason: refund.reason,
      key: refundKey(refund.id),
    });
  } catch (err) {
    await deps.db.delete(paymentRefunds).where(eq(paymentRefunds.id, refund.id));
    if (err instanceof DomainError) throw err;
    deps.log.warn({ err }, 'a refund could not be asked of the gateway');
    throw new UpstreamError(msg('The payment service could not be reached. Try again in a moment.'));
  }

  const refunded = await deps.db.transaction(async (tx) => {
    const current = (await lockPayment(tx, { id: payment.id }))!;
    await tx
      .update(paymentRefunds)
      .set({
        status: answer.status === 'refunded' ? 'succeeded' : 'pending',
        gatewayReference: answer.reference,
      })
      .where(eq(paymentRefunds.id, refund.id));
    const row = await addRefunded(tx, current, refund.amount, now);
    await audit(tx, actor, {
      action: 'payment.refund',
      target: { type: 'payment', id: payment.id, label: payment.txRef },
      before: { status: current.status, refunded_amount: current.refundedAmount },
      after: {
        status: row.status,
        refunded_amount: row.refundedAmount,
        amount: refund.amount,
        currency: payment.currency,
        reason: refund.reason,
        gateway_status: answer.status,
        gateway_reference: answer.reference,
        end_subscription: !!body.end_subscription,
      },
    });
    return row;
  });
  await tellRefund(deps, refunded, refund.amount);

  if (subscription) {
    try {
      await cancelSubscriptionByAdmin(deps, actor, subscription.id, false, now);
    } catch (err) {
      // Already over: nothing to end. Anything else is told (the refund itself is made).
      if (!(err instanceof InvalidInputError)) throw err;
    }
  }
}
