import { type Payment, PERMISSIONS, type Product } from '@zema/contracts';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '#src/modules/notifications/tables';
import { adminUserId, type Client, createUser, request, sessionFor, useApp } from '#test/helpers';
import { type StandInAnswer, type StandInRequest, startStandIn } from '#test/stand-in';
import { invoices, paymentRefunds, payments, prices, subscriptions, webhookEvents } from './billing.tables';
import { replayWebhookEvent, retryPendingWebhookEvents } from './webhooks';

/**
 * Stripe (decision 0038) against a stand-in of its API answering the published JSON
 * shapes (prices, Checkout Sessions, subscriptions, the billing portal); the `stripe` client is
 * pointed at it, and webhooks are signed with `generateTestHeaderString`.
 */

const SECRET_KEY = 'sk_test_standin0123456789abcdef';
const WEBHOOK_SECRET = 'whsec_standin0123456789abcdef';
const DAY = 86_400;

type Sub = {
  id: string;
  object: 'subscription';
  status: string;
  customer: string;
  cancel_at_period_end: boolean;
  ended_at: number | null;
  default_payment_method: unknown;
  items: {
    object: 'list';
    data: { id: string; price: { id: string }; current_period_start: number; current_period_end: number }[];
  };
};
type Session = {
  id: string;
  object: 'checkout.session';
  url: string;
  client_reference_id: string;
  status: string;
  payment_status: string;
  amount_total: number;
  currency: string;
  subscription: string | null;
  price: string;
};

type Invoice = {
  id: string;
  object: 'invoice';
  billing_reason: string;
  amount_paid: number;
  currency: string;
  parent: { type: 'subscription_details'; subscription_details: { subscription: string } };
  payment_intent: string;
};
type Refund = { id: string; object: 'refund'; status: string; amount: number; payment_intent: string };

const state = {
  prices: new Map<string, { unit_amount: number; currency: string }>(),
  invoices: new Map<string, Invoice>(),
  /** Refunds by their idempotency key (a retried request answers the same refund). */
  refunds: new Map<string, Refund>(),
  refunded: new Map<string, number>(),
  sessions: new Map<string, Session>(),
  subs: new Map<string, Sub>(),
  counter: 0,
};
const nextId = (prefix: string) => `${prefix}_${process.pid}${++state.counter}`;
const now = () => Math.floor(Date.now() / 1000);

