import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminUserId, request, sessionFor, useApp } from '#test/helpers';

/**
 * RELIABILITY "Money": a Stripe webhook's signature is checked on the raw body, HMAC-SHA256 of
 * `t.rawBody`, with 300 s of tolerance, and any one of several `v1` signatures may match (Stripe
 * sends two while a secret is being rolled). The webhook tests (billing/stripe.test.ts) sign with
 * the current time and one secret; these pin the edges, through the webhook route. The event is
 * of a type Zema does not act on, so a signature that holds is answered 200 without asking
 * Stripe anything (the API address is a closed port), and one that does not is answered 400.
 */
const t = useApp({ STRIPE_API_URL: 'http://127.0.0.1:9' });
const SECRET = 'whsec_reliability0123456789abcdef';
const payload = JSON.stringify({
  id: 'evt_sweep',
  object: 'event',
  type: 'customer.created',
  api_version: '2026-10-28',
  created: Math.floor(Date.now() / 1000),
  livemode: false,
  data: { object: { id: 'cus_1', object: 'customer' } },
});
const sign = (body: string, ts: number, secret = SECRET) =>
  createHmac('sha256', secret).update(`${ts}.${body}`).digest('hex');
const now = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  await t.app.deps.settings.set('billing', { enable: true });
  const admin = await sessionFor(t.db, await adminUserId(t.db));
  const saved = await request(t.app, admin, {
    method: 'POST',
    url: '/api/v1/settings',
    payload: {
      'server.billing.stripe.secret_key': 'sk_test_reliability0123456789abcdef',
      'server.billing.stripe.webhook_secret': SECRET,
      'server.billing.stripe.publishable_key': 'pk_test_abc123',
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});

/** Whether the webhook route took the event (200) rather than refusing its signature (400). */
async function read(body: string, header: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/billing/webhooks/stripe',
    payload: body,
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
  });
  if (res.statusCode !== 200 && res.statusCode !== 400) throw new Error(`${res.statusCode} ${res.body}`);
  return res.statusCode === 200 ? 'taken' : null;
}

describe('Stripe webhook signatures', () => {
  it('hold for 300 s: 299 s old is read, 301 s old is refused', async () => {
    const fresh = now() - 299;
    expect(await read(payload, `t=${fresh},v1=${sign(payload, fresh)}`)).not.toBeNull();
    const stale = now() - 301;
    expect(await read(payload, `t=${stale},v1=${sign(payload, stale)}`)).toBeNull();
  });

  it('take any v1 that matches, and none signed with another secret', async () => {
    const ts = now();
    const good = sign(payload, ts);
    const other = sign(payload, ts, 'whsec_old');
    expect(await read(payload, `t=${ts},v1=${other},v1=${good}`)).not.toBeNull();
    expect(await read(payload, `t=${ts},v1=${other}`)).toBeNull();
    expect(await read(payload, `t=${ts},v0=${good}`)).toBeNull();
  });

  it('are over the exact bytes: the same JSON spelled differently is refused', async () => {
    const ts = now();
    const header = `t=${ts},v1=${sign(payload, ts)}`;
    expect(await read(payload, header)).not.toBeNull();
    const respaced = JSON.stringify(JSON.parse(payload), null, 1);
    expect(await read(respaced, header)).toBeNull();
    // The timestamp is part of what is signed: moving it breaks the signature.
    expect(await read(payload, header.replace(`t=${ts}`, `t=${ts + 1}`))).toBeNull();
  });
});
