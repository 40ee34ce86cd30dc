import type { Payment, Product } from '@zema/contracts';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveAppKey } from '#src/platform/app-key';
import { createUser, request, sessionFor, useApp } from '#test/helpers';
import { payments, sandboxCharges, webhookEvents } from './billing.tables';
import { SANDBOX_SIGNATURE_HEADER, signSandboxBody } from './sandbox';
import { retryPendingWebhookEvents, webhookRetryDelayMs } from './webhooks';
import { WEBHOOK_BODY_LIMIT } from './webhooks.service';

/** POST /api/v1/billing/webhooks/:gateway (decision 0038): raw body, signature, no session. */

const t = useApp();
let secret: string;
let plan: Product;

beforeAll(async () => {
  await t.app.deps.settings.set('billing', { enable: true });
  secret = `sandbox-webhook:${await resolveAppKey(t.config)}`;
  const client = await sessionFor(t.db, (await createUser(t.db)).id);
  const res = await request(t.app, client, { method: 'GET', url: '/api/v1/billing/products' });
  plan = (res.json().pagination.data as Product[]).find((p) => p.name === 'Premium')!;
});

const post = (gateway: string, payload: string | Buffer, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/billing/webhooks/${gateway}`,
    payload,
    headers: { 'content-type': 'application/json', ...headers },
  });

async function pendingPayment() {
  const user = await createUser(t.db);
  const client = await sessionFor(t.db, user.id);
  const res = await request(t.app, client, {
    method: 'POST',
    url: '/api/v1/billing/checkout',
    payload: { price_id: plan.prices[0]!.id, idempotency_key: `webhook-test-${user.id}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payment as Payment;
}

describe('the webhook route', () => {
  it('takes a signed event without a session or CSRF token, on the exact bytes it was signed over', async () => {
    const payment = await pendingPayment();
    // Whitespace a JSON parser would drop: the signature holds only over the raw bytes.
    const body = `{ "event": "charge.pending",  "tx_ref": "${payment.tx_ref}", "outcome": "pending" }\n`;
    const res = await post('sandbox', body, { [SANDBOX_SIGNATURE_HEADER]: signSandboxBody(secret, body) });
    expect(res.statusCode, res.body).toBe(200);
    // The sandbox still verifies the charge as pending: received, kept open for a later try.
    expect(res.json()).toEqual({ received: true, status: 'pending' });
    const [stored] = await t.db.select().from(webhookEvents).orderBy(desc(webhookEvents.id)).limit(1);
    expect(stored).toMatchObject({
      gateway: 'sandbox',
      rawBody: body,
      signatureValid: true,
      processedAt: null,
    });
  });

  it('answers 400 in the error shape on a bad signature, keeps the attempt, and changes nothing', async () => {
    const payment = await pendingPayment();
    const body = JSON.stringify({ event: 'charge.success', tx_ref: payment.tx_ref, outcome: 'success' });
    const res = await post('sandbox', body, { [SANDBOX_SIGNATURE_HEADER]: signSandboxBody('guess', body) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'The webhook signature is not valid.',
      errors: { signature: ['The webhook signature is not valid.'] },
    });
    const [stored] = await t.db.select().from(webhookEvents).orderBy(desc(webhookEvents.id)).limit(1);
    expect(stored).toMatchObject({ rawBody: body, signatureValid: false, processedAt: null });
    expect((await t.db.select().from(payments).where(eq(payments.txRef, payment.tx_ref)))[0]!.status).toBe(
      'pending',
    );
  });

  it('reads any content type as raw bytes, refuses oversized bodies, unknown and unconfigured gateways', async () => {
    const text = await post('sandbox', 'not json', { 'content-type': 'text/plain' });
    expect(text.statusCode).toBe(400);
    const big = await post('sandbox', Buffer.alloc(WEBHOOK_BODY_LIMIT + 1, 'a'));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toHaveProperty('message');
    const unknown = await post('paypal', '{}');
    expect(unknown.statusCode).toBeGreaterThanOrEqual(400);
    expect(unknown.statusCode).toBeLessThan(500);
    expect(unknown.json()).toHaveProperty('message');
    // No Chapa key: there is no Chapa here to hear from.
    const chapa = await post('chapa', '{}', { 'x-chapa-signature': 'a'.repeat(64) });
    expect(chapa.statusCode).toBe(404);
  });
});