function stripeApi(req: StandInRequest): StandInAnswer {
  if (req.headers.authorization !== `Bearer ${SECRET_KEY}`)
    return {
      status: 401,
      json: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } },
    };
  const form = new URLSearchParams(req.body);
  const path = req.path;
  if (req.method === 'POST' && path === '/v1/prices') {
    const id = nextId('price');
    state.prices.set(id, { unit_amount: Number(form.get('unit_amount')), currency: form.get('currency')! });
    return {
      json: {
        id,
        object: 'price',
        unit_amount: Number(form.get('unit_amount')),
        currency: form.get('currency'),
      },
    };
  }
  if (req.method === 'POST' && path === '/v1/checkout/sessions') {
    const id = nextId('cs_test');
    const price = form.get('line_items[0][price]')!;
    const session: Session = {
      id,
      object: 'checkout.session',
      url: `https://checkout.stripe.com/c/pay/${id}`,
      client_reference_id: form.get('client_reference_id')!,
      status: 'open',
      payment_status: 'unpaid',
      amount_total: state.prices.get(price)!.unit_amount,
      currency: state.prices.get(price)!.currency,
      subscription: null,
      price,
    };
    state.sessions.set(id, session);
    return { json: session };
  }
  let m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
  if (req.method === 'GET' && m) {
    const session = state.sessions.get(m[1]!);
    if (!session)
      return { status: 404, json: { error: { type: 'invalid_request_error', message: 'No such session' } } };
    return {
      json: { ...session, subscription: session.subscription ? state.subs.get(session.subscription) : null },
    };
  }
  m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
  if (m) {
    const sub = state.subs.get(m[1]!);
    if (!sub)
      return {
        status: 404,
        json: { error: { type: 'invalid_request_error', message: 'No such subscription' } },
      };
    if (req.method === 'POST') {
      if (form.has('cancel_at_period_end'))
        sub.cancel_at_period_end = form.get('cancel_at_period_end') === 'true';
      const price = form.get('items[0][price]');
      if (price && form.get('items[0][id]') === sub.items.data[0]!.id)
        sub.items.data[0]!.price = { id: price };
    }
    return { json: sub };
  }
  if (req.method === 'GET' && path === '/v1/invoices') {
    const data = [...state.invoices.values()]
      .filter((i) => i.parent.subscription_details.subscription === req.query.get('subscription'))
      .reverse();
    return { json: { object: 'list', data, has_more: false, url: '/v1/invoices' } };
  }
  m = /^\/v1\/invoices\/([^/]+)$/.exec(path);
  if (req.method === 'GET' && m) {
    const invoice = state.invoices.get(m[1]!);
    if (!invoice)
      return { status: 404, json: { error: { type: 'invalid_request_error', message: 'No such invoice' } } };
    return { json: invoice };
  }
  if (req.method === 'GET' && path === '/v1/invoice_payments') {
    const pi = req.query.get('payment[payment_intent]');
    const data = [...state.invoices.values()]
      .filter((i) => (pi ? i.payment_intent === pi : i.id === req.query.get('invoice')))
      .map((i) => ({
        id: `inpay_${i.id}`,
        object: 'invoice_payment',
        invoice: i.id,
        status: 'paid',
        amount_paid: i.amount_paid,
        payment: { type: 'payment_intent', payment_intent: i.payment_intent },
      }));
    return { json: { object: 'list', data, has_more: false, url: '/v1/invoice_payments' } };
  }
  if (req.method === 'POST' && path === '/v1/refunds') {
    const key = String(req.headers['idempotency-key'] ?? '');
    const known = state.refunds.get(key);
    if (known) return { json: known };
    const pi = form.get('payment_intent')!;
    const invoice = [...state.invoices.values()].find((i) => i.payment_intent === pi);
    if (!invoice)
      return {
        status: 404,
        json: { error: { type: 'invalid_request_error', message: 'No such payment_intent' } },
      };
    const amount = Number(form.get('amount') ?? invoice.amount_paid);
    if ((state.refunded.get(pi) ?? 0) + amount > invoice.amount_paid)
      return {
        status: 400,
        json: {
          error: {
            type: 'invalid_request_error',
            code: 'charge_already_refunded',
            message: `Refund amount (${amount}) is greater than unrefunded amount on charge.`,
          },
        },
      };
    state.refunded.set(pi, (state.refunded.get(pi) ?? 0) + amount);
    const refund: Refund = {
      id: nextId('re'),
      object: 'refund',
      status: 'succeeded',
      amount,
      payment_intent: pi,
    };
    state.refunds.set(key, refund);
    return { json: refund };
  }
  if (req.method === 'POST' && path === '/v1/billing_portal/sessions')
    return {
      json: {
        id: nextId('bps'),
        object: 'billing_portal.session',
        url: `https://billing.stripe.com/p/session/${form.get('customer')}`,
      },
    };
  return {
    status: 404,
    json: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` } },
  };
}

const sessionOf = (txRef: string) =>
  [...state.sessions.values()].find((s) => s.client_reference_id === txRef)!.id;

/** The buyer pays on Stripe's page: the session completes and a subscription exists. */
function pay(sessionId: string, opts: { cancelAtPeriodEnd?: boolean; amount?: number } = {}) {
  const session = state.sessions.get(sessionId)!;
  const sub: Sub = {
    id: nextId('sub'),
    object: 'subscription',
    status: 'active',
    customer: nextId('cus'),
    cancel_at_period_end: opts.cancelAtPeriodEnd ?? false,
    ended_at: null,
    default_payment_method: {
      id: nextId('pm'),
      object: 'payment_method',
      type: 'card',
      card: { brand: 'visa', last4: '4242' },
    },
    items: {
      object: 'list',
      data: [
        {
          id: nextId('si'),
          price: { id: session.price },
          current_period_start: now(),
          current_period_end: now() + 30 * DAY,
        },
      ],
    },
  };
  state.subs.set(sub.id, sub);
  Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: sub.id });
  if (opts.amount !== undefined) session.amount_total = opts.amount;
  // The subscription's first invoice, paid by a PaymentIntent (what a refund names).
  const first: Invoice = {
    id: nextId('in'),
    object: 'invoice',
    billing_reason: 'subscription_create',
    amount_paid: session.amount_total,
    currency: session.currency,
    parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
    payment_intent: nextId('pi'),
  };
  state.invoices.set(first.id, first);
  return { session, sub, invoice: first };
}

let standIn: Awaited<ReturnType<typeof startStandIn>>;
beforeAll(async () => {
  standIn = await startStandIn(stripeApi);
});
afterAll(async () => {
  await standIn.close();
});
const logs: string[] = [];
const t = useApp(() => ({ STRIPE_API_URL: standIn.url, LOG_LEVEL: 'trace' }), {
  logStream: { write: (line: string) => void logs.push(line) },
});
const signer = new Stripe('sk_test_signer');

let plans: Product[];
let admin: Client;
const usd = (interval: 'month' | 'year') =>
  plans
    .find((p) => p.name === 'Premium')!
    .prices.find((p) => p.currency === 'USD' && p.interval === interval)!;

beforeAll(async () => {
  await t.app.deps.settings.set('billing', { enable: true });
  admin = await sessionFor(t.db, await adminUserId(t.db));
  plans = (await request(t.app, admin, { method: 'GET', url: '/api/v1/billing/products' })).json().pagination
    .data;
});

let keys = 0;
async function buyer() {
  const user = await createUser(t.db);
  return { id: user.id, client: await sessionFor(t.db, user.id) };
}
async function checkout(client: Client, priceId = usd('month').id) {
  const res = await request(t.app, client, {
    method: 'POST',
    url: '/api/v1/billing/checkout',
    payload: { price_id: priceId, idempotency_key: `stripe-${process.pid}-${++keys}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { payment: Payment; redirect_url: string };
}
function event(type: string, object: unknown, id = nextId('evt')) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: '2026-10-28',
    created: now(),
    livemode: false,
    data: { object },
  });
  return { payload, header: signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) };
}
const send = (e: { payload: string; header: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/billing/webhooks/stripe',
    payload: e.payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': e.header },
  });
