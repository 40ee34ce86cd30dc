// Both drivers: two refunds at once (a row lock), and bigint revenue sums.
import { PERMISSIONS, type Product } from '@zema/contracts';
import type { AdminPayment, AdminPlan, AdminSubscription, RevenueResponse } from '@zema/contracts/admin';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#src/modules/audit/tables';
import { notifications } from '#src/modules/notifications/tables';
import {
  Client,
  createUser,
  guest,
  request,
  sessionFor,
  TEST_ADMIN_EMAIL,
  TEST_ADMIN_PASSWORD,
  useApp,
} from '#test/helpers';
import {
  invoices,
  paymentRefunds,
  payments,
  prices,
  products,
  sandboxCharges,
  subscriptions,
  webhookEvents,
} from './billing.tables';
import { loadEntitlements } from './entitlements';

const t = useApp();
let admin: Client;
const API = '/api/v1/admin/billing';
const DAY = 86_400_000;

beforeAll(async () => {
  await t.app.deps.settings.set('billing', { enable: true });
  admin = new Client(t.app);
  const res = await admin.post('/auth/login', { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD });
  expect(res.statusCode).toBe(200);
});

const plans = async () => (await admin.get(`${API}/plans`)).json().plans as AdminPlan[];
const planNamed = async (name: string) => (await plans()).find((p) => p.name === name)!;
const onSale = async () => {
  const client = await sessionFor(t.db, (await createUser(t.db)).id);
  const res = await request(t.app, client, { method: 'GET', url: '/api/v1/billing/products' });
  return res.json().pagination.data as Product[];
};
const grantNames = async (userId: number) => (await loadEntitlements(t.db, userId)).grants.map((g) => g.name);
const planBody = (over: Record<string, unknown> = {}) => ({
  name: `Plan ${Math.random().toString(36).slice(2, 8)}`,
  description: 'For testing',
  feature_list: ['One', 'Two'],
  permissions: [{ name: PERMISSIONS.musicDownload, restrictions: [] }],
  ...over,
});
let keys = 0;
async function paidCheckout(priceId: number, outcome: 'success' | 'pending' | 'failed') {
  const user = await createUser(t.db);
  const client = await sessionFor(t.db, user.id);
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    request(t.app, client, { method, url: `/api/v1/billing${url}`, ...(payload ? { payload } : {}) });
  const started = await call('POST', '/checkout', {
    price_id: priceId,
    idempotency_key: `adm-${process.pid}-${++keys}`,
  });
  expect(started.statusCode, started.body).toBe(200);
  const txRef = started.json().payment.tx_ref as string;
  expect((await call('POST', `/sandbox/${txRef}`, { outcome })).statusCode).toBe(200);
  return { user, txRef };
}

