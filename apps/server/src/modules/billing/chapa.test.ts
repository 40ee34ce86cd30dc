import { createHmac } from 'node:crypto';
import { type Payment, PERMISSIONS, type Product } from '@zema/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '#src/modules/notifications/tables';
import { settings } from '#src/modules/settings/tables';
import { sealSecret } from '#src/platform/secret-box';
import { adminUserId, type Client, createUser, request, sessionFor, useApp } from '#test/helpers';
import { type StandInAnswer, type StandInRequest, startStandIn } from '#test/stand-in';
import { invoices, paymentRefunds, payments, subscriptions, webhookEvents } from './billing.tables';
import { runBillingLifecycle } from './lifecycle';
import { retryPendingWebhookEvents } from './webhooks';

/**
 * Chapa (decision 0038) against a stand-in of its API written from its published shapes
 * (POST /transaction/initialize, GET /transaction/verify/{tx_ref}); webhooks signed here with
 * node:crypto as Chapa does (hex HMAC-SHA256 of the raw body, keyed with the webhook secret).
 */

const DAY = 86_400_000;
const SECRET_KEY = 'CHASECK_TEST-standin0123456789abcdef';
const WEBHOOK_SECRET = 'chapa-webhook-secret-0123456789';

type Tx = { amount: string; currency: string; status: string; method: string; email: string };
const txs = new Map<string, Tx>();
let down = false;
/** What the stand-in gave back per payment (minor units), and a refusal to answer when set. */
const refunded = new Map<string, number>();
let refuseRefunds: string | null = null;

function chapa(req: StandInRequest): StandInAnswer {
  if (down) return { hangUp: true };
  if (req.headers.authorization !== `Bearer ${SECRET_KEY}`)
    return { status: 401, json: { message: 'Invalid API Key', status: 'failed', data: null } };
  if (req.method === 'POST' && req.path === '/v1/transaction/initialize') {
    const body = JSON.parse(req.body) as { tx_ref: string; amount: string; currency: string; email: string };
    txs.set(body.tx_ref, { ...body, status: 'pending', method: '' });
    return {
      json: {
        message: 'Hosted Link',
        status: 'success',
        data: { checkout_url: `https://checkout.chapa.co/checkout/payment/${body.tx_ref}` },
      },
    };
  }
  const verify = /^\/v1\/transaction\/verify\/(.+)$/.exec(req.path);
  if (req.method === 'GET' && verify) {
    const txRef = decodeURIComponent(verify[1]!);
    const tx = txs.get(txRef);
    if (!tx)
      return {
        status: 404,
        json: { message: 'Invalid transaction or Transaction not found', status: 'failed', data: null },
      };
    return {
      json: {
        message: 'Payment details',
        status: 'success',
        data: {
          first_name: 'Abebe',
          last_name: 'Bikila',
          email: tx.email,
          currency: tx.currency,
          amount: Number(tx.amount),
          charge: 0,
          mode: 'test',
          method: tx.method || null,
          type: 'API',
          status: tx.status,
          reference: `APr${txRef.slice(-8)}`,
          tx_ref: txRef,
        },
      },
    };
  }
  const refund = /^\/v1\/refund\/(.+)$/.exec(req.path);
  if (req.method === 'POST' && refund) {
    const txRef = decodeURIComponent(refund[1]!);
    const tx = txs.get(txRef);
    const body = JSON.parse(req.body || '{}') as { amount?: string; reason?: string; reference?: string };
    if (tx?.status !== 'success')
      return { status: 400, json: { message: 'Transaction not found or not successful', status: 'failed' } };
    if (refuseRefunds) return { status: 400, json: { message: refuseRefunds, status: 'failed', data: null } };
    const paid = Math.round(Number(tx.amount) * 100);
    const amount = body.amount ? Math.round(Number(body.amount) * 100) : paid - (refunded.get(txRef) ?? 0);
    if (amount + (refunded.get(txRef) ?? 0) > paid)
      return {
        status: 400,
        json: { message: 'Refund amount exceeds the transaction amount', status: 'failed' },
      };
    refunded.set(txRef, (refunded.get(txRef) ?? 0) + amount);
    return {
      json: {
        message: 'Refund initiated successfully',
        status: 'success',
        data: { tx_ref: txRef, reference: body.reference, amount: body.amount, currency: tx.currency },
      },
    };
  }
  return { status: 404, json: { message: 'Not found', status: 'failed' } };
}

