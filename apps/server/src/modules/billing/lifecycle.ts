import { and, eq, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Deps } from '#src/platform/deps';
import { prices, products, subscriptions } from './billing.tables';

import { billingSettings, DEFAULT_GRACE_DAYS, DEFAULT_REMINDER_DAYS } from './billing-settings';

/** Days before a prepaid period ends that its owner is reminded, until the admin sets another number. */
export const REMINDER_DAYS = DEFAULT_REMINDER_DAYS;
/** Days a prepaid plan keeps working after its period ended unpaid, until the admin sets another number. */
export const GRACE_DAYS = DEFAULT_GRACE_DAYS;
const DAY_MS = 86_400_000;

// Zema renews prepaid plans itself; Stripe renews its own, and its webhooks move them.
const PREPAID = ['sandbox', 'chapa', 'manual'];

type LifecycleDeps = Pick<Deps, 'db' | 'events' | 'settings' | 'live' | 'background' | 'config' | 'log'>;

/**
 * The subscriptions' clock (decision 0038), run by the schedule: remind before a prepaid period
 * ends (once per period), give an unpaid ended period its grace days, and expire what is over.
 * Each step claims its rows with one conditional UPDATE, so several instances never double a step.
 */
export async function runBillingLifecycle(deps: LifecycleDeps, now = new Date()) {
  const { reminderDays, graceDays } = await billingSettings(deps);
  const soon = new Date(now.getTime() + reminderDays * DAY_MS);
  const reminded = await deps.db
    .update(subscriptions)
    .set({ remindedForPeriodEnd: sql`${subscriptions.currentPeriodEnd}` })
    .where(
      and(
        inArray(subscriptions.gateway, PREPAID),
        // A trial ends like a period: its owner is reminded to pay for the plan.
        inArray(subscriptions.status, ['active', 'trialing']),
        eq(subscriptions.cancelAtPeriodEnd, false),
        sql`${subscriptions.currentPeriodEnd} > ${now} and ${subscriptions.currentPeriodEnd} <= ${soon}`,
        or(
          isNull(subscriptions.remindedForPeriodEnd),
          ne(subscriptions.remindedForPeriodEnd, sql`${subscriptions.currentPeriodEnd}`),
        ),
      ),
    )
    .returning();
  for (const s of reminded) {
    if (!s.priceId || !s.currentPeriodEnd) continue;
    // With a change waiting for the period end, the renewal to pay is the new plan's.
    const [next] = s.scheduledPriceId
      ? await deps.db
          .select({ priceId: prices.id, productId: prices.productId })
          .from(prices)
          .where(eq(prices.id, s.scheduledPriceId))
      : [{ priceId: s.priceId, productId: s.productId }];
    if (!next) continue;
    await deps.events.emit('subscription.renewal_due', {
      userId: s.userId,
      productName: await productName(deps, next.productId),
      endsAt: s.currentPeriodEnd.toISOString(),
      ...next,
    });
  }

  // A change waiting for the period end (a prepaid downgrade) takes over when it ends; the new
  // plan's first period is then unpaid like any ended one: grace days, and its renewal checkout.
  const switched = await deps.db
    .update(subscriptions)
    .set({
      productId: sql`(select p.product_id from prices p where p.id = ${subscriptions.scheduledPriceId})`,
      priceId: sql`${subscriptions.scheduledPriceId}`,
      scheduledPriceId: null,
      updatedAt: now,
    })
    .where(
      and(
        inArray(subscriptions.gateway, PREPAID),
        eq(subscriptions.status, 'active'),
        isNotNull(subscriptions.scheduledPriceId),
        lte(subscriptions.currentPeriodEnd, now),
      ),
    )
    .returning({ userId: subscriptions.userId });

  // An ended, unpaid prepaid period: past due, valid through its grace days.
  const graced = await deps.db
    .update(subscriptions)
    .set({
      status: 'past_due',
      graceEndsAt: sql`${subscriptions.currentPeriodEnd} + make_interval(days => ${graceDays})`,
      updatedAt: now,
    })
    .where(
      and(
        inArray(subscriptions.gateway, PREPAID),
        eq(subscriptions.status, 'active'),
        lte(subscriptions.currentPeriodEnd, now),
      ),
    )
    .returning({ userId: subscriptions.userId });

  // Over: a cancelled plan at its period's end, a past-due one after its grace, an unpaid trial.
  const expired = await deps.db
    .update(subscriptions)
    .set({ status: 'expired', endedAt: now, updatedAt: now })
    .where(
      and(
        ne(subscriptions.gateway, 'stripe'),
        or(
          and(eq(subscriptions.status, 'cancelled'), lte(subscriptions.currentPeriodEnd, now)),
          and(eq(subscriptions.status, 'past_due'), lte(subscriptions.graceEndsAt, now)),
          and(eq(subscriptions.status, 'trialing'), lte(subscriptions.trialEndsAt, now)),
        ),
      ),
    )
    .returning({ userId: subscriptions.userId, productId: subscriptions.productId });
  for (const s of expired) {
    await deps.events.emit('subscription.ended', {
      userId: s.userId,
      productName: await productName(deps, s.productId),
    });
  }
  for (const userId of new Set([...switched, ...graced, ...expired].map((s) => s.userId)))
    await deps.events.emit('account.changed', { userId });
  return {
    reminded: reminded.length,
    switched: switched.length,
    graced: graced.length,
    expired: expired.length,
  };
}

async function productName(deps: LifecycleDeps, productId: number) {
  const [product] = await deps.db
    .select({ name: products.name })
    .from(products)
    .where(eq(products.id, productId));
  return product?.name ?? '';
}