describe('access', () => {
  it('needs billing.manage: 403 for a signed-in user, 401 for a guest', async () => {
    const user = await sessionFor(t.db, (await createUser(t.db)).id);
    for (const [method, url] of [
      ['GET', `${API}/plans`],
      ['GET', `${API}/subscriptions`],
      ['GET', `${API}/payments`],
      ['GET', `${API}/webhooks`],
      ['GET', `${API}/revenue`],
      ['POST', `${API}/plans`],
      ['POST', `${API}/subscriptions`],
    ] as const) {
      const res = await request(t.app, user, { method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(res.statusCode, url).toBe(403);
      expect((await request(t.app, guest(), { method, url })).statusCode).toBe(401);
    }
    expect((await admin.get(`${API}/plans`)).statusCode).toBe(200);
  });

  it('answers 422 in the error shape for bad input, never 500', async () => {
    const bad = await admin.post(`${API}/plans/1/prices`, {
      currency: 'EUR',
      amount: 1.5,
      interval: 'month',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['currency', 'amount']));
    expect((await admin.get(`${API}/revenue?days=12`)).statusCode).toBe(422);
    // Ids beyond an int4 column are field errors, not a database failure.
    const huge = await admin.post(`${API}/subscriptions`, {
      user_id: 2 ** 40,
      product_id: 2 ** 40,
      days: 30,
    });
    expect(huge.statusCode, huge.body).toBe(422);
    expect(Object.keys(huge.json().errors).sort()).toEqual(['product_id', 'user_id']);
    expect((await admin.get(`${API}/plans/999999`)).statusCode).toBe(404);
  });
});

describe('plans and prices', () => {
  it('edits an unused price in place, but replaces one that was bought (the old one archived)', async () => {
    const created = await admin.post(`${API}/plans`, planBody());
    expect(created.statusCode, created.body).toBe(200);
    const plan = created.json().plan as AdminPlan;
    const added = await admin.post(`${API}/plans/${plan.id}/prices`, {
      currency: 'ETB',
      amount: 10_000,
      interval: 'month',
    });
    expect(added.statusCode, added.body).toBe(200);
    const priceId = added.json().price_id as number;

    const edited = await admin.send('PUT', `${API}/plans/${plan.id}/prices/${priceId}`, {
      currency: 'ETB',
      amount: 12_000,
      interval: 'month',
    });
    expect(edited.json()).toMatchObject({ replaced: false, price_id: priceId });

    await paidCheckout(priceId, 'success');
    const replaced = await admin.send('PUT', `${API}/plans/${plan.id}/prices/${priceId}`, {
      currency: 'ETB',
      amount: 15_000,
      interval: 'month',
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const body = replaced.json() as { replaced: boolean; price_id: number; plan: AdminPlan };
    expect(body.replaced).toBe(true);
    expect(body.price_id).not.toBe(priceId);
    const old = body.plan.prices.find((p) => p.id === priceId)!;
    expect(old).toMatchObject({ amount: 12_000, subscriptions_count: 1, payments_count: 1 });
    expect(old.archived_at).not.toBeNull();
    expect(body.plan.prices.find((p) => p.id === body.price_id)).toMatchObject({
      amount: 15_000,
      archived_at: null,
    });
    // The pricing page (cached) sells the new price only.
    const sold = (await onSale()).find((p) => p.id === plan.id)!;
    expect(sold.prices.map((p) => p.id)).toEqual([body.price_id]);
    // Archiving a used price keeps it; an unused one is deleted.
    const archived = await admin.send('DELETE', `${API}/plans/${plan.id}/prices/${body.price_id}`);
    expect(archived.json().plan.prices.map((p: { id: number }) => p.id)).not.toContain(body.price_id);
    const actions = (await t.db.select({ a: auditLog.action }).from(auditLog)).map((r) => r.a);
    expect(actions).toEqual(
      expect.arrayContaining(['plan.create', 'price.create', 'price.update', 'price.replace']),
    );
  });

  it('refuses a second price with the same currency and interval, and a plan in use is not deleted', async () => {
    const premium = await planNamed('Premium');
    const twin = premium.prices.find((p) => !p.archived_at)!;
    const res = await admin.post(`${API}/plans/${premium.id}/prices`, {
      currency: twin.currency,
      amount: 1,
      interval: twin.interval,
      interval_count: twin.interval_count,
    });
    expect(res.statusCode).toBe(422);
    await paidCheckout(twin.id, 'success');
    const del = await admin.send('DELETE', `${API}/plans/${premium.id}`);
    expect(del.statusCode).toBe(422);
    const unused = (await admin.post(`${API}/plans`, planBody())).json().plan as AdminPlan;
    expect((await admin.send('DELETE', `${API}/plans/${unused.id}`)).statusCode).toBe(200);
  });

  it('keeps exactly one free plan', async () => {
    const free = (await plans()).filter((p) => p.free);
    expect(free).toHaveLength(1);
    const unmark = await admin.send('PUT', `${API}/plans/${free[0]!.id}`, {
      ...planBody({ name: free[0]!.name }),
      free: false,
    });
    expect(unmark.statusCode).toBe(422);
    expect(unmark.json().errors.free).toBeDefined();
    expect((await admin.send('DELETE', `${API}/plans/${free[0]!.id}`)).statusCode).toBe(422);
    expect(
      (
        await admin.post(`${API}/plans/${free[0]!.id}/prices`, {
          currency: 'USD',
          amount: 100,
          interval: 'month',
        })
      ).statusCode,
    ).toBe(422);

    // A new free plan takes the mark; the free plan's permissions are what everyone without a plan has.
    const user = await createUser(t.db);
    const next = await admin.post(
      `${API}/plans`,
      planBody({ free: true, permissions: [{ name: PERMISSIONS.musicDownload, restrictions: [] }] }),
    );
    expect(next.statusCode, next.body).toBe(200);
    const after = (await plans()).filter((p) => p.free);
    expect(after.map((p) => p.id)).toEqual([next.json().plan.id]);
    expect(await grantNames(user.id)).toContain(PERMISSIONS.musicDownload);
    // Hand the mark back so the other tests see the seeded Free plan.
    await admin.send('PUT', `${API}/plans/${free[0]!.id}`, {
      name: free[0]!.name,
      description: free[0]!.description,
      feature_list: free[0]!.feature_list,
      permissions: free[0]!.permissions,
      free: true,
    });
    expect((await plans()).filter((p) => p.free).map((p) => p.id)).toEqual([free[0]!.id]);
  });

  it("refuses an unknown permission, and a plan's new permissions reach its subscribers at once", async () => {
    const bad = await admin.post(
      `${API}/plans`,
      planBody({ permissions: [{ name: 'no.such', restrictions: [] }] }),
    );
    expect(bad.statusCode).toBe(422);
    const plan = (await admin.post(`${API}/plans`, planBody({ permissions: [] }))).json().plan as AdminPlan;
    const user = await createUser(t.db);
    const client = await sessionFor(t.db, user.id);
    expect(
      (await admin.post(`${API}/subscriptions`, { user_id: user.id, product_id: plan.id, days: 30 }))
        .statusCode,
    ).toBe(200);
    const permsOf = async () =>
      (
        (await request(t.app, client, { method: 'GET', url: '/api/v1/bootstrap-data' })).json().bootstrapData
          .user.permissions as { name: string }[]
      ).map((p) => p.name);
    expect(await permsOf()).not.toContain(PERMISSIONS.adsDisable);
    await admin.send('PUT', `${API}/plans/${plan.id}`, {
      ...planBody({ name: plan.name }),
      permissions: [{ name: PERMISSIONS.adsDisable, restrictions: [] }],
    });
    expect(await permsOf()).toContain(PERMISSIONS.adsDisable);
  });
});

describe('subscriptions by hand', () => {
  it('grants, extends and cancels, each audited, and the plan follows in the entitlements', async () => {
    const premium = await planNamed('Premium');
    const user = await createUser(t.db);
    expect(await grantNames(user.id)).not.toContain(PERMISSIONS.adsDisable);

    const granted = await admin.post(`${API}/subscriptions`, {
      user_id: user.id,
      product_id: premium.id,
      days: 10,
    });
    expect(granted.statusCode, granted.body).toBe(200);
    const sub = granted.json().subscription as AdminSubscription;
    expect(sub).toMatchObject({ gateway: 'manual', status: 'active', valid: true, product_id: premium.id });
    const end = Date.parse(sub.current_period_end!);
    expect(end - Date.parse(sub.current_period_start!)).toBe(10 * DAY);
    expect(await grantNames(user.id)).toContain(PERMISSIONS.adsDisable);
    // The user is told, in their notifications.
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.type, 'billing.plan_granted')));
    expect(told).toHaveLength(1);
    expect(told[0]!.params).toMatchObject({ productName: 'Premium', endsAt: sub.current_period_end });
    // A second grant while one is valid is refused.
    expect(
      (await admin.post(`${API}/subscriptions`, { user_id: user.id, product_id: premium.id, days: 5 }))
        .statusCode,
    ).toBe(422);

    const extended = await admin.post(`${API}/subscriptions/${sub.id}/extend`, { days: 5 });
    expect(Date.parse(extended.json().subscription.current_period_end)).toBe(end + 5 * DAY);

    // Past the original end but within the extension: still valid.
    expect(await grantNames(user.id)).toContain(PERMISSIONS.adsDisable);
    const later = new Date(end + 2 * DAY);
    expect((await loadEntitlements(t.db, user.id, later)).grants.map((g) => g.name)).toContain(
      PERMISSIONS.adsDisable,
    );

    const atEnd = await admin.post(`${API}/subscriptions/${sub.id}/cancel`, { at_period_end: true });
    expect(atEnd.json().subscription).toMatchObject({
      status: 'cancelled',
      valid: true,
      cancel_at_period_end: true,
    });
    expect(await grantNames(user.id)).toContain(PERMISSIONS.adsDisable);

    const now = await admin.post(`${API}/subscriptions/${sub.id}/cancel`, { at_period_end: false });
    expect(now.json().subscription).toMatchObject({ status: 'expired', valid: false, active: false });
    expect(await grantNames(user.id)).not.toContain(PERMISSIONS.adsDisable);
    expect((await admin.post(`${API}/subscriptions/${sub.id}/extend`, { days: 5 })).statusCode).toBe(422);

    const audited = await t.db
      .select({ a: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'subscription'), eq(auditLog.targetId, String(sub.id))));
    expect(audited.map((r) => r.a).sort()).toEqual([
      'subscription.cancel',
      'subscription.cancel',
      'subscription.extend',
      'subscription.grant',
    ]);
  });

  it('lists subscriptions searchable by user and filtered by plan, status and gateway', async () => {
    const premium = await planNamed('Premium');
    const user = await createUser(t.db, { email: `findme-${process.pid}@example.com` });
    await admin.post(`${API}/subscriptions`, { user_id: user.id, product_id: premium.id, days: 3 });
    const found = await admin.get(
      `${API}/subscriptions?query=findme-${process.pid}&gateway=manual&status=active`,
    );
    expect(found.statusCode).toBe(200);
    expect(found.json().data.map((s: AdminSubscription) => s.user.id)).toEqual([user.id]);
    const other = await admin.get(`${API}/subscriptions?query=findme-${process.pid}&gateway=stripe`);
    expect(other.json().data).toEqual([]);
    const byPlan = await admin.get(`${API}/subscriptions?product=${premium.id}&perPage=100`);
    expect(byPlan.json().data.every((s: AdminSubscription) => s.product_id === premium.id)).toBe(true);
    expect((await admin.get(`${API}/subscriptions?status=nope`)).statusCode).toBe(422);
  });
});