let standIn: Awaited<ReturnType<typeof startStandIn>>;
const logs: string[] = [];
beforeAll(async () => {
  standIn = await startStandIn(chapa);
});
afterAll(async () => {
  await standIn.close();
});

const t = useApp(() => ({ CHAPA_API_URL: `${standIn.url}/v1`, LOG_LEVEL: 'trace' }), {
  logStream: { write: (line: string) => void logs.push(line) },
});

let plans: Product[];
let admin: Client;
const etbMonthly = () =>
  plans
    .find((p) => p.name === 'Premium')!
    .prices.find((p) => p.currency === 'ETB' && p.interval === 'month')!;

beforeAll(async () => {
  await t.app.deps.settings.set('billing', { enable: true });
  admin = await sessionFor(t.db, await adminUserId(t.db));
  const res = await request(t.app, admin, { method: 'GET', url: '/api/v1/billing/products' });
  plans = res.json().pagination.data;
});

let keys = 0;
async function buyer() {
  const user = await createUser(t.db);
  return { id: user.id, client: await sessionFor(t.db, user.id) };
}
async function checkout(client: Client, priceId = etbMonthly().id, key = `chapa-${process.pid}-${++keys}`) {
  const res = await request(t.app, client, {
    method: 'POST',
    url: '/api/v1/billing/checkout',
    payload: { price_id: priceId, idempotency_key: key },
  });
  return res;
}
const saveSettings = (payload: Record<string, unknown>) =>
  request(t.app, admin, { method: 'POST', url: '/api/v1/settings', payload });
const sign = (body: string, secret = WEBHOOK_SECRET) =>
  createHmac('sha256', secret).update(body).digest('hex');
const postWebhook = (body: string, signature: string | null) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/billing/webhooks/chapa',
    payload: body,
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-chapa-signature': signature } : {}) },
  });
const chargeEvent = (txRef: string, status = 'success') =>
  JSON.stringify({
    event: `charge.${status}`,
    type: 'API',
    status,
    tx_ref: txRef,
    reference: `APr${txRef.slice(-8)}`,
    amount: '199.00',
    currency: 'ETB',
    created_at: '2026-11-27T10:00:00.000000Z',
  });
const paymentOf = async (client: Client, txRef: string) =>
  (await request(t.app, client, { method: 'GET', url: `/api/v1/billing/payments/${txRef}` })).json()
    .payment as Payment;
const permissionsOf = async (client: Client) =>
  (
    (await request(t.app, client, { method: 'GET', url: '/api/v1/bootstrap-data' })).json().bootstrapData.user
      .permissions as { name: string }[]
  ).map((p) => p.name);