const completed = (session: Session) =>
  event('checkout.session.completed', { ...session, subscription: session.subscription });
const subscriptionOf = async (userId: number) =>
  (await t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];
const permissionsOf = async (client: Client) =>
  (
    (await request(t.app, client, { method: 'GET', url: '/api/v1/bootstrap-data' })).json().bootstrapData.user
      .permissions as { name: string }[]
  ).map((p) => p.name);
const invoice = (sub: Sub, id: string, reason: string, periodEnd: number) => ({
  id,
  object: 'invoice',
  billing_reason: reason,
  amount_paid: 499,
  currency: 'usd',
  parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
  lines: { data: [{ period: { start: periodEnd - 30 * DAY, end: periodEnd } }] },
});

describe('Stripe checkout', () => {
  it('takes USD once the admin saves a Stripe key: a Checkout Session on a Stripe Price made once', async () => {
    const before = await checkout((await buyer()).client);
    expect(before.payment.gateway).toBe('sandbox');
    const saved = await request(t.app, admin, {
      method: 'POST',
      url: '/api/v1/settings',
      payload: {
        'server.billing.stripe.secret_key': SECRET_KEY,
        'server.billing.stripe.webhook_secret': WEBHOOK_SECRET,
        'server.billing.stripe.publishable_key': 'pk_test_abc123',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().server.billing.gateways).toEqual({ ETB: 'sandbox', USD: 'stripe' });

    const first = await checkout((await buyer()).client);
    expect(first.payment).toMatchObject({ gateway: 'stripe', amount: usd('month').amount, currency: 'USD' });
    expect(first.redirect_url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const body = new URLSearchParams(
      standIn.requests.findLast((r) => r.path === '/v1/checkout/sessions')!.body,
    );
    expect(body.get('mode')).toBe('subscription');
    expect(body.get('client_reference_id')).toBe(first.payment.tx_ref);
    const [price] = await t.db
      .select()
      .from(prices)
      .where(eq(prices.id, usd('month').id));
    expect(price!.stripePriceId).toMatch(/^price_/);

    await checkout((await buyer()).client);
    expect(standIn.requests.filter((r) => r.path === '/v1/prices')).toHaveLength(1);
  });

  it('checkout.session.completed → verify → grant with the card; a replay is applied once', async () => {
    const me = await buyer();
    const { payment } = await checkout(me.client);
    const { session, sub } = pay(sessionOf(payment.tx_ref));
    const e = completed(session);
    const res = await send(e);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('processed');
    const row = await subscriptionOf(me.id);
    expect(row).toMatchObject({
      gateway: 'stripe',
      gatewayId: sub.id,
      status: 'active',
      paymentMethod: { type: 'card', brand: 'visa', last4: '4242' },
    });
    expect(row!.currentPeriodEnd!.getTime()).toBe(sub.items.data[0]!.current_period_end * 1000);
    expect(await permissionsOf(me.client)).toContain(PERMISSIONS.adsDisable);

    expect((await send(e)).json().status).toBe('duplicate');
    expect(await t.db.select().from(invoices).where(eq(invoices.userId, me.id))).toHaveLength(1);
  });

  it('a session completed but still unpaid (a bank debit) stays open, and ends paid by the schedule or the async event', async () => {
    const me = await buyer();
    const { payment } = await checkout(me.client);
    const { session, sub } = pay(sessionOf(payment.tx_ref));
    // Stripe completes the session before the money arrives.
    session.payment_status = 'unpaid';
    sub.status = 'incomplete';
    const e = completed(session);
    expect((await send(e)).json().status).toBe('pending');
    expect((await t.db.select().from(payments).where(eq(payments.txRef, payment.tx_ref)))[0]!.status).toBe(
      'pending',
    );

    session.payment_status = 'paid';
    sub.status = 'active';
    const billing = t.app.deps.billing;
    const eventId = (JSON.parse(e.payload) as { id: string }).id;
    const [open] = await t.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, eventId));
    expect(open).toMatchObject({ processedAt: null, attempts: 1 });
    await retryPendingWebhookEvents(t.app.deps, billing.gateway, billing.policy, open!.nextAttemptAt!);
    expect((await t.db.select().from(payments).where(eq(payments.txRef, payment.tx_ref)))[0]!.status).toBe(
      'succeeded',
    );
    expect(await subscriptionOf(me.id)).toMatchObject({ gateway: 'stripe', status: 'active' });
    expect(await permissionsOf(me.client)).toContain(PERMISSIONS.adsDisable);

    // Stripe's own word that the debit went through changes nothing more.
    expect((await send(event('checkout.session.async_payment_succeeded', session))).json().status).toBe(
      'processed',
    );
    expect(await t.db.select().from(invoices).where(eq(invoices.userId, me.id))).toHaveLength(1);
  });

  it('refuses a bad signature with 400 and grants nothing; a wrong amount grants nothing', async () => {
    const me = await buyer();
    const { payment } = await checkout(me.client);
    const sessionId = sessionOf(payment.tx_ref);
    const { session } = pay(sessionId, { amount: 1 });
    const e = completed(session);
    const bad = await send({ ...e, header: e.header.replace(/v1=[0-9a-f]+/, `v1=${'0'.repeat(64)}`) });
    expect(bad.statusCode).toBe(400);
    expect((await t.db.select().from(payments).where(eq(payments.txRef, payment.tx_ref)))[0]!.status).toBe(
      'pending',
    );

    expect((await send(e)).statusCode).toBe(200);
    expect((await t.db.select().from(payments).where(eq(payments.txRef, payment.tx_ref)))[0]!.status).toBe(
      'failed',
    );
    expect(await subscriptionOf(me.id)).toBeUndefined();
  });
});

async function subscribed() {
  const me = await buyer();
  const { payment } = await checkout(me.client);
  const sessionId = sessionOf(payment.tx_ref);
  const { session, sub } = pay(sessionId);
  expect((await send(completed(session))).statusCode).toBe(200);
  return { ...me, session, sub, payment };
}

describe('Stripe events in any order', () => {
  it('subscription.updated before checkout.session.completed ends in Stripe’s state', async () => {
    const me = await buyer();
    const { payment } = await checkout(me.client);
    const sessionId = sessionOf(payment.tx_ref);
    const { session, sub } = pay(sessionId);
    sub.cancel_at_period_end = true;
    expect((await send(event('customer.subscription.updated', sub))).statusCode).toBe(200);
    expect(await subscriptionOf(me.id)).toBeUndefined();
    expect((await send(completed(session))).statusCode).toBe(200);
    expect(await subscriptionOf(me.id)).toMatchObject({ status: 'cancelled', cancelAtPeriodEnd: true });
    expect(await permissionsOf(me.client)).toContain(PERMISSIONS.adsDisable);
  });

  it('an admin replay of a stored subscription event reads the subscription from Stripe again', async () => {
    const me = await subscribed();
    const e = event('customer.subscription.updated', me.sub);
    expect((await send(e)).statusCode).toBe(200);
    // Our row drifted (a failed write, a hand edit): replaying the stored event copies Stripe's state.
    await t.db.update(subscriptions).set({ status: 'past_due' }).where(eq(subscriptions.userId, me.id));
    const eventId = (JSON.parse(e.payload) as { id: string }).id;
    const [stored] = await t.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, eventId));
    const billing = t.app.deps.billing;
    const stripe = (await billing.gateway('stripe'))!;
    expect(await replayWebhookEvent(t.app.deps, stripe, stored!, await billing.policy())).toEqual({
      applied: true,
    });
    expect(await subscriptionOf(me.id)).toMatchObject({ status: 'active', gatewayId: me.sub.id });
    // Replayed again: the same end state, and still one invoice.
    await replayWebhookEvent(t.app.deps, stripe, stored!, await billing.policy());
    expect(await subscriptionOf(me.id)).toMatchObject({ status: 'active' });
    expect(await t.db.select().from(invoices).where(eq(invoices.userId, me.id))).toHaveLength(1);
  });

  it('a renewal paid twice (two deliveries) adds one invoice and takes Stripe’s period', async () => {
    const me = await subscribed();
    const item = me.sub.items.data[0]!;
    item.current_period_start = item.current_period_end;
    // Not what adding a month would give: the period must be Stripe's own.
    item.current_period_end += 30 * DAY + 3_600;
    const renewal = invoice(me.sub, nextId('in'), 'subscription_cycle', item.current_period_end);
    expect((await send(event('invoice.paid', renewal))).statusCode).toBe(200);
    expect((await send(event('invoice.paid', renewal))).statusCode).toBe(200);
    // The first invoice (the checkout's) arriving late changes nothing either.
    expect(
      (
        await send(
          event(
            'invoice.paid',
            invoice(me.sub, nextId('in'), 'subscription_create', item.current_period_start),
          ),
        )
      ).statusCode,
    ).toBe(200);
    const rows = await t.db.select().from(invoices).where(eq(invoices.userId, me.id));
    expect(rows).toHaveLength(2);
    const row = await subscriptionOf(me.id);
    expect(row!.currentPeriodEnd!.getTime()).toBe(item.current_period_end * 1000);
    expect(row!.status).toBe('active');
    const renewals = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, me.id), eq(payments.purpose, 'renewal')));
    expect(renewals).toHaveLength(1);
    expect(renewals[0]).toMatchObject({ status: 'succeeded', gateway: 'stripe', amount: 499 });
  });

  it('a failed renewal is past due; a deleted subscription is expired, even if an old update arrives after', async () => {
    const me = await subscribed();
    me.sub.status = 'past_due';
    expect(
      (await send(event('invoice.payment_failed', invoice(me.sub, nextId('in'), 'subscription_cycle', 0))))
        .statusCode,
    ).toBe(200);
    const pastDue = await subscriptionOf(me.id);
    expect(pastDue!.status).toBe('past_due');
    expect(pastDue!.graceEndsAt).not.toBeNull();
    // A failed renewal of ours: the buyer is told once, and the admin's failed renewals count it.
    const failed = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, me.id), eq(payments.status, 'failed')));
    expect(failed).toMatchObject([{ purpose: 'renewal', gateway: 'stripe', currency: 'USD' }]);
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, me.id), eq(notifications.type, 'billing.payment_failed')));
    expect(told).toHaveLength(1);

    const old = event('customer.subscription.updated', { ...me.sub, status: 'active' });
    Object.assign(me.sub, { status: 'canceled', ended_at: now() });
    expect((await send(event('customer.subscription.deleted', me.sub))).statusCode).toBe(200);
    expect((await send(old)).statusCode).toBe(200);
    expect((await subscriptionOf(me.id))!.status).toBe('expired');
    expect(await permissionsOf(me.client)).not.toContain(PERMISSIONS.adsDisable);
  });

  it('a plan change through Stripe (prorated) moves our row to the new price on its update event', async () => {
    const me = await subscribed();
    const billing = t.deps.billing;
    const stripe = (await billing.stripe())!;
    const yearly = usd('year');
    await stripe.changeSubscription!({
      gatewaySubscriptionId: me.sub.id,
      price: { ...yearly, intervalCount: yearly.interval_count, stripePriceId: null },
      productName: 'Premium',
    });
    const update = new URLSearchParams(
      standIn.requests.findLast((r) => r.path === `/v1/subscriptions/${me.sub.id}` && r.method === 'POST')!
        .body,
    );
    expect(update.get('proration_behavior')).toBe('create_prorations');
    expect((await send(event('customer.subscription.updated', me.sub))).statusCode).toBe(200);
    expect((await subscriptionOf(me.id))!.priceId).toBe(yearly.id);
  });
});

