// Both drivers: double submits serialised by a row lock.
import {
  type BillingOverview,
  type ChangePlanResponse,
  type Payment,
  PERMISSIONS,
  type PlanChangeQuote,
  type Product,
  type User,
} from '@zema/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConflictError } from '#src/lib/errors';
import { notifications } from '#src/modules/notifications/tables';
import { type Client, createUser, request, sessionFor, useApp } from '#test/helpers';
import { invoices, payments, products, subscriptions } from './billing.tables';
import type { Billing } from './checkout.service';
import type { PaymentGateway } from './gateway';
import { GRACE_DAYS, runBillingLifecycle } from './lifecycle';
import { addPeriod } from './periods';
import { changePlan, quoteChange } from './plan-change.service';

const t = useApp();
const DAY = 86_400_000;
let plans: Product[];
let billing: Billing;
const priceOf = (plan: string, currency: 'ETB' | 'USD', interval: 'month' | 'year') =>
  plans.find((p) => p.name === plan)!.prices.find((p) => p.currency === currency && p.interval === interval)!;

beforeAll(async () => {
  await t.app.deps.settings.set('billing', { enable: true });
  const res = await request(t.app, await sessionFor(t.db, (await createUser(t.db)).id), {
    method: 'GET',
    url: '/api/v1/billing/products',
  });
  plans = res.json().pagination.data;
  billing = t.app.deps.billing;
});
afterAll(async () => {
  await t.app.deps.settings.set('billing', { enable: false });
});

let keys = 0;
const key = () => `change-key-${process.pid}-${++keys}`;
const call = (client: Client, method: 'GET' | 'POST', url: string, payload?: object) =>
  request(t.app, client, { method, url: `/api/v1/billing${url}`, ...(payload ? { payload } : {}) });
const decide = (client: Client, txRef: string) =>
  call(client, 'POST', `/sandbox/${txRef}`, { outcome: 'success' });
const subscriptionOf = async (userId: number) =>
  (await t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0]!;
const overview = async (client: Client) => (await call(client, 'GET', '/me')).json() as BillingOverview;
const permissionsOf = async (client: Client) =>
  (
    (await request(t.app, client, { method: 'GET', url: '/api/v1/bootstrap-data' })).json().bootstrapData.user
      .permissions as { name: string }[]
  ).map((p) => p.name);

async function buy(client: Client, priceId: number, idempotencyKey = key()) {
  const res = await call(client, 'POST', '/checkout', { price_id: priceId, idempotency_key: idempotencyKey });
  expect(res.statusCode, res.body).toBe(200);
  const { payment } = res.json() as { payment: Payment };
  expect((await decide(client, payment.tx_ref)).statusCode).toBe(200);
  return payment;
}

/** A user who paid for Premium monthly in ETB through the sandbox. */
async function subscriber() {
  const user = await createUser(t.db);
  const client = await sessionFor(t.db, user.id);
  await buy(client, priceOf('Premium', 'ETB', 'month').id);
  return { id: user.id, client };
}
const quote = async (
  client: Client,
  productName: string,
  currency: 'ETB' | 'USD',
  interval: 'month' | 'year',
) => {
  const price = priceOf(productName, currency, interval);
  return call(client, 'GET', `/change-plan/${price.product_id}/${price.id}`);
};
const change = async (
  client: Client,
  productName: string,
  currency: 'ETB' | 'USD',
  interval: 'month' | 'year',
  k = key(),
) => {
  const price = priceOf(productName, currency, interval);
  return call(client, 'POST', `/change-plan/${price.product_id}/${price.id}`, { idempotency_key: k });
};