describe('billing settings: the Chapa key', () => {
  it('switches ETB checkouts from the sandbox to Chapa once the admin saves a key, stored sealed and shown as set', async () => {
    const before = await checkout((await buyer()).client);
    expect(before.json().payment.gateway).toBe('sandbox');

    const saved = await saveSettings({
      'server.billing.chapa.secret_key': SECRET_KEY,
      'server.billing.chapa.webhook_secret': WEBHOOK_SECRET,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const billing = saved.json().server.billing;
    expect(billing.chapa.secret_key).toEqual({ set: true, unreadable: false });
    expect(billing.chapa.webhook_url).toBe(`${t.config.appUrl}/api/v1/billing/webhooks/chapa`);
    expect(billing.gateways).toEqual({ ETB: 'chapa', USD: 'sandbox' });
    expect(saved.body).not.toContain(SECRET_KEY);
    const [row] = await t.db
      .select()
      .from(settings)
      .where(eq(settings.key, 'server.billing.chapa.secret_key'));
    expect(JSON.stringify(row!.value)).not.toContain(SECRET_KEY);
    expect(String(row!.value)).toMatch(/^v1\./);

    const me = await buyer();
    const after = await checkout(me.client);
    expect(after.statusCode, after.body).toBe(200);
    const { payment, redirect_url } = after.json() as { payment: Payment; redirect_url: string };
    expect(payment).toMatchObject({ gateway: 'chapa', amount: 19_900, currency: 'ETB', status: 'pending' });
    expect(redirect_url).toBe(`https://checkout.chapa.co/checkout/payment/${payment.tx_ref}`);
    const init = standIn.requests.findLast((r) => r.path === '/v1/transaction/initialize')!;
    expect(JSON.parse(init.body)).toMatchObject({
      tx_ref: payment.tx_ref,
      amount: '199.00',
      currency: 'ETB',
      callback_url: `${t.config.appUrl}/api/v1/billing/webhooks/chapa`,
      return_url: `${t.config.appUrl}/billing/return?tx_ref=${payment.tx_ref}`,
    });
  });

  it('counts a key sealed under another install key as unset, and says so to the admin', async () => {
    const [row] = await t.db
      .select()
      .from(settings)
      .where(eq(settings.key, 'server.billing.chapa.secret_key'));
    await t.db
      .update(settings)
      .set({ value: sealSecret('another-install-key-of-32-characters-or-more', SECRET_KEY) })
      .where(eq(settings.key, 'server.billing.chapa.secret_key'));
    await t.app.deps.settings.set('billing', { enable: true }); // drops the cached settings
    try {
      const view = (await request(t.app, admin, { method: 'GET', url: '/api/v1/settings' })).json();
      expect(view.server.billing.chapa.secret_key).toEqual({ set: false, unreadable: true });
      expect(view.server.billing.gateways.ETB).toBe('sandbox');
      expect((await checkout((await buyer()).client)).json().payment.gateway).toBe('sandbox');
    } finally {
      await t.db.update(settings).set({ value: row!.value }).where(eq(settings.key, row!.key));
      await t.app.deps.settings.set('billing', { enable: true });
    }
  });

  it('refuses bad billing values with field errors', async () => {
    const res = await saveSettings({ 'server.billing.vat_rate_bp': 20_000, 'server.billing.grace_days': -1 });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(
      expect.arrayContaining(['server.billing.vat_rate_bp', 'server.billing.grace_days']),
    );
  });
});

describe('paying through Chapa', () => {
  it('initialize → webhook → verify → grant, once; a replay changes nothing', async () => {
    const me = await buyer();
    const { payment } = (await checkout(me.client)).json() as { payment: Payment };
    // The return page alone grants nothing: Chapa still says pending.
    expect((await paymentOf(me.client, payment.tx_ref)).status).toBe('pending');

    Object.assign(txs.get(payment.tx_ref)!, { status: 'success', method: 'telebirr' });
    const body = chargeEvent(payment.tx_ref);
    const first = await postWebhook(body, sign(body));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, status: 'processed' });
    expect(await paymentOf(me.client, payment.tx_ref)).toMatchObject({
      status: 'succeeded',
      method: 'telebirr',
    });
    expect(await permissionsOf(me.client)).toContain(PERMISSIONS.adsDisable);
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, me.id));
    expect(sub).toMatchObject({ gateway: 'chapa', status: 'active', paymentMethod: { type: 'telebirr' } });

    const replay = await postWebhook(body, sign(body));
    expect(replay.json()).toEqual({ received: true, status: 'duplicate' });
    expect(await t.db.select().from(invoices).where(eq(invoices.userId, me.id))).toHaveLength(1);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, me.id))).toHaveLength(1);
  });

  it('refuses a bad signature with 400, logs the attempt, and grants nothing', async () => {
    const me = await buyer();
    const { payment } = (await checkout(me.client)).json() as { payment: Payment };
    txs.get(payment.tx_ref)!.status = 'success';
    const body = chargeEvent(payment.tx_ref);
    for (const signature of [sign(body, 'not-the-secret'), null, 'zz', sign(`${body} `)]) {
      const res = await postWebhook(body, signature);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'The webhook signature is not valid.' });
    }
    expect((await t.db.select().from(payments).where(eq(payments.txRef, payment.tx_ref)))[0]!.status).toBe(
      'pending',
    );
    const rejected = await t.db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.gateway, 'chapa'), eq(webhookEvents.signatureValid, false)));
    expect(rejected.filter((e) => e.rawBody === body).length).toBe(4);
    expect(await permissionsOf(me.client)).not.toContain(PERMISSIONS.adsDisable);
  });

  it('records a failed payment and grants nothing; a pending one waits', async () => {
    const me = await buyer();
    const { payment } = (await checkout(me.client)).json() as { payment: Payment };
    const pending = chargeEvent(payment.tx_ref, 'pending');
    expect((await postWebhook(pending, sign(pending))).statusCode).toBe(200);
    expect((await paymentOf(me.client, payment.tx_ref)).status).toBe('pending');

    txs.get(payment.tx_ref)!.status = 'failed';
    const failed = chargeEvent(payment.tx_ref, 'failed');
    expect((await postWebhook(failed, sign(failed))).statusCode).toBe(200);
    expect((await paymentOf(me.client, payment.tx_ref)).status).toBe('failed');
    expect(await permissionsOf(me.client)).not.toContain(PERMISSIONS.adsDisable);
  });

  it("ends paid when Chapa first verifies a success event as pending: by the schedule, or by Chapa's redelivery", async () => {
    const billing = t.app.deps.billing;
    const retry = (now: Date) => retryPendingWebhookEvents(t.app.deps, billing.gateway, billing.policy, now);
    for (const settledBy of ['schedule', 'redelivery'] as const) {
      const me = await buyer();
      const { payment } = (await checkout(me.client)).json() as { payment: Payment };
      // Chapa sent charge.success before its verify endpoint caught up.
      const body = chargeEvent(payment.tx_ref);
      expect((await postWebhook(body, sign(body))).json()).toEqual({ received: true, status: 'pending' });
      expect((await paymentOf(me.client, payment.tx_ref)).status).toBe('pending');

      Object.assign(txs.get(payment.tx_ref)!, { status: 'success', method: 'telebirr' });
      if (settledBy === 'redelivery')
        expect((await postWebhook(body, sign(body))).json()).toEqual({ received: true, status: 'processed' });
      else {
        const [open] = await t.db
          .select()
          .from(webhookEvents)
          .where(and(eq(webhookEvents.gateway, 'chapa'), eq(webhookEvents.rawBody, body)));
        await retry(open!.nextAttemptAt!);
      }
      // The buyer never came back to the return page.
      expect(await paymentOf(me.client, payment.tx_ref)).toMatchObject({
        status: 'succeeded',
        method: 'telebirr',
      });
      expect(await permissionsOf(me.client)).toContain(PERMISSIONS.adsDisable);
      expect(await t.db.select().from(invoices).where(eq(invoices.userId, me.id))).toHaveLength(1);
    }
  });

  it('grants nothing when Chapa reports another amount or currency', async () => {
    for (const change of [{ amount: '1.00' }, { currency: 'USD' }]) {
      const me = await buyer();
      const { payment } = (await checkout(me.client)).json() as { payment: Payment };
      Object.assign(txs.get(payment.tx_ref)!, { status: 'success', method: 'card' }, change);
      const body = chargeEvent(payment.tx_ref);
      expect((await postWebhook(body, sign(body))).statusCode).toBe(200);
      const after = await paymentOf(me.client, payment.tx_ref);
      expect(after.status).toBe('failed');
      expect(after.failure_reason).toMatch(/The gateway reported/);
      expect(await permissionsOf(me.client)).not.toContain(PERMISSIONS.adsDisable);
    }
  });

  it("verifies on Chapa's callback (a hint) and grants once Chapa confirms", async () => {
    const me = await buyer();
    const { payment } = (await checkout(me.client)).json() as { payment: Payment };
    const hint = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/billing/webhooks/chapa?trx_ref=${payment.tx_ref}&ref_id=APr1&status=success`,
      });
    // The callback claims success, but Chapa says pending: nothing yet.
    expect((await hint()).statusCode).toBe(200);
    expect((await t.db.select().from(payments).where(eq(payments.txRef, payment.tx_ref)))[0]!.status).toBe(
      'pending',
    );
    Object.assign(txs.get(payment.tx_ref)!, { status: 'success', method: 'cbebirr' });
    expect((await hint()).statusCode).toBe(200);
    expect(await paymentOf(me.client, payment.tx_ref)).toMatchObject({
      status: 'succeeded',
      method: 'cbebirr',
    });
  });

  it('answers 502 in the error shape when Chapa cannot be reached, and nothing is lost', async () => {
    const me = await buyer();
    const key = `chapa-down-${process.pid}`;
    down = true;
    try {
      const res = await checkout(me.client, etbMonthly().id, key);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ message: expect.stringMatching(/could not be reached/) });
    } finally {
      down = false;
    }
    // Pay again on the same page (the same key): the checkout starts, not "already being started".
    const again = await checkout(me.client, etbMonthly().id, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(await t.db.select().from(payments).where(eq(payments.userId, me.id))).toHaveLength(1);
  });

  it("runs a prepaid Chapa plan on the admin's VAT rate, reminder days and grace days", async () => {
    expect(
      (
        await saveSettings({
          'server.billing.vat_rate_bp': 1_000,
          'server.billing.reminder_days': 10,
          'server.billing.grace_days': 7,
        })
      ).statusCode,
    ).toBe(200);
    try {
      const me = await buyer();
      const { payment } = (await checkout(me.client)).json() as { payment: Payment };
      Object.assign(txs.get(payment.tx_ref)!, { status: 'success', method: 'telebirr' });
      const body = chargeEvent(payment.tx_ref);
      expect((await postWebhook(body, sign(body))).statusCode).toBe(200);
      const [invoice] = await t.db.select().from(invoices).where(eq(invoices.userId, me.id));
      expect(invoice).toMatchObject({ taxRateBp: 1_000, total: 19_900, tax: 1_809, subtotal: 18_091 });

      const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, me.id));
      const end = sub!.currentPeriodEnd!.getTime();
      await runBillingLifecycle(t.deps, new Date(end - 9 * DAY));
      const [reminded] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, sub!.id));
      expect(reminded!.remindedForPeriodEnd?.getTime()).toBe(end);
      await runBillingLifecycle(t.deps, new Date(end + 1000));
      const [graced] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, sub!.id));
      expect(graced!.graceEndsAt!.getTime()).toBe(end + 7 * DAY);
    } finally {
      await saveSettings({
        'server.billing.vat_rate_bp': 1_500,
        'server.billing.reminder_days': 3,
        'server.billing.grace_days': 3,
      });
    }
  });

  it('never writes the keys to the log', () => {
    const all = logs.join('\n');
    expect(all.length).toBeGreaterThan(0);
    expect(all).not.toContain(SECRET_KEY);
    expect(all).not.toContain(WEBHOOK_SECRET);
  });
});

describe('refunds through Chapa', () => {
  async function paidPayment() {
    const me = await buyer();
    const { payment } = (await checkout(me.client)).json() as { payment: Payment };
    Object.assign(txs.get(payment.tx_ref)!, { status: 'success', method: 'telebirr' });
    const body = chargeEvent(payment.tx_ref);
    expect((await postWebhook(body, sign(body))).statusCode).toBe(200);
    const [row] = await t.db.select().from(payments).where(eq(payments.txRef, payment.tx_ref));
    expect(row!.status).toBe('succeeded');
    return { me, row: row! };
  }
  const adminRefund = (id: number, payload: object) =>
    request(t.app, admin, { method: 'POST', url: `/api/v1/admin/billing/payments/${id}/refund`, payload });
  const refundEvent = (txRef: string, fields: Record<string, unknown>) =>
    JSON.stringify({
      event: 'charge.refunded',
      type: 'API',
      status: 'refunded',
      tx_ref: txRef,
      currency: 'ETB',
      created_at: '2026-11-27T12:00:00.000000Z',
      ...fields,
    });
  const stored = async (id: number) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0]!;

  it("asks Chapa's refund endpoint in major units with our reference; its webhook confirms it once", async () => {
    const { row } = await paidPayment();
    const res = await adminRefund(row.id, { amount: 5_000, reason: 'Duplicate purchase' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payment).toMatchObject({ status: 'succeeded', refunded_amount: 5_000 });
    const call = standIn.requests.findLast((r) => r.path === `/v1/refund/${row.txRef}`)!;
    expect(call.method).toBe('POST');
    expect(call.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    const [ours] = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, row.id));
    expect(JSON.parse(call.body)).toEqual({
      amount: '50.00',
      reason: 'Duplicate purchase',
      reference: `zema-refund-${ours!.id}`,
    });
    // Chapa started it; its webhook, echoing our reference, confirms it without counting it twice.
    expect(ours).toMatchObject({ status: 'pending', amount: 5_000 });
    const body = refundEvent(row.txRef, { reference: `zema-refund-${ours!.id}`, amount: '50.00' });
    expect((await postWebhook(body, sign(body))).json().status).toBe('processed');
    expect((await postWebhook(body, sign(body))).json().status).toBe('duplicate');
    expect(await stored(row.id)).toMatchObject({ status: 'succeeded', refundedAmount: 5_000 });
    const [confirmed] = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, row.id));
    expect(confirmed!.status).toBe('succeeded');
  });

  it("records a refund made in Chapa's dashboard from its signed webhook, once, and the rest later", async () => {
    const { me, row } = await paidPayment();
    const part = refundEvent(row.txRef, { refund_reference: 'CHR-dash-1', amount: '30.00' });
    const bad = await postWebhook(part, sign(part, 'not-the-secret'));
    expect(bad.statusCode).toBe(400);
    expect((await stored(row.id)).refundedAmount).toBe(0);
    expect((await postWebhook(part, sign(part))).statusCode).toBe(200);
    expect((await postWebhook(part, sign(part))).json().status).toBe('duplicate');
    expect(await stored(row.id)).toMatchObject({ status: 'succeeded', refundedAmount: 3_000 });

    // All of the rest (no amount said): the payment is refunded, the buyer told each time.
    const rest = refundEvent(row.txRef, { refund_reference: 'CHR-dash-2' });
    expect((await postWebhook(rest, sign(rest))).statusCode).toBe(200);
    expect(await stored(row.id)).toMatchObject({ status: 'refunded', refundedAmount: 19_900 });
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, me.id), eq(notifications.type, 'billing.payment_refunded')));
    expect(told.map((n) => (n.params as { amount: number }).amount).sort()).toEqual([16_900, 3_000].sort());
    expect(
      (await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, row.id))).map(
        (r) => r.gatewayReference,
      ),
    ).toEqual(['CHR-dash-1', 'CHR-dash-2']);
  });

  it('answers 502 with what Chapa said when it refuses, and changes nothing of ours', async () => {
    const { row } = await paidPayment();
    refuseRefunds = 'Insufficient balance for refund';
    try {
      const res = await adminRefund(row.id, {});
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe(
        'The payment service refused the refund: Insufficient balance for refund',
      );
    } finally {
      refuseRefunds = null;
    }
    down = true;
    try {
      expect((await adminRefund(row.id, {})).statusCode).toBe(502);
    } finally {
      down = false;
    }
    expect(await stored(row.id)).toMatchObject({ status: 'succeeded', refundedAmount: 0 });
    expect(await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, row.id))).toEqual([]);
    // Once Chapa takes it, the whole payment is refunded.
    const ok = await adminRefund(row.id, {});
    expect(ok.json().payment).toMatchObject({ status: 'refunded', refunded_amount: 19_900 });
  });
});
