import { describe, expect, it } from 'vitest';
import { translate } from '#src/lib/i18n';
import { examplePlans } from '#test/billing';
import { makeUser } from '#test/bootstrap-factory';
import {
  bestYearlySaving,
  currentPlan,
  currentView,
  cycleLabel,
  defaultCurrency,
  displayPrice,
  planStanding,
  planTarget,
  priceFor,
  visibleProducts,
} from './pricing';

const plans = examplePlans();
const premium = plans[1]!;
const free = plans[0]!;
const trans = (m: string, v?: Record<string, string | number>) => translate({}, m, v);

describe('pricing helpers (SPEC §2, §4)', () => {
  it('preselects ETB, and USD only for someone known to be outside Ethiopia when USD is sold', () => {
    expect(defaultCurrency(plans, null)).toBe('ETB');
    expect(defaultCurrency(plans, 'ET')).toBe('ETB');
    expect(defaultCurrency(plans, 'et')).toBe('ETB');
    expect(defaultCurrency(plans, 'US')).toBe('USD');
    const birrOnly = plans.map((p) => ({ ...p, prices: p.prices.filter((x) => x.currency === 'ETB') }));
    expect(defaultCurrency(birrOnly, 'US')).toBe('ETB');
    // Only the free plan has a USD price: nothing to buy in dollars.
    const usdFreeOnly = plans.map((p) =>
      p.free ? p : { ...p, prices: p.prices.filter((x) => x.currency === 'ETB') },
    );
    expect(defaultCurrency(usdFreeOnly, 'US')).toBe('ETB');
  });

  it('hides hidden plans and finds the price of a currency and cycle', () => {
    expect(visibleProducts(plans).map((p) => p.name)).toEqual(['Free', 'Premium']);
    expect(priceFor(premium, 'ETB', 'year')?.amount).toBe(199_000);
    expect(priceFor(premium, 'USD', 'month')?.amount).toBe(499);
    expect(priceFor(free, 'ETB', 'year')).toBeUndefined();
    expect(displayPrice(free, 'ETB', 'year')?.amount).toBe(0);
    expect(displayPrice(premium, 'ETB', 'year')?.id).toBe(4);
  });

  it('shows the best yearly saving per currency', () => {
    // 12 × 199 = 2388 against 1990: 16.6 % → 16 %.
    expect(bestYearlySaving(plans, 'ETB')).toBe(16);
    // 12 × 4.99 = 59.88 against 49.90: 16.6 % → 16 %.
    expect(bestYearlySaving(plans, 'USD')).toBe(16);
    expect(bestYearlySaving([free], 'ETB')).toBeNull();
  });

  it('sends each kind of buyer to the SPEC §4 target', () => {
    const yearly = premium.prices[1]!;
    expect(planTarget(premium, yearly, null)).toEqual({
      kind: 'register',
      href: '/register?redirectFrom=pricing',
      saveChoice: true,
    });
    expect(planTarget(free, free.prices[0]!, null)).toMatchObject({ kind: 'register', saveChoice: false });
    const member = makeUser();
    expect(planTarget(premium, yearly, member)).toEqual({ kind: 'checkout', href: '/checkout/2/4' });
    expect(planTarget(free, free.prices[0]!, member)).toEqual({ kind: 'home', href: '/' });
    const subscriber = makeUser({
      subscriptions: [{ id: 1, product_id: 2, price_id: 3, valid: true, active: true }],
    });
    expect(planTarget(premium, yearly, subscriber)).toEqual({
      kind: 'change',
      href: '/change-plan/2/4/confirm',
    });
    // An ended subscription is not a plan in force.
    const lapsed = makeUser({ subscriptions: [{ id: 1, valid: false, active: false }] });
    expect(planTarget(premium, yearly, lapsed).kind).toBe('checkout');
  });

  it("ranks plans against a subscriber's own, per month in their currency", () => {
    const secret = plans[2]!;
    const view = { currency: 'ETB' as const, cycle: 'month' as const };
    const onPremiumMonthly = { productId: 2, priceId: 3 };
    expect(planStanding(plans, onPremiumMonthly, premium, premium.prices[0]!, view)).toEqual({
      kind: 'current',
    });
    expect(planStanding(plans, onPremiumMonthly, free, free.prices[0]!, view)).toEqual({ kind: 'downgrade' });
    // Secret costs 1.00 a month: cheaper than Premium, even shown in dollars.
    expect(
      planStanding(plans, onPremiumMonthly, secret, secret.prices[0]!, { ...view, currency: 'USD' }),
    ).toEqual({ kind: 'downgrade' });
    expect(planStanding(plans, { productId: 3, priceId: 7 }, premium, premium.prices[0]!, view)).toEqual({
      kind: 'upgrade',
    });
    expect(planStanding(plans, onPremiumMonthly, premium, premium.prices[1]!, view)).toEqual({
      kind: 'switch',
      interval: 'year',
    });
    // A price replaced since it was bought, or a plan granted by hand: the plan as shown is theirs.
    expect(planStanding(plans, { productId: 2, priceId: 99 }, premium, premium.prices[1]!, view)).toEqual({
      kind: 'current',
    });
    expect(planStanding(plans, { productId: 2, priceId: null }, premium, premium.prices[0]!, view)).toEqual({
      kind: 'current',
    });
    // The same price per month is neither up nor down.
    const twin = { ...secret, id: 9, prices: [{ ...premium.prices[0]!, id: 30, product_id: 9 }] };
    expect(planStanding([...plans, twin], onPremiumMonthly, twin, twin.prices[0]!, view)).toEqual({
      kind: 'change',
    });
  });

  it("opens a subscriber's table at the currency and cycle they pay; the newest valid plan counts", () => {
    const user = makeUser({
      subscriptions: [
        { id: 1, product_id: 3, price_id: 7, valid: true, active: true },
        { id: 2, product_id: 2, price_id: 6, valid: true, active: true },
        { id: 3, product_id: 2, price_id: 3, valid: false, active: true },
      ],
    });
    const current = currentPlan(user);
    expect(current).toEqual({ productId: 2, priceId: 6 });
    expect(currentView(plans, current)).toEqual({ currency: 'USD', cycle: 'year' });
    expect(currentView(plans, { productId: 2, priceId: 99 })).toBeNull();
    expect(currentView(plans, null)).toBeNull();
    expect(visibleProducts(plans, 3).map((p) => p.name)).toEqual(['Free', 'Premium', 'Secret']);
  });

  it('names billing cycles', () => {
    expect(cycleLabel({ interval: 'month', interval_count: 1 }, trans)).toBe('Monthly');
    expect(cycleLabel({ interval: 'year', interval_count: 1 }, trans)).toBe('Yearly');
    expect(cycleLabel({ interval: 'month', interval_count: 3 }, trans)).toBe('Every 3 months');
  });
});
