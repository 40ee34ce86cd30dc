import type {
  BillingInterval,
  ChangePlanResponse,
  Currency,
  PlanChangeQuote,
  Price,
  SubscriptionStatus,
  SubscriptionView,
  User,
} from '@zema/contracts';
import { msg } from '@zema/contracts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { ConflictError, invalidInput } from '#src/lib/errors';
import { users } from '#src/modules/users/tables';
import type { Deps } from '#src/platform/deps';
import { prices, products, subscriptions } from './billing.tables';
import { type Billing, openPayment, paymentByKey } from './checkout.service';
import { newestSubscription, subscriptionState } from './entitlements';
import { addPeriod, amountDue, decideChange, prepaidCredit, trialEnd } from './periods';
import { resumeSubscription, view } from './subscription.service';

export const PLAN_CHANGE_MESSAGES = {
  noPlan: msg('You have no plan to change: choose one on the pricing page.'),
  notOnSale: msg('This price is not on sale.'),
  samePlan: msg('This is already your plan.'),
  gatewayCannotChange: msg(
    'Your payment provider cannot change this plan here. Cancel it and choose the new plan.',
  ),
  currencySwitch: msg(
    'A plan that renews by itself cannot switch currency. Cancel it and choose the new plan when it ends.',
  ),
  trialUsed: msg('You already had a free trial of this plan.'),
  noTrial: msg('This plan has no free trial.'),
  hasPlan: msg('You already have a plan: change plans from the billing page.'),
} as const;

type SubscriptionRow = typeof subscriptions.$inferSelect;
type PriceRow = typeof prices.$inferSelect;
type ProductRow = typeof products.$inferSelect;
type PlanDeps = Pick<Deps, 'db' | 'config' | 'events'>;

const priceView = (p: PriceRow): Price => ({
  id: p.id,
  product_id: p.productId,
  currency: p.currency as Currency,
  amount: p.amount,
  interval: p.interval as BillingInterval,
  interval_count: p.intervalCount,
});
const terms = (p: PriceRow) => ({
  amount: p.amount,
  interval: p.interval as BillingInterval,
  intervalCount: p.intervalCount,
});

/** A price on sale, of the product named in the path (a hidden plan or an archived price is not). */
async function priceOnSale(deps: Pick<Deps, 'db'>, productId: number, priceId: number) {
  const [row] = await deps.db
    .select({ price: prices, product: products })
    .from(prices)
    .innerJoin(products, eq(products.id, prices.productId))
    .where(and(eq(prices.id, priceId), eq(prices.productId, productId)));
  if (!row || row.price.archivedAt || row.product.hidden)
    throw invalidInput({ price_id: [PLAN_CHANGE_MESSAGES.notOnSale] });
  return row;
}

/** The current plan's price in `currency`, preferring the same interval as `like`: per-day prices compare only within one currency. */
async function comparablePrice(deps: Pick<Deps, 'db'>, current: PriceRow, like: PriceRow) {
  if (current.currency === like.currency) return current;
  const rows = await deps.db
    .select()
    .from(prices)
    .where(
      and(
        eq(prices.productId, current.productId),
        eq(prices.currency, like.currency),
        isNull(prices.archivedAt),
      ),
    )
    .orderBy(asc(prices.id));
  return (
    rows.find((p) => p.interval === like.interval && p.intervalCount === like.intervalCount) ??
    rows.find((p) => p.interval === current.interval && p.intervalCount === current.intervalCount) ??
    rows[0] ??
    null
  );
}

type Quoted = {
  quote: PlanChangeQuote;
  current: SubscriptionRow;
  next: { price: PriceRow; product: ProductRow };
};

/**
 * What changing to `priceId` would do for the caller, now (decision 0041), as data the confirm
 * page words: nothing is changed here. The arithmetic is `decideChange` (periods.ts).
 */
