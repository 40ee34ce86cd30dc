import { type BillingOverview, PERMISSIONS, type Product } from '@zema/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { notifications } from '#src/modules/notifications/tables';
import { type Client, createUser, request, sessionFor, useApp } from '#test/helpers';
import { subscriptions } from './billing.tables';
import { GRACE_DAYS, REMINDER_DAYS, runBillingLifecycle } from './lifecycle';

const t = useApp();
const DAY = 86_400_000;
let premium: Product;

beforeAll(async () => {
  await t.app.deps.settings.set('billing', { enable: true });
  const res = await request(t.app, await sessionFor(t.db, (await createUser(t.db)).id), {
    method: 'GET',
    url: '/api/v1/billing/products',
  });
  premium = (res.json().pagination.data as Product[]).find((p) => p.name === 'Premium')!;
});
afterAll(async () => {
  await t.app.deps.settings.set('billing', { enable: false });
});

let keys = 0;
const call = (client: Client, method: 'GET' | 'POST', url: string, payload?: object) =>
  request(t.app, client, { method, url: `/api/v1/billing${url}`, ...(payload ? { payload } : {}) });

/** A user who paid for Premium monthly in ETB through the sandbox. */
async function subscriber() {
  const user = await createUser(t.db);
  const client = await sessionFor(t.db, user.id);
  const price = premium.prices.find((p) => p.currency === 'ETB' && p.interval === 'month')!;
  const started = await call(client, 'POST', '/checkout', {
    price_id: price.id,
    idempotency_key: `sub-${process.pid}-${++keys}`,
  });
  const txRef = started.json().payment.tx_ref as string;
  expect((await call(client, 'POST', `/sandbox/${txRef}`, { outcome: 'success' })).statusCode).toBe(200);
  return { id: user.id, client };
}
const overview = async (client: Client) => (await call(client, 'GET', '/me')).json() as BillingOverview;
const noticesOf = async (userId: number) =>
  (await t.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.type);
const permissionsOf = async (client: Client) =>
  (
    (await request(t.app, client, { method: 'GET', url: '/api/v1/bootstrap-data' })).json().bootstrapData.user
      .permissions as { name: string }[]
  ).map((p) => p.name);

describe('the billing page', () => {
  it('shows my plan, its period and payment method, and only my invoices', async () => {
    const me = await subscriber();
    const other = await subscriber();
    const mine = await overview(me.client);
    expect(mine.subscription).toMatchObject({
      product_name: 'Premium',
      status: 'active',
      valid: true,
      active: true,
      gateway: 'sandbox',
      cancel_at_period_end: false,
      auto_renews: false,
      payment_method: { type: 'sandbox' },
    });
    expect(mine.subscription!.price).toMatchObject({ currency: 'ETB', amount: 19_900, interval: 'month' });
    expect(mine.invoices).toHaveLength(1);
    const theirs = await overview(other.client);
    expect(theirs.invoices.map((i) => i.number)).not.toContain(mine.invoices[0]!.number);
  });

  it('cancels at the end of the period (still valid until then) and resumes', async () => {
    const me = await subscriber();
    const cancelled = await call(me.client, 'POST', '/subscription/cancel');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().subscription).toMatchObject({
      status: 'cancelled',
      valid: true,
      cancel_at_period_end: true,
    });
    expect(await permissionsOf(me.client)).toContain(PERMISSIONS.adsDisable);
    expect((await call(me.client, 'POST', '/subscription/cancel')).statusCode).toBe(422);

    const resumed = await call(me.client, 'POST', '/subscription/resume');
    expect(resumed.json().subscription).toMatchObject({ status: 'active', cancel_at_period_end: false });
    expect((await call(me.client, 'POST', '/subscription/resume')).statusCode).toBe(422);
  });

  it('answers 404 to cancel without a plan', async () => {
    const user = await createUser(t.db);
    const client = await sessionFor(t.db, user.id);
    expect((await call(client, 'POST', '/subscription/cancel')).statusCode).toBe(404);
    expect(await overview(client)).toEqual({ subscription: null, invoices: [] });
  });
});

describe('the subscriptions clock', () => {
  it('reminds once before the end, keeps the plan through the grace days, then expires it', async () => {
    const me = await subscriber();
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, me.id));
    const end = sub!.currentPeriodEnd!;

    // A day before the reminder window: nothing. Inside it: one reminder, only once.
    await runBillingLifecycle(t.app.deps, new Date(end.getTime() - (REMINDER_DAYS + 1) * DAY));
    expect(await noticesOf(me.id)).not.toContain('billing.renewal_reminder');
    await runBillingLifecycle(t.app.deps, new Date(end.getTime() - DAY));
    await runBillingLifecycle(t.app.deps, new Date(end.getTime() - DAY / 2));
    expect((await noticesOf(me.id)).filter((n) => n === 'billing.renewal_reminder')).toHaveLength(1);

    // The period ends unpaid: past due, still valid for the grace days.
    await runBillingLifecycle(t.app.deps, new Date(end.getTime() + 1000));
    const [graced] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, sub!.id));
    expect(graced!.status).toBe('past_due');
    expect(graced!.graceEndsAt!.getTime()).toBe(end.getTime() + GRACE_DAYS * DAY);

    // The grace is over: expired, back to the free plan, and told.
    await runBillingLifecycle(t.app.deps, new Date(end.getTime() + (GRACE_DAYS + 1) * DAY));
    const [over] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, sub!.id));
    expect(over!.status).toBe('expired');
    expect(await noticesOf(me.id)).toContain('billing.subscription_ended');
    expect(await permissionsOf(me.client)).not.toContain(PERMISSIONS.adsDisable);
  });

  it('expires a cancelled plan when its paid period ends, with no grace', async () => {
    const me = await subscriber();
    await call(me.client, 'POST', '/subscription/cancel');
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, me.id));
    await runBillingLifecycle(t.app.deps, new Date(sub!.currentPeriodEnd!.getTime() - DAY));
    expect((await t.db.select().from(subscriptions).where(eq(subscriptions.id, sub!.id)))[0]!.status).toBe(
      'cancelled',
    );
    // No reminder for a plan that will not be renewed.
    expect(await noticesOf(me.id)).not.toContain('billing.renewal_reminder');
    await runBillingLifecycle(t.app.deps, new Date(sub!.currentPeriodEnd!.getTime() + 1000));
    expect((await t.db.select().from(subscriptions).where(eq(subscriptions.id, sub!.id)))[0]!.status).toBe(
      'expired',
    );
  });

  it('takes the plan away by itself when the clock passes the end, before any job runs', async () => {
    const me = await subscriber();
    await call(me.client, 'POST', '/subscription/cancel');
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, me.id));
    expect(await permissionsOf(me.client)).toContain(PERMISSIONS.adsDisable);
    // Push the end to just ahead, then move the clock past it (a remember-me session lasts).
    const end = new Date(Date.now() + 60 * 60_000);
    await t.db.update(subscriptions).set({ currentPeriodEnd: end }).where(eq(subscriptions.id, sub!.id));
    await t.app.deps.events.emit('account.changed', { userId: me.id });
    vi.useFakeTimers({ toFake: ['Date'], now: end.getTime() + 60_000 });
    try {
      expect(await permissionsOf(me.client)).not.toContain(PERMISSIONS.adsDisable);
      expect((await overview(me.client)).subscription).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
