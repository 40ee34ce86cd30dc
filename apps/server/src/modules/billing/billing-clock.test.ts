import { PERMISSIONS, type Product } from '@zema/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Client, createUser, request, sessionFor, useApp } from '#test/helpers';

// The browser tests' server only (decision 0040): E2E_CLOCK_CONTROL registers the route that lets
// time pass for the caller's subscriptions.
const t = useApp({ E2E_CLOCK_CONTROL: 'true' });
let premium: Product;

beforeAll(async () => {
  await t.app.deps.settings.set('billing', { enable: true });
  const res = await request(t.app, await sessionFor(t.db, (await createUser(t.db)).id), {
    method: 'GET',
    url: '/api/v1/billing/products',
  });
  premium = (res.json().pagination.data as Product[]).find((p) => p.name === 'Premium')!;
});

const post = (client: Client, url: string, payload: object = {}) =>
  request(t.app, client, { method: 'POST', url, payload });
const permissionsOf = async (client: Client) =>
  (
    (await request(t.app, client, { method: 'GET', url: '/api/v1/bootstrap-data' })).json().bootstrapData.user
      .permissions as { name: string }[]
  ).map((p) => p.name);

describe('the e2e billing clock', () => {
  it('moves past a cancelled period: the plan expires and its permissions go at once', async () => {
    const user = await createUser(t.db);
    const client = await sessionFor(t.db, user.id);
    const price = premium.prices.find((p) => p.currency === 'ETB' && p.interval === 'month')!;
    const started = await post(client, '/api/v1/billing/checkout', {
      price_id: price.id,
      idempotency_key: `clock-${process.pid}-1`,
    });
    await post(client, `/api/v1/billing/sandbox/${started.json().payment.tx_ref}`, { outcome: 'success' });
    expect((await post(client, '/api/v1/billing/subscription/cancel')).statusCode).toBe(200);
    // Cached while signed in: the plan's permission is there.
    expect(await permissionsOf(client)).toContain(PERMISSIONS.adsDisable);

    expect((await post(client, '/api/v1/e2e/billing-clock', { days: 0 })).statusCode).toBe(422);
    const moved = await post(client, '/api/v1/e2e/billing-clock', { days: 40 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().expired).toBeGreaterThanOrEqual(1);

    const overview = (await request(t.app, client, { method: 'GET', url: '/api/v1/billing/me' })).json();
    expect(overview.subscription).toBeNull();
    expect(overview.invoices).toHaveLength(1);
    expect(await permissionsOf(client)).not.toContain(PERMISSIONS.adsDisable);
  });

  it("ages only the caller's plan", async () => {
    const mine = await createUser(t.db);
    const theirs = await createUser(t.db);
    const price = premium.prices.find((p) => p.currency === 'ETB' && p.interval === 'month')!;
    const clients = [await sessionFor(t.db, mine.id), await sessionFor(t.db, theirs.id)];
    for (const [i, client] of clients.entries()) {
      const started = await post(client, '/api/v1/billing/checkout', {
        price_id: price.id,
        idempotency_key: `clock-${process.pid}-other-${i}`,
      });
      await post(client, `/api/v1/billing/sandbox/${started.json().payment.tx_ref}`, { outcome: 'success' });
    }
    // Not cancelled: past the end it is past due, in its grace days.
    expect((await post(clients[0]!, '/api/v1/e2e/billing-clock', { days: 32 })).json().graced).toBe(1);
    const overview = async (client: Client) =>
      (await request(t.app, client, { method: 'GET', url: '/api/v1/billing/me' })).json().subscription;
    expect(await overview(clients[0]!)).toMatchObject({ status: 'past_due', valid: true });
    expect(await overview(clients[1]!)).toMatchObject({ status: 'active', valid: true });
  });

  it('refuses a visitor (no session, no XSRF token)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/e2e/billing-clock',
      payload: { days: 1 },
    });
    expect([401, 419]).toContain(res.statusCode);
  });
});
