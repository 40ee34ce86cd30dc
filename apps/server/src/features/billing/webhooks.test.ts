import type { Payment, Product } from '@zema/contracts';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { payments, webhookEvents } from '#src/db/schema/index';
import { SANDBOX_SIGNATURE_HEADER, signSandboxBody } from '#src/domain/billing/sandbox';
import { resolveAppKey } from '#src/platform/app-key';
import { createUser, request, sessionFor, useApp } from '#test/helpers';
import { WEBHOOK_BODY_LIMIT } from './webhooks.service';

/** POST /api/v1/billing/webhooks/:gateway (issue 14 items 3, 7): raw body, signature, no session. */

const t = useApp();
let secret: string;
let plan: Product;

beforeAll(async () => {
  await t.app.settings.set('billing', { enable: true });
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
    expect(res.json()).toEqual({ received: true, status: 'processed' });
    const [stored] = await t.db.select().from(webhookEvents).orderBy(desc(webhookEvents.id)).limit(1);
    expect(stored).toMatchObject({ gateway: 'sandbox', rawBody: body, signatureValid: true });
    expect(stored!.processedAt).not.toBeNull();
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
