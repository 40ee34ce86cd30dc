import type { BillingInterval, Currency } from '@zema/contracts';
import { msg } from '@zema/contracts';
import type {
  AdminSubscription,
  AdminSubscriptionsQuery,
  GrantSubscriptionRequest,
} from '@zema/contracts/admin';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client';
import { invalidInput, NotFoundError } from '#src/lib/errors';
import { containsPattern, listOrder, listPage, listWindow } from '#src/lib/list-query';
import { type Actor, audit } from '#src/modules/audit/index';
import { publicNameSql, users } from '#src/modules/users/tables';
import type { Deps } from '#src/platform/deps';
import { prices, products, subscriptions } from './billing.tables';
import { newestSubscription, subscriptionState } from './entitlements';

/** Subscriptions as the admin manages them (decision 0043): listed, granted, extended, cancelled. */

export const ADMIN_SUBSCRIPTION_MESSAGES = {
  unknownUser: msg('This user does not exist.'),
  unknownPlan: msg('This plan does not exist.'),
  freePlan: msg('Everyone has the free plan already.'),
  hasPlan: msg('This user already has a valid plan: extend or cancel it instead.'),
  ended: msg('This subscription has ended: grant a new one instead.'),
  stripeOwned: msg('Stripe renews this subscription: change it in Stripe, or cancel it at the period end.'),
  alreadyCancelled: msg('This subscription is already cancelled.'),
} as const;

const DAY_MS = 86_400_000;
type SubDeps = Pick<Deps, 'db' | 'events' | 'settings' | 'live' | 'background' | 'config' | 'log'>;
type Row = typeof subscriptions.$inferSelect;
const iso = (d: Date | null) => d?.toISOString() ?? null;

const columns = {
  s: subscriptions,
  userName: publicNameSql,
  userEmail: users.email,
  productName: products.name,
  price: prices,
};

type Joined = {
  s: Row;
  userName: string;
  userEmail: string;
  productName: string;
  price: typeof prices.$inferSelect | null;
};

function toView({ s, userName, userEmail, productName, price }: Joined, now = new Date()): AdminSubscription {
  const state = subscriptionState(s, now);
  return {
    id: s.id,
    user: { id: s.userId, name: userName || userEmail, email: userEmail },
    product_id: s.productId,
    product_name: productName,
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
    gateway: s.gateway as AdminSubscription['gateway'],
    status: s.status as AdminSubscription['status'],
    valid: state.valid,
    active: state.active,
    current_period_start: iso(s.currentPeriodStart),
    current_period_end: iso(s.currentPeriodEnd),
    trial_ends_at: iso(s.trialEndsAt),
    grace_ends_at: iso(s.graceEndsAt),
    cancel_at_period_end: s.cancelAtPeriodEnd,
    created_at: s.createdAt.toISOString(),
  };
}

const joined = (db: Db) =>
  db
    .select(columns)
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .innerJoin(products, eq(products.id, subscriptions.productId))
    .leftJoin(prices, eq(prices.id, subscriptions.priceId));

const SORTS = { created_at: subscriptions.createdAt, current_period_end: subscriptions.currentPeriodEnd };

export async function listSubscriptions(db: Db, query: AdminSubscriptionsQuery) {
  const where: SQL[] = [];
  if (query.query) {
    const pattern = containsPattern(query.query);
    where.push(or(sql`lower(${users.email}) like ${pattern}`, sql`lower(${publicNameSql}) like ${pattern}`)!);
  }
  if (query.product) where.push(eq(subscriptions.productId, query.product));
  if (query.status) where.push(eq(subscriptions.status, query.status));
  if (query.gateway) where.push(eq(subscriptions.gateway, query.gateway));
  if (query.user) where.push(eq(subscriptions.userId, query.user));
  const condition = where.length ? and(...where) : undefined;
  const { perPage, offset } = listWindow(query);
  const [rows, [count]] = await Promise.all([
    joined(db)
      .where(condition)
      .orderBy(...listOrder(query, SORTS, { sort: 'created_at', order: 'desc' }, subscriptions.id))
      .limit(perPage)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .where(condition),
  ]);
  const now = new Date();
  return listPage(
    rows.map((r) => toView(r, now)),
    Number(count?.n ?? 0),
    query,
  );
}

export async function getSubscription(db: Db, id: number): Promise<AdminSubscription> {
  const [row] = await joined(db).where(eq(subscriptions.id, id));
  if (!row) throw new NotFoundError();
  return toView(row);
}

/** The user's cached permissions and subscriptions drop (they see the plan at once). */
async function changed(deps: SubDeps, userId: number) {
  await deps.events.emit('account.changed', { userId });
}

/** Says a plan was granted or ended; the notifications module tells the user. */
async function tell(deps: SubDeps, userId: number, productName: string, grantedUntil: Date | null = null) {
  if (grantedUntil)
    await deps.events.emit('plan.granted', { userId, productName, endsAt: grantedUntil.toISOString() });
  else await deps.events.emit('subscription.ended', { userId, productName });
}

/**
 * Gives a user a plan by hand (gateway `manual`, no payment) for `days` from now: a prepaid period
 * Zema runs like the sandbox's and Chapa's (reminders, grace, expiry).
 */