describe('payments and webhooks', () => {
  it('replays a stored event once: verified and settled, a second replay changes nothing', async () => {
    const premium = await planNamed('Premium');
    const price = premium.prices.find((p) => p.currency === 'USD' && !p.archived_at)!;
    const { txRef } = await paidCheckout(price.id, 'pending');
    const [event] = await t.db.select().from(webhookEvents).where(eq(webhookEvents.txRef, txRef));
    expect(event).toMatchObject({ signatureValid: true });
    // The gateway settles it later, but its success webhook never arrives.
    await t.db.update(sandboxCharges).set({ status: 'success' }).where(eq(sandboxCharges.txRef, txRef));

    const listed = await admin.get(`${API}/webhooks?gateway=sandbox&signature_valid=true&query=${txRef}`);
    expect(listed.json().data.map((e: { id: number }) => e.id)).toEqual([event!.id]);
    const one = await admin.get(`${API}/webhooks/${event!.id}`);
    expect(JSON.parse(one.json().event.raw_body)).toMatchObject({ tx_ref: txRef });

    const first = await admin.post(`${API}/webhooks/${event!.id}/replay`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().outcome).toBe('applied');
    expect(first.json().event.processed_at).not.toBeNull();
    const second = await admin.post(`${API}/webhooks/${event!.id}/replay`);
    expect(second.json().outcome).toBe('nothing_to_do');

    const [payment] = await t.db.select().from(payments).where(eq(payments.txRef, txRef));
    expect(payment!.status).toBe('succeeded');
    expect(await t.db.select().from(invoices).where(eq(invoices.paymentId, payment!.id))).toHaveLength(1);
    expect(
      await t.db.select().from(subscriptions).where(eq(subscriptions.userId, payment!.userId)),
    ).toHaveLength(1);

    const paid = await admin.get(`${API}/payments?query=${txRef}&status=succeeded&gateway=sandbox`);
    expect(paid.json().data).toMatchObject([{ tx_ref: txRef, amount: price.amount, currency: 'USD' }]);
  });

  it('never replays an event whose signature failed', async () => {
    const [bad] = await t.db
      .insert(webhookEvents)
      .values({ gateway: 'sandbox', rawBody: '{"tx_ref":"x"}', signatureValid: false })
      .returning();
    const res = await admin.post(`${API}/webhooks/${bad!.id}/replay`);
    expect(res.statusCode).toBe(422);
    expect((await admin.get(`${API}/webhooks?signature_valid=false`)).json().data.length).toBeGreaterThan(0);
  });
});