export async function quoteChange(
  deps: Pick<Deps, 'db'> & { billing: Billing },
  userId: number,
  productId: number,
  priceId: number,
  now = new Date(),
): Promise<Quoted> {
  const { billing } = deps;
  const current = await newestSubscription(deps.db, userId, 'valid', now);
  if (!current) throw invalidInput({ subscription: [PLAN_CHANGE_MESSAGES.noPlan] });
  const next = await priceOnSale(deps, productId, priceId);
  const [currentProduct] = await deps.db.select().from(products).where(eq(products.id, current.productId));
  const [currentPrice] = current.priceId
    ? await deps.db.select().from(prices).where(eq(prices.id, current.priceId))
    : [];
  const currency = next.price.currency as Currency;
  const periodEnd = current.currentPeriodEnd ?? current.trialEndsAt;
  const base = {
    current: {
      product_id: current.productId,
      product_name: currentProduct?.name ?? '',
      price: currentPrice ? priceView(currentPrice) : null,
      status: current.status as SubscriptionStatus,
      current_period_end: periodEnd?.toISOString() ?? null,
      gateway: current.gateway as PlanChangeQuote['current']['gateway'],
    },
    next: { product_id: next.product.id, product_name: next.product.name, price: priceView(next.price) },
    currency,
  };
  const quoted = (quote: Omit<PlanChangeQuote, keyof typeof base>): Quoted => ({
    quote: { ...base, ...quote },
    current,
    next,
  });

  if (current.productId === next.product.id && current.priceId === next.price.id) {
    // Choosing the plan one has calls off a cancellation or a change waiting for the period end.
    if (current.status !== 'cancelled' && !current.scheduledPriceId)
      throw invalidInput({ price_id: [PLAN_CHANGE_MESSAGES.samePlan] });
    return quoted({
      kind: 'keep_current',
      reason: null,
      credit: 0,
      unused_days: 0,
      credit_unavailable: null,
      amount_due: 0,
      estimated: false,
      starts_at: now.toISOString(),
      renews_at: periodEnd?.toISOString() ?? null,
    });
  }

  const sameCurrency = !!currentPrice && currentPrice.currency === currency;
  const gateway = await billing.gateway(current.gateway);
  const paidPeriodRunning =
    !!currentPrice &&
    current.gateway !== 'manual' &&
    (current.status === 'active' || current.status === 'cancelled') &&
    !!current.currentPeriodStart &&
    !!current.currentPeriodEnd &&
    current.currentPeriodEnd.getTime() > now.getTime();
  const unused =
    paidPeriodRunning && currentPrice
      ? prepaidCredit(terms(currentPrice), current.currentPeriodStart!, current.currentPeriodEnd!, now)
      : { credit: 0, unusedDays: 0 };
  const creditUnavailable =
    unused.unusedDays > 0 && !sameCurrency ? 'currency' : !paidPeriodRunning ? 'not_paid' : null;

  if (gateway?.recurring && !next.product.free && next.price.amount > 0) {
    // The gateway owns the subscription and prorates; our own arithmetic is only an estimate.
    const credit = sameCurrency ? unused.credit : 0;
    return quoted({
      kind: 'prorated_by_gateway',
      reason: null,
      credit,
      unused_days: unused.unusedDays,
      credit_unavailable: creditUnavailable,
      amount_due: amountDue(next.price.amount, credit),
      estimated: true,
      starts_at: now.toISOString(),
      renews_at: null,
    });
  }

  const comparable = currentPrice ? await comparablePrice(deps, currentPrice, next.price) : null;
  const decision = decideChange({
    current: currentPrice ? terms(currentPrice) : { amount: 0, interval: 'month', intervalCount: 1 },
    comparable: comparable ? terms(comparable) : null,
    next: { ...terms(next.price), free: next.product.free },
    sameCurrency,
    periodStart: current.currentPeriodStart,
    periodEnd: current.currentPeriodEnd,
    paidPeriodRunning,
    now,
  });
  if (decision.kind === 'upgrade_now')
    return quoted({
      kind: 'upgrade_now',
      reason: null,
      credit: decision.credit,
      unused_days: decision.unusedDays,
      credit_unavailable: creditUnavailable,
      amount_due: decision.due,
      estimated: false,
      starts_at: now.toISOString(),
      renews_at: addPeriod(
        now,
        next.price.interval as BillingInterval,
        next.price.intervalCount,
      ).toISOString(),
    });
  const at = periodEnd && periodEnd.getTime() > now.getTime() ? periodEnd : now;
  return quoted({
    kind: 'downgrade_at_period_end',
    reason: decision.reason,
    credit: 0,
    unused_days: unused.unusedDays,
    credit_unavailable: null,
    amount_due: 0,
    estimated: false,
    starts_at: at.toISOString(),
    renews_at: null,
  });
}

/**
 * Changes plan as `quoteChange` says (decision 0041): an upgrade opens a checkout for the
 * difference (purpose `change`, the credit recorded on the payment; settling starts the new plan);
 * a downgrade is written on the subscription for the lifecycle job; a gateway that renews by
 * itself is asked to change its subscription and prorates. The same idempotency key answers the
 * first checkout again.
 */
