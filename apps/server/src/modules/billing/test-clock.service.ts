import { type AnyColumn, eq, sql } from 'drizzle-orm';
import type { Deps } from '#src/platform/deps';
import { subscriptions } from './billing.tables';
import { runBillingLifecycle } from './lifecycle';

type ClockDeps = Pick<Deps, 'db' | 'events' | 'settings' | 'live' | 'background' | 'config' | 'log'>;

/**
 * Browser tests only (decision 0040): lets `days` pass for one user's subscriptions by moving
 * their dates back (period, trial, grace, reminder), then runs the scheduled lifecycle now, as
 * the schedule would. Only that user's plan ages, so specs running side by side on one server
 * never see each other's time; the lifecycle's `account.changed` drops the cached entitlements.
 */
export async function letSubscriptionTimePass(deps: ClockDeps, userId: number, days: number) {
  const back = (column: AnyColumn) => sql`${column} - make_interval(days => ${days})`;
  await deps.db
    .update(subscriptions)
    .set({
      currentPeriodStart: back(subscriptions.currentPeriodStart),
      currentPeriodEnd: back(subscriptions.currentPeriodEnd),
      trialEndsAt: back(subscriptions.trialEndsAt),
      graceEndsAt: back(subscriptions.graceEndsAt),
      remindedForPeriodEnd: back(subscriptions.remindedForPeriodEnd),
    })
    .where(eq(subscriptions.userId, userId));
  return runBillingLifecycle(deps, new Date());
}