describe('refunds', () => {
  const sandboxPaid = async () => {
    const premium = await planNamed('Premium');
    const price = premium.prices.find((p) => p.currency === 'ETB' && !p.archived_at)!;
    const { user, txRef } = await paidCheckout(price.id, 'success');
    const [payment] = await t.db.select().from(payments).where(eq(payments.txRef, txRef));
    expect(payment!.status).toBe('succeeded');
    return { user, txRef, payment: payment!, amount: price.amount };
  };
  const refund = (id: number, body: object = {}) => admin.post(`${API}/payments/${id}/refund`, body);
  const refundsOf = (paymentId: number) =>
    t.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId));
  const charge = async (txRef: string) =>
    (await t.db.select().from(sandboxCharges).where(eq(sandboxCharges.txRef, txRef)))[0]!;

  it('refunds all that is left by default: the payment is refunded, the buyer told, the admin audited', async () => {
    const { user, txRef, payment, amount } = await sandboxPaid();
    const res = await refund(payment.id, { reason: 'Charged twice' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payment as AdminPayment).toMatchObject({
      id: payment.id,
      status: 'refunded',
      refunded_amount: amount,
    });
    expect(res.json().payment.refunded_at).not.toBeNull();
    // The gateway's own record gave the money back too.
    expect((await charge(txRef)).refunded).toBe(amount);
    expect(await refundsOf(payment.id)).toMatchObject([
      {
        amount,
        status: 'succeeded',
        reason: 'Charged twice',
        gatewayReference: expect.stringMatching(/^sandbox-/),
      },
    ]);
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.type, 'billing.payment_refunded')));
    expect(told).toHaveLength(1);
    expect(told[0]!.params).toMatchObject({ amount, currency: 'ETB', full: true, productName: 'Premium' });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.refund'), eq(auditLog.targetId, String(payment.id))));
    expect(entry).toBeDefined();
    // The admin's list shows it, and the buyer's invoice says so.
    const listed = await admin.get(`${API}/payments?query=${txRef}&status=refunded`);
    expect(listed.json().data).toMatchObject([{ tx_ref: txRef, refunded_amount: amount }]);
    const buyer = await sessionFor(t.db, user.id);
    const overview = await request(t.app, buyer, { method: 'GET', url: '/api/v1/billing/me' });
    expect(overview.json().invoices).toMatchObject([{ total: amount, refunded: amount }]);
    // Nothing is left: a second refund is refused.
    const again = await refund(payment.id);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({
      message: expect.any(String),
      errors: { amount: [expect.any(String)] },
    });
  });

  it('refunds part, then the rest; more than is left is refused in the error shape', async () => {
    const { payment, amount, txRef } = await sandboxPaid();
    const part = await refund(payment.id, { amount: 1_000 });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().payment).toMatchObject({ status: 'succeeded', refunded_amount: 1_000 });

    const over = await refund(payment.id, { amount: amount - 1_000 + 1 });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.amount).toEqual(['That is more than is left to refund of this payment.']);
    for (const bad of [0, -5, 1.5])
      expect((await refund(payment.id, { amount: bad })).statusCode, String(bad)).toBe(422);
    expect((await refund(payment.id, { reason: 'x'.repeat(201) })).statusCode).toBe(422);

    const rest = await refund(payment.id);
    expect(rest.json().payment).toMatchObject({ status: 'refunded', refunded_amount: amount });
    expect((await refundsOf(payment.id)).map((r) => r.amount).sort((a, b) => a - b)).toEqual(
      [1_000, amount - 1_000].sort((a, b) => a - b),
    );
    expect((await charge(txRef)).refunded).toBe(amount);
  });

  it('refuses a payment that did not go through, and an unknown one', async () => {
    const premium = await planNamed('Premium');
    const price = premium.prices.find((p) => p.currency === 'ETB' && !p.archived_at)!;
    const { txRef } = await paidCheckout(price.id, 'failed');
    const [failed] = await t.db.select().from(payments).where(eq(payments.txRef, txRef));
    const res = await refund(failed!.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.amount).toEqual(['Only a payment that went through can be refunded.']);
    expect(await refundsOf(failed!.id)).toEqual([]);
    expect((await refund(999_999)).statusCode).toBe(404);
  });

  it('makes one refund of a double submit, and of two requests at once', async () => {
    const { payment, txRef } = await sandboxPaid();
    const body = { amount: 500, idempotency_key: `refund-${process.pid}-a` };
    const first = await refund(payment.id, body);
    const second = await refund(payment.id, body);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json().payment.refunded_amount).toBe(500);
    expect(await refundsOf(payment.id)).toHaveLength(1);

    const both = await Promise.all([refund(payment.id), refund(payment.id)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, expect.any(Number)]);
    expect(both.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect([409, 422]).toContain(both.find((r) => r.statusCode !== 200)!.statusCode);
    expect(await refundsOf(payment.id)).toHaveLength(2);
    const [row] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row).toMatchObject({ status: 'refunded', refundedAmount: payment.amount });
    expect((await charge(txRef)).refunded).toBe(payment.amount);
  });

  it('makes one refund of the same amount submitted twice without a key, and a second one after a minute', async () => {
    const { payment, txRef } = await sandboxPaid();
    // Right after each other.
    const first = await refund(payment.id, { amount: 500 });
    const second = await refund(payment.id, { amount: 500 });
    expect([first.statusCode, second.statusCode], second.body).toEqual([200, 200]);
    expect(second.json().payment.refunded_amount).toBe(500);
    expect(await refundsOf(payment.id)).toHaveLength(1);
    // At the same time.
    const both = await Promise.all([
      refund(payment.id, { amount: 300 }),
      refund(payment.id, { amount: 300 }),
    ]);
    for (const res of both) expect([200, 409], res.body).toContain(res.statusCode);
    expect((await refundsOf(payment.id)).map((r) => r.amount).sort((a, b) => a - b)).toEqual([300, 500]);
    // "All that is left", twice: one refund, and the second finds nothing left.
    const [rest, restAgain] = [await refund(payment.id), await refund(payment.id)];
    expect([rest.statusCode, restAgain.statusCode], restAgain.body).toEqual([200, 422]);
    expect(await refundsOf(payment.id)).toHaveLength(3);
    let [row] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row).toMatchObject({ status: 'refunded', refundedAmount: payment.amount });
    expect((await charge(txRef)).refunded).toBe(payment.amount);

    // A second refund of the same amount a minute later is meant: it is made.
    const other = await sandboxPaid();
    expect((await refund(other.payment.id, { amount: 100 })).statusCode).toBe(200);
    await t.db
      .update(paymentRefunds)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(paymentRefunds.paymentId, other.payment.id));
    const later = await refund(other.payment.id, { amount: 100 });
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().payment.refunded_amount).toBe(200);
    expect(await refundsOf(other.payment.id)).toHaveLength(2);
    [row] = await t.db.select().from(payments).where(eq(payments.id, other.payment.id));
    expect(row!.refundedAmount).toBe(200);
  });

  it('holds a payment back while a refund of it is being asked, not forever', async () => {
    const { payment } = await sandboxPaid();
    const [asked] = await t.db
      .insert(paymentRefunds)
      .values({ paymentId: payment.id, amount: 100, status: 'requested' })
      .returning();
    const busy = await refund(payment.id);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toMatch(/already under way/);
    // Cut off between asking and recording: after ten minutes it no longer blocks.
    await t.db
      .update(paymentRefunds)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(paymentRefunds.id, asked!.id));
    const res = await refund(payment.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payment).toMatchObject({ status: 'refunded', refunded_amount: payment.amount });
  });

  it('changes nothing of ours when the gateway refuses', async () => {
    const { payment, txRef } = await sandboxPaid();
    // The gateway's side already gave everything back (say, from its own dashboard).
    await t.db
      .update(sandboxCharges)
      .set({ refunded: payment.amount })
      .where(eq(sandboxCharges.txRef, txRef));
    const res = await refund(payment.id);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/refused the refund/);
    expect(await refundsOf(payment.id)).toEqual([]);
    const [row] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row).toMatchObject({ status: 'succeeded', refundedAmount: 0 });
  });

  it('ends the plan now when asked, through the cancel-now path', async () => {
    const { user, payment } = await sandboxPaid();
    expect(await grantNames(user.id)).toContain(PERMISSIONS.adsDisable);
    const res = await refund(payment.id, { end_subscription: true });
    expect(res.statusCode, res.body).toBe(200);
    const [sub] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, payment.subscriptionId!));
    expect(sub).toMatchObject({ status: 'expired' });
    expect(await grantNames(user.id)).not.toContain(PERMISSIONS.adsDisable);
    const actions = await t.db
      .select({ a: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, String(sub!.id)));
    expect(actions.map((r) => r.a)).toContain('subscription.cancel');
  });

  it('is for billing managers only', async () => {
    const { payment } = await sandboxPaid();
    const user = await sessionFor(t.db, (await createUser(t.db)).id);
    const url = `${API}/payments/${payment.id}/refund`;
    expect((await request(t.app, user, { method: 'POST', url, payload: {} })).statusCode).toBe(403);
    expect((await request(t.app, guest(), { method: 'POST', url, payload: {} })).statusCode).toBe(401);
    expect(await refundsOf(payment.id)).toEqual([]);
  });
});