export async function changePlan(
  deps: PlanDeps & { billing: Billing },
  user: User,
  productId: number,
  priceId: number,
  idempotencyKey: string,
  now = new Date(),
): Promise<ChangePlanResponse> {
  const { billing } = deps;
  const earlier = await paymentByKey(deps, user.id, idempotencyKey, priceId);
  if (earlier)
    return { quote: null, payment: earlier.payment, redirect_url: earlier.redirect_url, subscription: null };
  const { quote, current, next } = await quoteChange(deps, user.id, productId, priceId, now);
  const answer = (subscription: SubscriptionView | null) => ({
    quote,
    payment: null,
    redirect_url: null,
    subscription,
  });

  switch (quote.kind) {
    case 'keep_current': {
      // Resuming tells a gateway that renews by itself (Stripe) first.
      return answer(await resumeSubscription(deps, user.id));
    }
    case 'upgrade_now': {
      const started = await openPayment(deps, user, {
        product: next.product,
        price: next.price,
        purpose: 'change',
        subscriptionId: current.id,
        amount: quote.amount_due,
        credit: quote.credit,
        idempotencyKey,
      });
      return { quote, payment: started.payment, redirect_url: started.redirect_url, subscription: null };
    }
    case 'prorated_by_gateway': {
      const gateway = await billing.gateway(current.gateway);
      if (!gateway?.changeSubscription || !current.gatewayId)
        throw new ConflictError(PLAN_CHANGE_MESSAGES.gatewayCannotChange);
      if (quote.current.price && quote.current.price.currency !== next.price.currency)
        throw new ConflictError(PLAN_CHANGE_MESSAGES.currencySwitch);
      await gateway.changeSubscription({
        gatewaySubscriptionId: current.gatewayId,
        price: {
          id: next.price.id,
          currency: next.price.currency as Currency,
          amount: next.price.amount,
          interval: next.price.interval as BillingInterval,
          intervalCount: next.price.intervalCount,
          stripePriceId: next.price.stripePriceId,
        },
        productName: next.product.name,
      });
      // The gateway's webhook moves our row; until then the page shows it as it stands.
      return answer(await view(deps, current, now));
    }
    case 'downgrade_at_period_end': {
      const toFree = quote.reason === 'free';
      const gateway = await billing.gateway(current.gateway);
      if (toFree && gateway?.recurring && current.gatewayId) {
        if (!gateway.setCancelAtPeriodEnd) throw new ConflictError(PLAN_CHANGE_MESSAGES.gatewayCannotChange);
        await gateway.setCancelAtPeriodEnd(current.gatewayId, true);
      }
      // To the free plan: the paid plan is cancelled at its end (everyone without one has Free).
      // To a cheaper paid plan: it waits on the row; the lifecycle job switches at the period end.
      const [row] = await deps.db
        .update(subscriptions)
        .set(
          toFree
            ? {
                status: 'cancelled',
                cancelAtPeriodEnd: true,
                cancelledAt: current.cancelledAt ?? now,
                scheduledPriceId: next.price.id,
                updatedAt: now,
              }
            : {
                status: current.status === 'cancelled' ? 'active' : current.status,
                cancelAtPeriodEnd: false,
                cancelledAt: null,
                scheduledPriceId: next.price.id,
                updatedAt: now,
              },
        )
        .where(eq(subscriptions.id, current.id))
        .returning();
      await deps.events.emit('account.changed', { userId: user.id });
      return answer(await view(deps, row!, now));
    }
  }
}

/**
 * Starts a plan's free trial (decision 0041): a user without a valid plan who never had a
 * trial of this plan gets `trialing` for the plan's `trial_days`, without paying. The trial's end
 * is its period's end, so the lifecycle job reminds before it; paying the renewal checkout
 * meanwhile adds a period after the trial; an unpaid trial expires. One trial per user and plan,
 * even for two requests at once (they queue on the user's row).
 */
export async function startTrial(
  deps: PlanDeps & { billing: Billing },
  userId: number,
  priceId: number,
  now = new Date(),
): Promise<SubscriptionView> {
  const { billing } = deps;
  const [row] = await deps.db
    .select({ price: prices, product: products })
    .from(prices)
    .innerJoin(products, eq(products.id, prices.productId))
    .where(eq(prices.id, priceId));
  if (!row || row.price.archivedAt || row.product.hidden || row.product.free)
    throw invalidInput({ price_id: [PLAN_CHANGE_MESSAGES.notOnSale] });
  if (row.product.trialDays <= 0) throw invalidInput({ price_id: [PLAN_CHANGE_MESSAGES.noTrial] });
  const gateway = await billing.gatewayFor(row.price.currency as Currency);
  // A gateway that renews by itself runs its own trials (with the card it keeps).
  if (gateway.recurring) throw new ConflictError(PLAN_CHANGE_MESSAGES.gatewayCannotChange);

  const created = await deps.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const mine = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    if (mine.some((s) => s.productId === row.product.id && s.trialEndsAt))
      throw invalidInput({ price_id: [PLAN_CHANGE_MESSAGES.trialUsed] });
    if (mine.some((s) => subscriptionState(s, now).valid))
      throw invalidInput({ price_id: [PLAN_CHANGE_MESSAGES.hasPlan] });
    const ends = trialEnd(now, row.product.trialDays);
    const [inserted] = await tx
      .insert(subscriptions)
      .values({
        userId,
        productId: row.product.id,
        priceId: row.price.id,
        gateway: gateway.id,
        status: 'trialing',
        currentPeriodStart: now,
        currentPeriodEnd: ends,
        trialEndsAt: ends,
      })
      .returning();
    return inserted!;
  });
  await deps.events.emit('account.changed', { userId });
  return view(deps, created, now);
}
