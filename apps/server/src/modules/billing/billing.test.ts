import { PERMISSIONS, type Product } from '@zema/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, guest, request, sessionFor, useApp } from '#test/helpers';
import { prices, products, subscriptions } from './billing.tables';
import { type SubscriptionClock, subscriptionState } from './entitlements';
import { PLANS_CACHE_KEY } from './plans';

const t = useApp();
const DAY = 86_400_000;
const HOUR = 3_600_000;

const productsCall = () => request(t.app, guest(), { method: 'GET', url: '/api/v1/billing/products' });
const planNamed = async (name: string) =>
  (await t.db.select().from(products).where(eq(products.name, name)))[0]!;

describe('GET billing/products', () => {
  afterAll(async () => {
    await t.app.deps.settings.set('billing', { enable: false });
  });

  it('answers 404 while billing is off', async () => {
    await t.app.deps.settings.set('billing', { enable: false });
    expect((await productsCall()).statusCode).toBe(404);
  });

  it('lists the example plans in order, amounts in minor units, ETB and USD (SPEC §7 pagination.data)', async () => {
    await t.app.deps.settings.set('billing', { enable: true });
    const res = await productsCall();
    expect(res.statusCode, res.body).toBe(200);
    const plans = res.json().pagination.data as Product[];
    expect(plans.map((p) => p.name)).toEqual(['Free', 'Premium', 'Artist Pro']);
    const [free, premium] = plans;
    expect(free!.free).toBe(true);
    expect(premium!.recommended).toBe(true);
    expect(premium!.prices.map((p) => [p.currency, p.amount, p.interval])).toEqual([
      ['ETB', 19_900, 'month'],
      ['ETB', 199_000, 'year'],
      ['USD', 499, 'month'],
      ['USD', 4_990, 'year'],
    ]);
    for (const price of plans.flatMap((p) => p.prices)) expect(Number.isInteger(price.amount)).toBe(true);
  });

  it('says which country the visitor is in by IP (the pricing page preselects dollars abroad)', async () => {
    await t.app.deps.settings.set('billing', { enable: true });
    const from = async (remoteAddress: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/billing/products', remoteAddress })).json()
        .visitor_country;
    expect(await from('8.8.8.8')).toBe('US');
    // A private or local address says nothing.
    expect(await from('127.0.0.1')).toBeNull();
    expect(await from('10.1.2.3')).toBeNull();
  });

  it('leaves out hidden plans and archived prices', async () => {
    await t.app.deps.settings.set('billing', { enable: true });
    const [hidden] = await t.db
      .insert(products)
      .values({ name: 'Staff only', hidden: true, position: 9 })
      .returning();
    await t.db
      .insert(prices)
      .values({ productId: hidden!.id, currency: 'ETB', amount: 100, interval: 'month' });
    const premium = await planNamed('Premium');
    const [old] = await t.db
      .insert(prices)
      .values({
        productId: premium.id,
        currency: 'ETB',
        amount: 9_900,
        interval: 'month',
        archivedAt: new Date(),
      })
      .returning();
    await t.app.deps.cache.invalidate(PLANS_CACHE_KEY);
    const plans = (await productsCall()).json().pagination.data as Product[];
    expect(plans.map((p) => p.name)).not.toContain('Staff only');
    expect(plans.flatMap((p) => p.prices).map((p) => p.id)).not.toContain(old!.id);
  });
});

describe('subscription states (valid and active)', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  const clock = (over: Partial<SubscriptionClock>): SubscriptionClock => ({
    status: 'active',
    currentPeriodEnd: at(10),
    trialEndsAt: null,
    graceEndsAt: null,
    endedAt: null,
    ...over,
  });
  it.each([
    ['active within its period', clock({}), { active: true, valid: true }],
    [
      'active, period over, in grace',
      clock({ currentPeriodEnd: at(-1), graceEndsAt: at(2) }),
      { active: true, valid: true },
    ],
    [
      'active, period and grace over',
      clock({ currentPeriodEnd: at(-5), graceEndsAt: at(-1) }),
      { active: false, valid: false },
    ],
    ['trialing', clock({ status: 'trialing', trialEndsAt: at(3) }), { active: true, valid: true }],
    ['trial over', clock({ status: 'trialing', trialEndsAt: at(-1) }), { active: false, valid: false }],
    ['past due in grace', clock({ status: 'past_due', graceEndsAt: at(1) }), { active: true, valid: true }],
    [
      'past due after grace',
      clock({ status: 'past_due', graceEndsAt: at(-1) }),
      { active: true, valid: false },
    ],
    [
      'cancelled, paid until later',
      clock({ status: 'cancelled', currentPeriodEnd: at(4) }),
      { active: true, valid: true },
    ],
    [
      'cancelled, period over',
      clock({ status: 'cancelled', currentPeriodEnd: at(-1) }),
      { active: false, valid: false },
    ],
    ['incomplete', clock({ status: 'incomplete' }), { active: false, valid: false }],
    ['expired', clock({ status: 'expired' }), { active: false, valid: false }],
    ['ended', clock({ endedAt: at(-1) }), { active: false, valid: false }],
  ])('%s', (_name, input, expected) => {
    expect(subscriptionState(input, now)).toEqual(expected);
  });
});

describe("a user's permissions with plans", () => {
  let premiumId: number;
  beforeAll(async () => {
    premiumId = (await planNamed('Premium')).id;
  });
  const bootstrapUser = async (client: Awaited<ReturnType<typeof sessionFor>>) =>
    (await request(t.app, client, { method: 'GET', url: '/api/v1/bootstrap-data' })).json().bootstrapData
      .user as {
      permissions: { name: string }[];
      subscriptions: { product_id: number; valid: boolean; active: boolean }[];
    };
  const names = (u: { permissions: { name: string }[] }) => u.permissions.map((p) => p.name);

  it('merges the valid subscription plan into the user permissions; without one the free plan applies', async () => {
    const user = await createUser(t.db);
    const client = await sessionFor(t.db, user.id);
    const before = await bootstrapUser(client);
    expect(names(before)).not.toContain(PERMISSIONS.adsDisable);
    expect(before.subscriptions).toEqual([]);

    await t.db.insert(subscriptions).values({
      userId: user.id,
      productId: premiumId,
      gateway: 'manual',
      status: 'cancelled',
      currentPeriodStart: new Date(Date.now() - DAY),
      currentPeriodEnd: new Date(Date.now() + HOUR),
    });
    await t.app.deps.events.emit('account.changed', { userId: user.id });
    const subscribed = await bootstrapUser(client);
    expect(names(subscribed)).toEqual(
      expect.arrayContaining([PERMISSIONS.adsDisable, PERMISSIONS.musicDownload]),
    );
    // Roles' permissions are still there.
    expect(names(subscribed)).toContain(PERMISSIONS.musicView);
    expect(subscribed.subscriptions).toEqual([
      expect.objectContaining({ product_id: premiumId, valid: true, active: true }),
    ]);

    // The clock passes the end of the paid period: back to the free plan, without any write.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 90 * 60_000 });
    try {
      const after = await bootstrapUser(client);
      expect(names(after)).not.toContain(PERMISSIONS.adsDisable);
      expect(after.subscriptions).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});