describe('revenue', () => {
  it('normalises each paid price to a month, per currency, and counts new, churned and failed renewals', async () => {
    const before = (await admin.get(`${API}/revenue?days=30`)).json() as RevenueResponse;
    const [plan] = await t.db
      .insert(products)
      .values({ name: `MRR ${process.pid}` })
      .returning();
    const [monthly, yearly, weekly, usd, zero] = await t.db
      .insert(prices)
      .values([
        { productId: plan!.id, currency: 'ETB', amount: 19_900, interval: 'month' },
        { productId: plan!.id, currency: 'ETB', amount: 199_000, interval: 'year' },
        { productId: plan!.id, currency: 'ETB', amount: 1_000, interval: 'week', intervalCount: 2 },
        { productId: plan!.id, currency: 'USD', amount: 1_497, interval: 'month', intervalCount: 3 },
        { productId: plan!.id, currency: 'USD', amount: 0, interval: 'month' },
      ])
      .returning();
    const users = await Promise.all([1, 2, 3, 4, 5, 6, 7].map(() => createUser(t.db)));
    const now = new Date();
    const sub = (i: number, priceId: number, extra: Partial<typeof subscriptions.$inferInsert> = {}) => ({
      userId: users[i]!.id,
      productId: plan!.id,
      priceId,
      gateway: 'sandbox',
      status: 'active',
      currentPeriodStart: now,
      currentPeriodEnd: new Date(now.getTime() + 20 * DAY),
      ...extra,
    });
    await t.db.insert(subscriptions).values([
      sub(0, monthly!.id),
      sub(1, yearly!.id),
      sub(2, weekly!.id),
      sub(3, usd!.id, { gateway: 'stripe' }),
      // Not counted: a free price, a trial, an ended one.
      sub(4, zero!.id),
      sub(5, monthly!.id, { status: 'trialing', trialEndsAt: new Date(now.getTime() + 5 * DAY) }),
      sub(6, monthly!.id, { status: 'expired', endedAt: now }),
    ]);
    const after = (await admin.get(`${API}/revenue?days=30`)).json() as RevenueResponse;
    // 19900 + 199000/12 + 1000*52/(12*2) = 19900 + 16583.33 + 2166.67 = 38650
    expect(after.mrr.ETB - before.mrr.ETB).toBe(38_650);
    // 1497 / 3 = 499
    expect(after.mrr.USD - before.mrr.USD).toBe(499);
    expect(after.days).toHaveLength(30);
    const today = after.days.at(-1)!;
    const todayBefore = before.days.at(-1)!;
    expect(today.mrr).toEqual(after.mrr);
    expect(today.new - todayBefore.new).toBe(7);
    expect(today.churned - todayBefore.churned).toBe(1);
    expect(after.days.at(-2)!.mrr.ETB).toBe(before.days.at(-2)!.mrr.ETB);
    expect((await admin.get(`${API}/revenue?days=365`)).json().days).toHaveLength(365);
  });
});