describe('the change-plan quote', () => {
  it('says what each change would do: upgrade now with credit, downgrade at the period end, no credit across currencies', async () => {
    const me = await subscriber();
    const sub = await subscriptionOf(me.id);

    const up = await quote(me.client, 'Artist Pro', 'ETB', 'month');
    expect(up.statusCode, up.body).toBe(200);
    const upgrade = up.json().quote as PlanChangeQuote;
    expect(upgrade).toMatchObject({
      kind: 'upgrade_now',
      currency: 'ETB',
      estimated: false,
      credit_unavailable: null,
      current: { product_name: 'Premium', status: 'active', gateway: 'sandbox' },
      next: { product_name: 'Artist Pro', price: { amount: 49_900 } },
    });
    // Bought a moment ago: almost all of the month is credited, never more than was paid.
    expect(upgrade.credit).toBeGreaterThan(19_800);
    expect(upgrade.credit).toBeLessThanOrEqual(19_900);
    expect(upgrade.amount_due).toBe(49_900 - upgrade.credit);
    expect(upgrade.unused_days).toBeGreaterThanOrEqual(27);

    const yearly = (await quote(me.client, 'Premium', 'ETB', 'year')).json().quote as PlanChangeQuote;
    expect(yearly).toMatchObject({
      kind: 'downgrade_at_period_end',
      reason: 'cheaper',
      amount_due: 0,
      credit: 0,
    });
    expect(yearly.starts_at).toBe(sub.currentPeriodEnd!.toISOString());

    const free = (await quote(me.client, 'Free', 'ETB', 'month')).json().quote as PlanChangeQuote;
    expect(free).toMatchObject({ kind: 'downgrade_at_period_end', reason: 'free', amount_due: 0 });

    const usd = (await quote(me.client, 'Artist Pro', 'USD', 'month')).json().quote as PlanChangeQuote;
    expect(usd).toMatchObject({
      kind: 'upgrade_now',
      currency: 'USD',
      credit: 0,
      credit_unavailable: 'currency',
      amount_due: 999,
    });
  });

  it('computes the credit exactly for a given day (integer minor units)', async () => {
    const me = await subscriber();
    const start = new Date('2026-11-01T00:00:00Z');
    const end = new Date('2026-12-01T00:00:00Z');
    await t.db
      .update(subscriptions)
      .set({ currentPeriodStart: start, currentPeriodEnd: end })
      .where(eq(subscriptions.userId, me.id));
    const pro = priceOf('Artist Pro', 'ETB', 'month');
    const mid = await quoteChange(
      t.app.deps,
      me.id,
      pro.product_id,
      pro.id,
      new Date('2026-11-16T00:00:00Z'),
    );
    expect(mid.quote).toMatchObject({
      kind: 'upgrade_now',
      credit: 9_950,
      unused_days: 15,
      amount_due: 39_950,
    });
    const lastDay = await quoteChange(
      t.app.deps,
      me.id,
      pro.product_id,
      pro.id,
      new Date('2026-11-30T12:00:00Z'),
    );
    expect(lastDay.quote).toMatchObject({ credit: 331, unused_days: 0, amount_due: 49_569 });
    // In the grace days after an unpaid end there is nothing left to credit.
    await t.db
      .update(subscriptions)
      .set({ status: 'past_due', graceEndsAt: new Date('2026-12-04T00:00:00Z') })
      .where(eq(subscriptions.userId, me.id));
    const grace = await quoteChange(
      t.app.deps,
      me.id,
      pro.product_id,
      pro.id,
      new Date('2026-12-02T00:00:00Z'),
    );
    expect(grace.quote).toMatchObject({
      kind: 'upgrade_now',
      credit: 0,
      credit_unavailable: 'not_paid',
      amount_due: 49_900,
    });
  });

  it('refuses the same plan, a price of another plan, and a user without a plan, with 422', async () => {
    const me = await subscriber();
    const same = await quote(me.client, 'Premium', 'ETB', 'month');
    expect(same.statusCode).toBe(422);
    expect(same.json().errors.price_id[0]).toBe('This is already your plan.');
    expect((await change(me.client, 'Premium', 'ETB', 'month')).statusCode).toBe(422);

    const premium = priceOf('Premium', 'ETB', 'year');
    const pro = priceOf('Artist Pro', 'ETB', 'year');
    expect((await call(me.client, 'GET', `/change-plan/${pro.product_id}/${premium.id}`)).statusCode).toBe(
      422,
    );
    expect((await call(me.client, 'GET', `/change-plan/abc/${premium.id}`)).statusCode).toBe(422);

    const nobody = await sessionFor(t.db, (await createUser(t.db)).id);
    const none = await call(nobody, 'GET', `/change-plan/${pro.product_id}/${pro.id}`);
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toContain('no plan to change');

    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/billing/change-plan/${pro.product_id}/${pro.id}`,
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('changing plans', () => {
  it('upgrades through a checkout for the difference; settling starts the new plan with the credit on the payment and invoice', async () => {
    const me = await subscriber();
    const k = key();
    const first = await change(me.client, 'Artist Pro', 'ETB', 'month', k);
    expect(first.statusCode, first.body).toBe(200);
    const started = first.json() as ChangePlanResponse;
    expect(started.payment).toMatchObject({
      purpose: 'change',
      status: 'pending',
      product_name: 'Artist Pro',
    });
    expect(started.payment!.amount + started.payment!.credit).toBe(49_900);
    expect(started.payment!.credit).toBe(started.quote!.credit);
    expect(started.redirect_url).toContain(`/checkout/sandbox/${started.payment!.tx_ref}`);
    // The sandbox's "Cancel and go back" returns to this confirmation.
    const charge = (await call(me.client, 'GET', `/sandbox/${started.payment!.tx_ref}`)).json().charge;
    expect(charge.cancel_url).toBe(
      `${t.config.appUrl}/change-plan/${started.payment!.product_id}/${started.payment!.price_id}/confirm`,
    );

    // Submitted twice: one payment.
    const again = (await change(me.client, 'Artist Pro', 'ETB', 'month', k)).json() as ChangePlanResponse;
    expect(again.payment!.tx_ref).toBe(started.payment!.tx_ref);
    expect(
      await t.db
        .select()
        .from(payments)
        .where(and(eq(payments.userId, me.id), eq(payments.purpose, 'change'))),
    ).toHaveLength(1);
    // The same key for another price is refused, not answered with the first payment.
    const other = await change(me.client, 'Artist Pro', 'ETB', 'year', k);
    expect(other.statusCode, other.body).toBe(422);
    expect(other.json().errors.idempotency_key).toEqual([
      'This checkout was started for another price: open the checkout again to pay for this one.',
    ]);

    const before = Date.now();
    expect((await decide(me.client, started.payment!.tx_ref)).statusCode).toBe(200);
    const sub = await subscriptionOf(me.id);
    const pro = priceOf('Artist Pro', 'ETB', 'month');
    expect(sub).toMatchObject({ productId: pro.product_id, priceId: pro.id, status: 'active' });
    expect(sub.currentPeriodStart!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(sub.currentPeriodEnd!.getTime()).toBe(addPeriod(sub.currentPeriodStart!, 'month').getTime());

    const [paid] = await t.db.select().from(payments).where(eq(payments.txRef, started.payment!.tx_ref));
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.paymentId, paid!.id));
    expect(invoice!.total).toBe(paid!.amount);
    expect(invoice!.lines).toEqual([
      { description: 'Artist Pro — 1 month', amount: 49_900 },
      { description: 'Credit for the unused part of the previous plan', amount: -paid!.credit },
    ]);
    expect(invoice!.subtotal + invoice!.tax).toBe(paid!.amount);
  });

  it('schedules a downgrade for the period end; the lifecycle job applies it, and the renewal pays for the new plan', async () => {
    const me = await subscriber();
    const res = await change(me.client, 'Premium', 'ETB', 'year');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ChangePlanResponse;
    expect(body.payment).toBeNull();
    const yearly = priceOf('Premium', 'ETB', 'year');
    const sub = await subscriptionOf(me.id);
    expect(body.subscription!.scheduled_change).toMatchObject({
      product_name: 'Premium',
      price: { id: yearly.id },
      at: sub.currentPeriodEnd!.toISOString(),
    });
    expect((await overview(me.client)).subscription!.scheduled_change!.price.id).toBe(yearly.id);
    expect(await t.db.select().from(payments).where(eq(payments.userId, me.id))).toHaveLength(1);

    const end = sub.currentPeriodEnd!;
    // Before the end: the reminder offers the new plan's renewal; the plan is unchanged.
    await runBillingLifecycle(t.app.deps, new Date(end.getTime() - DAY));
    const [reminder] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, me.id), eq(notifications.type, 'billing.renewal_reminder')));
    expect((reminder!.params as { priceId: number }).priceId).toBe(yearly.id);
    expect((await subscriptionOf(me.id)).priceId).toBe(priceOf('Premium', 'ETB', 'month').id);

    // The period ends: the yearly price takes over, unpaid yet, with grace days.
    await runBillingLifecycle(t.app.deps, new Date(end.getTime() + 1000));
    const switched = await subscriptionOf(me.id);
    expect(switched).toMatchObject({ priceId: yearly.id, scheduledPriceId: null, status: 'past_due' });
    expect(switched.graceEndsAt!.getTime()).toBe(end.getTime() + GRACE_DAYS * DAY);

    const renewal = await call(me.client, 'POST', '/checkout', {
      price_id: yearly.id,
      idempotency_key: key(),
    });
    expect(renewal.json().payment).toMatchObject({ purpose: 'renewal', amount: 199_000 });
    const charge = (await call(me.client, 'GET', `/sandbox/${renewal.json().payment.tx_ref}`)).json().charge;
    expect(charge.cancel_url).toBe(`${t.config.appUrl}/billing`);
  });

  it('downgrades to Free by cancelling at the period end; choosing the current plan calls a scheduled change off', async () => {
    const me = await subscriber();
    const toFree = (await change(me.client, 'Free', 'ETB', 'month')).json() as ChangePlanResponse;
    expect(toFree.subscription).toMatchObject({
      status: 'cancelled',
      cancel_at_period_end: true,
      valid: true,
      scheduled_change: { product_name: 'Free' },
    });
    expect(await permissionsOf(me.client)).toContain(PERMISSIONS.adsDisable);

    const keep = await quote(me.client, 'Premium', 'ETB', 'month');
    expect(keep.json().quote.kind).toBe('keep_current');
    const kept = (await change(me.client, 'Premium', 'ETB', 'month')).json() as ChangePlanResponse;
    expect(kept.subscription).toMatchObject({
      status: 'active',
      cancel_at_period_end: false,
      scheduled_change: null,
    });

    await change(me.client, 'Premium', 'ETB', 'year');
    expect((await subscriptionOf(me.id)).scheduledPriceId).not.toBeNull();
    expect((await call(me.client, 'POST', '/subscription/resume')).statusCode).toBe(200);
    expect((await subscriptionOf(me.id)).scheduledPriceId).toBeNull();

    // Free at the period end, by the lifecycle job.
    await change(me.client, 'Free', 'ETB', 'month');
    const end = (await subscriptionOf(me.id)).currentPeriodEnd!;
    await runBillingLifecycle(t.app.deps, new Date(end.getTime() + 1000));
    expect((await subscriptionOf(me.id)).status).toBe('expired');
  });

  it('lets a gateway that renews by itself prorate, and answers 409 when it cannot change plans', async () => {
    const user = await createUser(t.db);
    const monthly = priceOf('Premium', 'USD', 'month');
    const now = new Date();
    await t.db.insert(subscriptions).values({
      userId: user.id,
      productId: monthly.product_id,
      priceId: monthly.id,
      gateway: 'stripe',
      gatewayId: `sub_${user.id}`,
      status: 'active',
      currentPeriodStart: now,
      currentPeriodEnd: addPeriod(now, 'month'),
    });
    const changeSubscription = vi.fn(async () => {});
    const stripe = {
      id: 'stripe',
      recurring: true,
      currencies: ['USD'],
      changeSubscription,
    } as unknown as PaymentGateway;
    const withStripe: Billing = {
      ...billing,
      gateway: async (id) => (id === 'stripe' ? stripe : billing.gateway(id)),
    };
    const pro = priceOf('Artist Pro', 'USD', 'month');

    const quoted = await quoteChange(
      { ...t.app.deps, billing: withStripe },
      user.id,
      pro.product_id,
      pro.id,
      now,
    );
    expect(quoted.quote).toMatchObject({
      kind: 'prorated_by_gateway',
      estimated: true,
      amount_due: 999 - 499,
    });
    const me = { id: user.id, email: user.email } as User;
    const done = await changePlan(
      { ...t.app.deps, billing: withStripe },
      me,
      pro.product_id,
      pro.id,
      key(),
      now,
    );
    expect(done.quote!.kind).toBe('prorated_by_gateway');
    expect(changeSubscription).toHaveBeenCalledWith(
      expect.objectContaining({
        gatewaySubscriptionId: `sub_${user.id}`,
        price: expect.objectContaining({ id: pro.id }),
      }),
    );

    const bare = { id: 'stripe', recurring: true, currencies: ['USD'] } as unknown as PaymentGateway;
    const without: Billing = {
      ...billing,
      gateway: async (id) => (id === 'stripe' ? bare : billing.gateway(id)),
    };
    await expect(
      changePlan({ ...t.app.deps, billing: without }, me, pro.product_id, pro.id, key(), now),
    ).rejects.toBeInstanceOf(ConflictError);
  });
});

describe('early renewal', () => {
  it('extends from the end of the paid period, and a double submit makes one payment', async () => {
    const me = await subscriber();
    const before = await subscriptionOf(me.id);
    const price = priceOf('Premium', 'ETB', 'month');
    const k = key();
    const [a, b] = await Promise.all([
      call(me.client, 'POST', '/checkout', { price_id: price.id, idempotency_key: k }),
      call(me.client, 'POST', '/checkout', { price_id: price.id, idempotency_key: k }),
    ]);
    const answered = [a, b].filter((r) => r.statusCode === 200).map((r) => r.json().payment.tx_ref);
    expect(answered.length).toBeGreaterThanOrEqual(1);
    expect(new Set(answered).size).toBe(1);
    const renewals = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, me.id), eq(payments.purpose, 'renewal')));
    expect(renewals).toHaveLength(1);
    await decide(me.client, renewals[0]!.txRef);
    const after = await subscriptionOf(me.id);
    expect(after.currentPeriodStart!.getTime()).toBe(before.currentPeriodStart!.getTime());
    expect(after.currentPeriodEnd!.getTime()).toBe(addPeriod(before.currentPeriodEnd!, 'month').getTime());
  });
});

describe('free trials', () => {
  const withTrial = async (days: number) => {
    const premium = plans.find((p) => p.name === 'Premium')!;
    await t.db.update(products).set({ trialDays: days }).where(eq(products.id, premium.id));
  };

  it('starts a trial without paying, once per plan; the end reminds, then expires unpaid', async () => {
    await withTrial(14);
    const user = await createUser(t.db);
    const client = await sessionFor(t.db, user.id);
    const price = priceOf('Premium', 'ETB', 'month');
    const before = Date.now();
    const res = await call(client, 'POST', '/trial', { price_id: price.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().subscription).toMatchObject({ status: 'trialing', valid: true, active: true });
    const sub = await subscriptionOf(user.id);
    expect(sub.trialEndsAt!.getTime() - sub.currentPeriodStart!.getTime()).toBe(14 * DAY);
    expect(sub.trialEndsAt!.getTime()).toBeGreaterThanOrEqual(before + 14 * DAY);
    expect(await permissionsOf(client)).toContain(PERMISSIONS.adsDisable);
    expect(await t.db.select().from(payments).where(eq(payments.userId, user.id))).toEqual([]);

    await runBillingLifecycle(t.app.deps, new Date(sub.trialEndsAt!.getTime() - DAY));
    const types = (await t.db.select().from(notifications).where(eq(notifications.userId, user.id))).map(
      (n) => n.type,
    );
    expect(types).toContain('billing.renewal_reminder');
    await runBillingLifecycle(t.app.deps, new Date(sub.trialEndsAt!.getTime() + 1000));
    expect((await subscriptionOf(user.id)).status).toBe('expired');

    const again = await call(client, 'POST', '/trial', { price_id: price.id });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.price_id[0]).toBe('You already had a free trial of this plan.');
  });

  it('makes one trial of two requests at once, and paying during the trial adds a period after it', async () => {
    await withTrial(7);
    const user = await createUser(t.db);
    const client = await sessionFor(t.db, user.id);
    const price = priceOf('Premium', 'ETB', 'month');
    const both = await Promise.all([
      call(client, 'POST', '/trial', { price_id: price.id }),
      call(client, 'POST', '/trial', { price_id: price.id }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toHaveLength(1);

    const trial = await subscriptionOf(user.id);
    const payment = await buy(client, price.id);
    expect(payment.purpose).toBe('renewal');
    const paid = await subscriptionOf(user.id);
    expect(paid.status).toBe('active');
    expect(paid.currentPeriodEnd!.getTime()).toBe(addPeriod(trial.trialEndsAt!, 'month').getTime());
  });

  it('refuses a plan without trial days', async () => {
    await withTrial(0);
    const client = await sessionFor(t.db, (await createUser(t.db)).id);
    const res = await call(client, 'POST', '/trial', { price_id: priceOf('Premium', 'ETB', 'month').id });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.price_id[0]).toBe('This plan has no free trial.');
  });
});