export async function grantSubscription(
  deps: SubDeps,
  actor: Actor,
  body: GrantSubscriptionRequest,
  now = new Date(),
): Promise<number> {
  const [user] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, body.user_id));
  if (!user) throw invalidInput({ user_id: [ADMIN_SUBSCRIPTION_MESSAGES.unknownUser] });
  const [plan] = await deps.db.select().from(products).where(eq(products.id, body.product_id));
  if (!plan) throw invalidInput({ product_id: [ADMIN_SUBSCRIPTION_MESSAGES.unknownPlan] });
  if (plan.free) throw invalidInput({ product_id: [ADMIN_SUBSCRIPTION_MESSAGES.freePlan] });
  const id = await deps.db.transaction(async (tx) => {
    // One grant at a time per user: the user's row is the lock two admins would race on.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    if (await newestSubscription(tx, user.id, 'valid', now))
      throw invalidInput({ user_id: [ADMIN_SUBSCRIPTION_MESSAGES.hasPlan] });
    const end = new Date(now.getTime() + body.days * DAY_MS);
    const [row] = await tx
      .insert(subscriptions)
      .values({
        userId: user.id,
        productId: plan.id,
        gateway: 'manual',
        status: 'active',
        currentPeriodStart: now,
        currentPeriodEnd: end,
        paymentMethod: { type: 'manual' },
      })
      .returning({ id: subscriptions.id });
    await audit(tx, actor, {
      action: 'subscription.grant',
      target: { type: 'subscription', id: row!.id, label: plan.name },
      after: { user_id: user.id, product_id: plan.id, days: body.days, ends_at: end.toISOString() },
    });
    return { id: row!.id, end };
  });
  await changed(deps, user.id);
  // The user hears of it (in-app, and mail or push by their settings).
  await tell(deps, user.id, plan.name, id.end);
  return id.id;
}

async function locked(tx: Db, id: number) {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
  if (!row) throw new NotFoundError();
  return row;
}

/**
 * Adds days to a subscription Zema runs (manual, sandbox, Chapa): from its period's end, or from
 * now when that has passed; a past-due one is active again. Stripe's are moved by Stripe only.
 */
export async function extendSubscription(
  deps: SubDeps,
  actor: Actor,
  id: number,
  days: number,
  now = new Date(),
): Promise<void> {
  const row = await deps.db.transaction(async (tx) => {
    const row = await locked(tx, id);
    if (row.gateway === 'stripe') throw invalidInput({ days: [ADMIN_SUBSCRIPTION_MESSAGES.stripeOwned] });
    if (row.status === 'expired' || row.status === 'incomplete' || (row.endedAt && row.endedAt <= now))
      throw invalidInput({ days: [ADMIN_SUBSCRIPTION_MESSAGES.ended] });
    const base =
      row.currentPeriodEnd && row.currentPeriodEnd.getTime() > now.getTime() ? row.currentPeriodEnd : now;
    const end = new Date(base.getTime() + days * DAY_MS);
    await tx
      .update(subscriptions)
      .set({
        currentPeriodEnd: end,
        // A trial extended is a longer trial; past due with days added is paid up again.
        trialEndsAt: row.status === 'trialing' ? end : row.trialEndsAt,
        status: row.status === 'past_due' ? 'active' : row.status,
        graceEndsAt: null,
        updatedAt: now,
      })
      .where(eq(subscriptions.id, id));
    await audit(tx, actor, {
      action: 'subscription.extend',
      target: { type: 'subscription', id, label: `user ${row.userId}` },
      before: { status: row.status, current_period_end: iso(row.currentPeriodEnd) },
      after: { days, current_period_end: end.toISOString() },
    });
    return row;
  });
  await changed(deps, row.userId);
}

/**
 * Cancels by hand: at the period's end (valid until then, as a user's own cancel) or now (the plan
 * goes at once and the user is told). A Stripe subscription is refused here: Stripe's state is the
 * one that counts, so it is cancelled from Stripe (its dashboard, or the user's billing page).
 */
export async function cancelSubscriptionByAdmin(
  deps: SubDeps,
  actor: Actor,
  id: number,
  atPeriodEnd: boolean,
  now = new Date(),
): Promise<void> {
  const { row, productName } = await deps.db.transaction(async (tx) => {
    const row = await locked(tx, id);
    if (row.status === 'expired' || row.status === 'incomplete' || (row.endedAt && row.endedAt <= now))
      throw invalidInput({ at_period_end: [ADMIN_SUBSCRIPTION_MESSAGES.ended] });
    if (row.gateway === 'stripe')
      throw invalidInput({ at_period_end: [ADMIN_SUBSCRIPTION_MESSAGES.stripeOwned] });
    if (atPeriodEnd && row.status === 'cancelled')
      throw invalidInput({ at_period_end: [ADMIN_SUBSCRIPTION_MESSAGES.alreadyCancelled] });
    const set = atPeriodEnd
      ? { status: 'cancelled', cancelAtPeriodEnd: true, cancelledAt: now, updatedAt: now }
      : {
          status: 'expired',
          cancelAtPeriodEnd: false,
          cancelledAt: row.cancelledAt ?? now,
          endedAt: now,
          currentPeriodEnd: row.currentPeriodEnd && row.currentPeriodEnd < now ? row.currentPeriodEnd : now,
          graceEndsAt: null,
          updatedAt: now,
        };
    await tx.update(subscriptions).set(set).where(eq(subscriptions.id, id));
    const [plan] = await tx
      .select({ name: products.name })
      .from(products)
      .where(eq(products.id, row.productId));
    await audit(tx, actor, {
      action: 'subscription.cancel',
      target: { type: 'subscription', id, label: plan?.name ?? null },
      before: { status: row.status, current_period_end: iso(row.currentPeriodEnd) },
      after: { at_period_end: atPeriodEnd, status: set.status },
    });
    return { row, productName: plan?.name ?? '' };
  });
  await changed(deps, row.userId);
  if (!atPeriodEnd) await tell(deps, row.userId, productName);
}