describe('an event the gateway first verifies as pending', () => {
  const successBody = (txRef: string) =>
    JSON.stringify({ event: 'charge.success', tx_ref: txRef, outcome: 'success' });
  const deliver = (body: string) =>
    post('sandbox', body, { [SANDBOX_SIGNATURE_HEADER]: signSandboxBody(secret, body) });
  const eventOf = async (body: string) =>
    (await t.db.select().from(webhookEvents).where(eq(webhookEvents.rawBody, body)))[0]!;
  const paymentStatus = async (txRef: string) =>
    (await t.db.select().from(payments).where(eq(payments.txRef, txRef)))[0]!.status;
  /** The gateway's side catches up: the charge it reported as pending is now paid. */
  const gatewaySettles = (txRef: string) =>
    t.db.update(sandboxCharges).set({ status: 'success' }).where(eq(sandboxCharges.txRef, txRef));
  const retry = async (now: Date) => {
    const billing = t.app.deps.billing;
    return retryPendingWebhookEvents(t.app.deps, billing.gateway, billing.policy, now);
  };

  it("is not taken for a replay: the gateway's next delivery of the same event settles the payment", async () => {
    const payment = await pendingPayment();
    const body = successBody(payment.tx_ref);
    expect((await deliver(body)).json()).toEqual({ received: true, status: 'pending' });
    expect(await paymentStatus(payment.tx_ref)).toBe('pending');
    const open = await eventOf(body);
    expect(open).toMatchObject({ processedAt: null, error: null, attempts: 1 });
    expect(open.nextAttemptAt!.getTime() - Date.now()).toBeGreaterThan(30_000);

    await gatewaySettles(payment.tx_ref);
    expect((await deliver(body)).json()).toEqual({ received: true, status: 'processed' });
    expect(await paymentStatus(payment.tx_ref)).toBe('succeeded');
    expect(await eventOf(body)).toMatchObject({ nextAttemptAt: null, error: null });
    expect((await eventOf(body)).processedAt).not.toBeNull();
    // Now it is a replay.
    expect((await deliver(body)).json()).toEqual({ received: true, status: 'duplicate' });
  });

  it('is verified again by the schedule with backoff, and ends paid without the buyer or the gateway', async () => {
    const payment = await pendingPayment();
    const body = successBody(payment.tx_ref);
    await deliver(body);
    const first = (await eventOf(body)).nextAttemptAt!;
    // Not due yet: nothing is asked.
    expect(await retry(new Date(first.getTime() - 1_000))).toBe(0);
    expect((await eventOf(body)).attempts).toBe(1);

    // Due, still pending: tried once more, and the wait doubles.
    await retry(first);
    const second = await eventOf(body);
    expect(second).toMatchObject({ attempts: 2, processedAt: null });
    expect(second.nextAttemptAt!.getTime() - first.getTime()).toBe(webhookRetryDelayMs(2));
    expect(webhookRetryDelayMs(2)).toBe(2 * webhookRetryDelayMs(1));

    await gatewaySettles(payment.tx_ref);
    expect(await retry(second.nextAttemptAt!)).toBeGreaterThanOrEqual(1);
    expect(await paymentStatus(payment.tx_ref)).toBe('succeeded');
    const done = await eventOf(body);
    expect(done.processedAt).not.toBeNull();
    expect(done.nextAttemptAt).toBeNull();
    // Processed events are never tried again.
    expect(await retry(new Date(Date.now() + 86_400_000))).toBe(0);
  });

  it('is given up to the admin after 7 days still pending, and a later delivery still applies it', async () => {
    const payment = await pendingPayment();
    const body = successBody(payment.tx_ref);
    await deliver(body);
    const received = (await eventOf(body)).receivedAt;
    await retry(new Date(received.getTime() + 7 * 86_400_000 + 60_000));
    expect(await eventOf(body)).toMatchObject({
      processedAt: null,
      nextAttemptAt: null,
      error:
        'The gateway still reported this payment as pending after 7 days; replay the event to verify it again.',
    });
    await gatewaySettles(payment.tx_ref);
    expect((await deliver(body)).json()).toEqual({ received: true, status: 'processed' });
    expect(await paymentStatus(payment.tx_ref)).toBe('succeeded');
  });
});