describe('managing a Stripe plan', () => {
  it('cancel and resume tell Stripe; the portal opens for a Stripe plan only', async () => {
    const me = await subscribed();
    const cancel = await request(t.app, me.client, {
      method: 'POST',
      url: '/api/v1/billing/subscription/cancel',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(me.sub.cancel_at_period_end).toBe(true);
    expect(cancel.json().subscription).toMatchObject({ status: 'cancelled', valid: true });
    const resume = await request(t.app, me.client, {
      method: 'POST',
      url: '/api/v1/billing/subscription/resume',
    });
    expect(resume.statusCode, resume.body).toBe(200);
    expect(me.sub.cancel_at_period_end).toBe(false);

    const portal = await request(t.app, me.client, { method: 'POST', url: '/api/v1/billing/portal' });
    expect(portal.statusCode, portal.body).toBe(200);
    expect(portal.json().url).toBe(`https://billing.stripe.com/p/session/${me.sub.customer}`);
    const other = await request(t.app, (await buyer()).client, {
      method: 'POST',
      url: '/api/v1/billing/portal',
    });
    expect(other.statusCode).toBe(409);
  });
});

describe('Stripe refunds', () => {
  const adminRefund = (id: number, payload: object) =>
    request(t.app, admin, { method: 'POST', url: `/api/v1/admin/billing/payments/${id}/refund`, payload });
  const charge = (pi: string, amountRefunded: number) => ({
    id: `ch_${pi}`,
    object: 'charge',
    amount: 499,
    amount_refunded: amountRefunded,
    refunded: amountRefunded >= 499,
    currency: 'usd',
    payment_intent: pi,
  });
  const stored = async (txRef: string) =>
    (await t.db.select().from(payments).where(eq(payments.txRef, txRef)))[0]!;

  it('refunds the PaymentIntent that paid the first invoice, with our idempotency key; charge.refunded catches up once, in any order', async () => {
    const me = await buyer();
    const { payment } = await checkout(me.client);
    const paid = pay(sessionOf(payment.tx_ref));
    expect((await send(completed(paid.session))).statusCode).toBe(200);
    const row = await stored(payment.tx_ref);
    expect(row).toMatchObject({ status: 'succeeded', gatewayReference: paid.sub.id });

    const res = await adminRefund(row.id, { amount: 200, reason: 'Billing error' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payment).toMatchObject({ status: 'succeeded', refunded_amount: 200 });
    const call = standIn.requests.findLast((r) => r.path === '/v1/refunds')!;
    const form = new URLSearchParams(call.body);
    expect(form.get('payment_intent')).toBe(paid.invoice.payment_intent);
    expect(form.get('amount')).toBe('200');
    expect(form.get('metadata[tx_ref]')).toBe(payment.tx_ref);
    const [ours] = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, row.id));
    expect(call.headers['idempotency-key']).toBe(`zema-refund-${ours!.id}`);
    expect(ours).toMatchObject({ status: 'succeeded', gatewayReference: expect.stringMatching(/^re_/) });

    // Stripe's event for our own refund changes nothing more.
    const ownEvent = event('charge.refunded', charge(paid.invoice.payment_intent, 200));
    expect((await send(ownEvent)).json().status).toBe('processed');
    expect((await stored(payment.tx_ref)).refundedAmount).toBe(200);
    // The rest refunded in Stripe's dashboard; then an older event arrives late: the total wins.
    const all = event('charge.refunded', charge(paid.invoice.payment_intent, 499));
    expect((await send(all)).statusCode).toBe(200);
    expect((await send(all)).json().status).toBe('duplicate');
    expect((await send(event('charge.refunded', charge(paid.invoice.payment_intent, 200)))).statusCode).toBe(
      200,
    );
    expect(await stored(payment.tx_ref)).toMatchObject({ status: 'refunded', refundedAmount: 499 });
    expect(await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, row.id))).toHaveLength(
      2,
    );
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, me.id), eq(notifications.type, 'billing.payment_refunded')));
    expect(told.map((n) => (n.params as { amount: number }).amount).sort()).toEqual([200, 299]);
  });

  it("answers 502 with Stripe's reason when it refuses, and records nothing", async () => {
    const me = await buyer();
    const { payment } = await checkout(me.client);
    const paid = pay(sessionOf(payment.tx_ref));
    expect((await send(completed(paid.session))).statusCode).toBe(200);
    // Refunded in Stripe already, its webhook not here yet.
    state.refunded.set(paid.invoice.payment_intent, 499);
    const row = await stored(payment.tx_ref);
    const res = await adminRefund(row.id, {});
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/greater than unrefunded amount/);
    expect(await stored(payment.tx_ref)).toMatchObject({ status: 'succeeded', refundedAmount: 0 });
    expect(await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, row.id))).toEqual([]);
    // Ending a Stripe plan with the refund is refused before anything is asked of Stripe.
    const before = standIn.requests.filter((r) => r.path === '/v1/refunds').length;
    const end = await adminRefund(row.id, { end_subscription: true });
    expect(end.statusCode).toBe(422);
    expect(Object.keys(end.json().errors)).toEqual(['end_subscription']);
    expect(standIn.requests.filter((r) => r.path === '/v1/refunds')).toHaveLength(before);
  });
});

describe('logs', () => {
  it('never hold the Stripe keys', () => {
    const all = logs.join('\n');
    expect(all.length).toBeGreaterThan(0);
    expect(all).not.toContain(SECRET_KEY);
    expect(all).not.toContain(WEBHOOK_SECRET);
  });
});
