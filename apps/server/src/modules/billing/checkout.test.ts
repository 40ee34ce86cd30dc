// Both drivers: one checkout key submitted twice at once (a lock and a unique key).
import { type Payment, PERMISSIONS, type Product } from '@zema/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '#src/modules/notifications/tables';
import { type Client, createUser, request, sessionFor, useApp } from '#test/helpers';
import { invoices, payments, sandboxCharges, subscriptions, webhookEvents } from './billing.tables';
import { SANDBOX_SIGNATURE_HEADER } from './sandbox';

const t = useApp();
let plans: Product[];
const priceOf = (plan: string, currency: 'ETB' | 'USD', interval: 'month' | 'year') =>
  plans.find((p) => p.name === plan)!.prices.find((p) => p.currency === currency && p.interval === interval)!;

beforeAll(async () => {
  await t.app.deps.settings.set('billing', { enable: true });
  const res = await request(t.app, await sessionFor(t.db, (await createUser(t.db)).id), {
    method: 'GET',
    url: '/api/v1/billing/products',
  });
  plans = res.json().pagination.data;
});
afterAll(async () => {
  await t.app.deps.settings.set('billing', { enable: false });
});

let keys = 0;
const key = () => `checkout-key-${process.pid}-${++keys}`;

async function buyer() {
  const user = await createUser(t.db);
  return { id: user.id, client: await sessionFor(t.db, user.id) };
}
const call = (client: Client, method: 'GET' | 'POST', url: string, payload?: object) =>
  request(t.app, client, { method, url: `/api/v1/billing${url}`, ...(payload ? { payload } : {}) });

async function checkout(client: Client, priceId: number, idempotencyKey = key()) {
  const res = await call(client, 'POST', '/checkout', { price_id: priceId, idempotency_key: idempotencyKey });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { payment: Payment; redirect_url: string };
}
const decide = (client: Client, txRef: string, outcome: 'success' | 'failed' | 'pending') =>
  call(client, 'POST', `/sandbox/${txRef}`, { outcome });
const paymentOf = async (client: Client, txRef: string) => {
  const res = await call(client, 'GET', `/payments/${txRef}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payment as Payment;
};
const permissionsOf = async (client: Client) =>
  (
    (await request(t.app, client, { method: 'GET', url: '/api/v1/bootstrap-data' })).json().bootstrapData.user
      .permissions as { name: string }[]
  ).map((p) => p.name);

describe('checkout through the sandbox gateway', () => {
  it('fixes the amount on a payment, sends the buyer to the test-mode checkout, and grants only once paid', async () => {
    const me = await buyer();
    const premium = priceOf('Premium', 'ETB', 'month');
    const { payment, redirect_url } = await checkout(me.client, premium.id);
    expect(payment).toMatchObject({
      status: 'pending',
      purpose: 'new',
      gateway: 'sandbox',
      amount: 19_900,
      currency: 'ETB',
      product_name: 'Premium',
    });
    expect(redirect_url).toBe(`${t.config.appUrl}/checkout/sandbox/${payment.tx_ref}`);
    const charge = (await call(me.client, 'GET', `/sandbox/${payment.tx_ref}`)).json().charge;
    expect(charge).toMatchObject({ amount: 19_900, currency: 'ETB', status: 'pending' });
    // "Cancel and go back" leads back to this plan's checkout page, the payment left pending.
    expect(charge.cancel_url).toBe(`${t.config.appUrl}/checkout/${premium.product_id}/${premium.id}`);

    // The return page alone grants nothing: the sandbox still says pending.
    expect((await paymentOf(me.client, payment.tx_ref)).status).toBe('pending');
    expect(await permissionsOf(me.client)).not.toContain(PERMISSIONS.adsDisable);

    const decided = await decide(me.client, payment.tx_ref, 'success');
    expect(decided.statusCode, decided.body).toBe(200);
    const paid = await paymentOf(me.client, payment.tx_ref);
    expect(paid).toMatchObject({ status: 'succeeded', method: 'sandbox' });
    expect(await permissionsOf(me.client)).toContain(PERMISSIONS.adsDisable);

    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, me.id));
    expect(sub).toMatchObject({ status: 'active', gateway: 'sandbox', priceId: premium.id });
    const months = (sub!.currentPeriodEnd!.getTime() - sub!.currentPeriodStart!.getTime()) / 86_400_000;
    expect(months).toBeGreaterThanOrEqual(28);
    expect(months).toBeLessThanOrEqual(31);
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.userId, me.id));
    expect(invoice).toMatchObject({
      total: 19_900,
      subtotal: 17_304,
      tax: 2_596,
      taxRateBp: 1_500,
      currency: 'ETB',
    });
  });

  it('prints the name and tax number given at checkout on the invoice, and refuses a malformed TIN', async () => {
    const me = await buyer();
    const premium = priceOf('Premium', 'ETB', 'year');
    const bad = await call(me.client, 'POST', '/checkout', {
      price_id: premium.id,
      idempotency_key: key(),
      buyer_tin: '<script>',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.buyer_tin).toHaveLength(1);
    expect(await t.db.select().from(payments).where(eq(payments.userId, me.id))).toEqual([]);

    const res = await call(me.client, 'POST', '/checkout', {
      price_id: premium.id,
      idempotency_key: key(),
      buyer_name: '  Abebe Bikila Trading PLC ',
      buyer_tin: '0012345678',
    });
    expect(res.statusCode, res.body).toBe(200);
    await decide(me.client, res.json().payment.tx_ref, 'success');
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.userId, me.id));
    expect(invoice).toMatchObject({ buyerName: 'Abebe Bikila Trading PLC', buyerTin: '0012345678' });
  });

  it('makes one payment of the same checkout submitted twice', async () => {
    const me = await buyer();
    const price = priceOf('Premium', 'USD', 'month');
    const k = key();
    // At the same moment: the second waits for the first's checkout and answers the same payment.
    const [a, b] = await Promise.all([checkout(me.client, price.id, k), checkout(me.client, price.id, k)]);
    expect(a.payment.tx_ref).toBe(b.payment.tx_ref);
    expect(a.redirect_url).toBe(b.redirect_url);
    // And again later, once it is started.
    expect((await checkout(me.client, price.id, k)).payment.tx_ref).toBe(a.payment.tx_ref);
    const rows = await t.db.select().from(payments).where(eq(payments.userId, me.id));
    expect(rows).toHaveLength(1);
  });

  it('starts the checkout again under its key when the first start never got its URL (its process died)', async () => {
    const me = await buyer();
    const price = priceOf('Premium', 'ETB', 'month');
    const k = key();
    // What a kill between the payment's row and the gateway's answer leaves: the row, no URL.
    await t.db.insert(payments).values({
      userId: me.id,
      productId: price.product_id,
      priceId: price.id,
      gateway: 'sandbox',
      txRef: `zema-cut-short-${k}`,
      idempotencyKey: k,
      purpose: 'new',
      amount: price.amount,
      currency: price.currency,
      createdAt: new Date(Date.now() - 2 * 60_000),
    });
    const again = await checkout(me.client, price.id, k);
    expect(again.redirect_url).toBe(`${t.config.appUrl}/checkout/sandbox/${again.payment.tx_ref}`);
    const rows = await t.db.select().from(payments).where(eq(payments.userId, me.id));
    expect(rows.map((r) => r.txRef)).toEqual([again.payment.tx_ref]);
  });

  it('refuses a checkout key used before for another price (422), and makes no payment for it', async () => {
    const me = await buyer();
    const k = key();
    const first = await checkout(me.client, priceOf('Premium', 'ETB', 'month').id, k);
    const other = await call(me.client, 'POST', '/checkout', {
      price_id: priceOf('Premium', 'ETB', 'year').id,
      idempotency_key: k,
    });
    expect(other.statusCode, other.body).toBe(422);
    const message =
      'This checkout was started for another price: open the checkout again to pay for this one.';
    expect(other.json()).toEqual({ message, errors: { idempotency_key: [message] } });
    // The first price with its key still answers its payment.
    expect((await checkout(me.client, priceOf('Premium', 'ETB', 'month').id, k)).payment.tx_ref).toBe(
      first.payment.tx_ref,
    );
    expect(await t.db.select().from(payments).where(eq(payments.userId, me.id))).toHaveLength(1);
  });

  it('refuses a price id out of range with a field error (422), never a 500', async () => {
    const me = await buyer();
    for (const price_id of [2 ** 40, 2 ** 31, -1, 0, 1.5, '7', null]) {
      for (const url of ['/checkout', '/trial']) {
        const res = await call(me.client, 'POST', url, { price_id, idempotency_key: key() });
        expect(res.statusCode, `${url} ${price_id}: ${res.body}`).toBe(422);
        expect(res.json().errors.price_id, `${url} ${price_id}`).toEqual([
          'The id must be a whole number from 1 to 2147483647.',
        ]);
      }
    }
    expect(await t.db.select().from(payments).where(eq(payments.userId, me.id))).toEqual([]);
  });

  it('records a failed payment and grants nothing; a pending one waits', async () => {
    const me = await buyer();
    const price = priceOf('Premium', 'ETB', 'year');
    const failed = await checkout(me.client, price.id);
    await decide(me.client, failed.payment.tx_ref, 'failed');
    expect((await paymentOf(me.client, failed.payment.tx_ref)).status).toBe('failed');
    const notices = await t.db.select().from(notifications).where(eq(notifications.userId, me.id));
    expect(notices.map((n) => n.type)).toEqual(['billing.payment_failed']);

    const later = await checkout(me.client, price.id);
    await decide(me.client, later.payment.tx_ref, 'pending');
    expect((await paymentOf(me.client, later.payment.tx_ref)).status).toBe('pending');
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, me.id))).toEqual([]);
    // Decided later, it goes through.
    await decide(me.client, later.payment.tx_ref, 'success');
    expect((await paymentOf(me.client, later.payment.tx_ref)).status).toBe('succeeded');
    // A decided charge stays decided.
    await decide(me.client, failed.payment.tx_ref, 'success');
    expect((await paymentOf(me.client, failed.payment.tx_ref)).status).toBe('failed');
  });

  it("answers 404 for someone else's payment or a made-up reference, and 422 for what is not on sale", async () => {
    const me = await buyer();
    const other = await buyer();
    const { payment } = await checkout(me.client, priceOf('Premium', 'ETB', 'month').id);
    expect((await call(other.client, 'GET', `/payments/${payment.tx_ref}`)).statusCode).toBe(404);
    expect((await call(other.client, 'GET', `/sandbox/${payment.tx_ref}`)).statusCode).toBe(404);
    expect((await decide(other.client, payment.tx_ref, 'success')).statusCode).toBe(404);
    expect((await call(me.client, 'GET', '/payments/zema-not-a-real-reference-at-all')).statusCode).toBe(422);
    expect((await call(me.client, 'GET', '/payments/zema-AAAAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);

    const free = plans.find((p) => p.free)!.prices[0]!;
    const res = await call(me.client, 'POST', '/checkout', { price_id: free.id, idempotency_key: key() });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.price_id[0]).toBe('The free plan needs no payment.');
    const unknown = await call(me.client, 'POST', '/checkout', { price_id: 999_999, idempotency_key: key() });
    expect(unknown.json().errors.price_id[0]).toBe('This price is not on sale.');
    const bad = await call(me.client, 'POST', '/checkout', { price_id: 'x', idempotency_key: 'a b' });
    expect(bad.statusCode).toBe(422);
  });

  it('ignores a webhook whose signature does not hold, and applies a replayed one once', async () => {
    const me = await buyer();
    const { payment } = await checkout(me.client, priceOf('Artist Pro', 'ETB', 'month').id);
    const billing = t.app.deps.billing;
    const { receiveWebhook } = await import('./webhooks');
    const policy = { vatRateBp: 1_500 };
    // Forged: the charge is marked paid on the sandbox's side, but the signature is wrong.
    await t.db
      .update(sandboxCharges)
      .set({ status: 'success' })
      .where(eq(sandboxCharges.txRef, payment.tx_ref));
    const body = Buffer.from(
      JSON.stringify({ event: 'charge.success', tx_ref: payment.tx_ref, outcome: 'success' }),
    );
    const forged = await receiveWebhook(
      t.app.deps,
      billing.sandbox,
      { rawBody: body, headers: { [SANDBOX_SIGNATURE_HEADER]: 'f'.repeat(64) } },
      policy,
    );
    expect(forged).toEqual({ status: 'rejected' });
    const [p] = await t.db.select().from(payments).where(eq(payments.txRef, payment.tx_ref));
    expect(p!.status).toBe('pending');
    const [logged] = await t.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.rawBody, body.toString()))
      .orderBy(asc(webhookEvents.id));
    expect(logged).toMatchObject({ signatureValid: false, processedAt: null });

    // Signed properly, twice: one subscription, one invoice.
    await t.db
      .update(sandboxCharges)
      .set({ status: 'pending' })
      .where(eq(sandboxCharges.txRef, payment.tx_ref));
    const { webhook } = await billing.sandbox.decide(payment.tx_ref, 'success');
    expect(await receiveWebhook(t.app.deps, billing.sandbox, webhook, policy)).toEqual({
      status: 'processed',
      txRef: payment.tx_ref,
    });
    expect(await receiveWebhook(t.app.deps, billing.sandbox, webhook, policy)).toEqual({
      status: 'duplicate',
    });
    expect(await t.db.select().from(invoices).where(eq(invoices.userId, me.id))).toHaveLength(1);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, me.id))).toHaveLength(1);
  });

  it('refuses a payment whose amount is not what the checkout asked', async () => {
    const me = await buyer();
    const { payment } = await checkout(me.client, priceOf('Premium', 'USD', 'year').id);
    await t.db.update(sandboxCharges).set({ amount: 1 }).where(eq(sandboxCharges.txRef, payment.tx_ref));
    await decide(me.client, payment.tx_ref, 'success');
    const settled = await paymentOf(me.client, payment.tx_ref);
    expect(settled.status).toBe('failed');
    expect(settled.failure_reason).toContain('not 4990 USD');
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, me.id))).toEqual([]);
  });

  it('renews the same plan from the end of the paid period; another plan is changed from the billing page', async () => {
    const me = await buyer();
    const price = priceOf('Premium', 'ETB', 'month');
    const first = await checkout(me.client, price.id);
    await decide(me.client, first.payment.tx_ref, 'success');
    const [before] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, me.id));

    const renewal = await checkout(me.client, price.id);
    expect(renewal.payment.purpose).toBe('renewal');
    await decide(me.client, renewal.payment.tx_ref, 'success');
    const [after] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, me.id));
    expect(after!.id).toBe(before!.id);
    expect(after!.currentPeriodEnd!.getTime()).toBeGreaterThan(
      before!.currentPeriodEnd!.getTime() + 27 * 86_400_000,
    );

    const other = await call(me.client, 'POST', '/checkout', {
      price_id: priceOf('Artist Pro', 'ETB', 'month').id,
      idempotency_key: key(),
    });
    expect(other.statusCode).toBe(422);

    // Invoices are numbered in sequence, one per paid payment.
    const numbers = (
      await t.db
        .select({ n: invoices.number })
        .from(invoices)
        .where(and(eq(invoices.userId, me.id)))
        .orderBy(asc(invoices.number))
    ).map((r) => r.n);
    expect(numbers).toHaveLength(2);
    expect(numbers[1]).toBeGreaterThan(numbers[0]!);
  });
});
