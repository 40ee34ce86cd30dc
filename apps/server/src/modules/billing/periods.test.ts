import type { BillingInterval } from '@zema/contracts';
import { describe, expect, it } from 'vitest';
import {
  addPeriod,
  amountDue,
  comparePerDay,
  decideChange,
  prepaidCredit,
  taxIncluded,
  trialEnd,
  unusedCredit,
} from './periods';

const d = (iso: string) => new Date(iso);

describe('billing periods', () => {
  it('adds calendar months and years, clamping to the end of a shorter month', () => {
    expect(addPeriod(d('2026-01-31T10:00:00Z'), 'month').toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addPeriod(d('2028-01-31T10:00:00Z'), 'month').toISOString()).toBe('2028-02-29T10:00:00.000Z');
    expect(addPeriod(d('2026-11-27T12:00:00Z'), 'month', 3).toISOString()).toBe('2027-02-27T12:00:00.000Z');
    expect(addPeriod(d('2028-02-29T00:00:00Z'), 'year').toISOString()).toBe('2029-02-28T00:00:00.000Z');
    expect(addPeriod(d('2026-12-15T00:00:00Z'), 'month').toISOString()).toBe('2027-01-15T00:00:00.000Z');
    expect(addPeriod(d('2026-11-27T00:00:00Z'), 'week', 2).toISOString()).toBe('2026-12-11T00:00:00.000Z');
    expect(addPeriod(d('2026-11-27T00:00:00Z'), 'day', 3).toISOString()).toBe('2026-11-30T00:00:00.000Z');
  });

  it('credits the unused share of a prepaid period, rounded down, never more than paid', () => {
    const start = d('2026-11-01T00:00:00Z');
    const end = d('2026-12-01T00:00:00Z');
    expect(unusedCredit(30_000, start, end, d('2026-11-16T00:00:00Z'))).toBe(15_000);
    expect(unusedCredit(19_900, start, end, d('2026-11-11T00:00:00Z'))).toBe(13_266);
    expect(unusedCredit(19_900, start, end, d('2026-10-01T00:00:00Z'))).toBe(19_900);
    expect(unusedCredit(19_900, start, end, d('2026-12-02T00:00:00Z'))).toBe(0);
    expect(unusedCredit(0, start, end, d('2026-11-16T00:00:00Z'))).toBe(0);
  });

  it('splits a tax-inclusive total into net and tax that add up exactly', () => {
    expect(taxIncluded(19_900, 1_500)).toEqual({ net: 17_304, tax: 2_596 });
    expect(taxIncluded(499, 0)).toEqual({ net: 499, tax: 0 });
    for (const total of [1, 99, 100, 12_345, 199_000]) {
      const { net, tax } = taxIncluded(total, 1_500);
      expect(net + tax).toBe(total);
      expect(Number.isInteger(net) && Number.isInteger(tax)).toBe(true);
    }
  });
});

const monthly = { amount: 19_900, interval: 'month' as const, intervalCount: 1 };
const yearly = { amount: 199_000, interval: 'year' as const, intervalCount: 1 };
const proMonthly = { amount: 49_900, interval: 'month' as const, intervalCount: 1 };
const free = { amount: 0, interval: 'month' as const, intervalCount: 1, free: true };
const paid = (p: { amount: number; interval: BillingInterval; intervalCount: number }) => ({
  ...p,
  free: false,
});

describe('plan changes', () => {
  it('compares prices per day exactly (a year is 365.25 days, a month 30.4375)', () => {
    expect(comparePerDay(yearly, monthly)).toBe(-1);
    expect(comparePerDay(monthly, yearly)).toBe(1);
    expect(comparePerDay(proMonthly, monthly)).toBe(1);
    // Twelve months at 100.00 and a year at 1 200.00 cost the same per day.
    expect(
      comparePerDay(
        { amount: 120_000, interval: 'year', intervalCount: 1 },
        { amount: 10_000, interval: 'month', intervalCount: 1 },
      ),
    ).toBe(0);
    expect(
      comparePerDay(
        { amount: 700, interval: 'week', intervalCount: 1 },
        { amount: 100, interval: 'day', intervalCount: 1 },
      ),
    ).toBe(0);
    expect(
      comparePerDay(
        { amount: 2_000, interval: 'month', intervalCount: 3 },
        { amount: 1_000, interval: 'month', intervalCount: 1 },
      ),
    ).toBe(-1);
    // The largest amounts stay exact integers.
    expect(
      comparePerDay(
        { amount: 2_000_000_000, interval: 'year', intervalCount: 36 },
        { amount: 1, interval: 'day', intervalCount: 36 },
      ),
    ).toBe(1);
  });

  it('credits the unused share of the period, for the first day, the last day and an early-renewed period', () => {
    const start = d('2026-11-01T00:00:00Z');
    const end = d('2026-12-01T00:00:00Z');
    expect(prepaidCredit(monthly, start, end, start)).toEqual({ credit: 19_900, unusedDays: 30 });
    expect(prepaidCredit(monthly, start, end, d('2026-11-02T00:00:00Z'))).toEqual({
      credit: 19_236,
      unusedDays: 29,
    });
    expect(prepaidCredit(monthly, start, end, d('2026-11-30T12:00:00Z'))).toEqual({
      credit: 331,
      unusedDays: 0,
    });
    expect(prepaidCredit(monthly, start, end, end)).toEqual({ credit: 0, unusedDays: 0 });
    // Renewed early: two months paid, one and a half left.
    expect(prepaidCredit(monthly, start, d('2027-01-01T00:00:00Z'), d('2026-11-16T00:00:00Z'))).toEqual({
      credit: 29_850,
      unusedDays: 46,
    });
    expect(prepaidCredit({ ...monthly, amount: 0 }, start, end, start).credit).toBe(0);
    expect(amountDue(199_000, 13_266)).toBe(185_734);
    expect(amountDue(19_900, 50_000)).toBe(0);
  });

  const base = {
    current: monthly,
    comparable: monthly,
    sameCurrency: true,
    periodStart: d('2026-11-01T00:00:00Z'),
    periodEnd: d('2026-12-01T00:00:00Z'),
    paidPeriodRunning: true,
    now: d('2026-11-16T00:00:00Z'),
  };

  it('upgrades now with credit to a plan dearer per day, and pays the rest', () => {
    expect(decideChange({ ...base, next: paid(proMonthly) })).toEqual({
      kind: 'upgrade_now',
      credit: 9_950,
      unusedDays: 15,
      due: 39_950,
    });
  });

  it('waits for the period end for a plan cheaper per day (monthly → yearly) or free', () => {
    expect(decideChange({ ...base, next: paid(yearly) })).toEqual({
      kind: 'downgrade_at_period_end',
      reason: 'cheaper',
    });
    expect(decideChange({ ...base, next: free })).toEqual({
      kind: 'downgrade_at_period_end',
      reason: 'free',
    });
  });

  it('yearly → monthly early in the year waits (the credit would exceed the price); late in the year it switches now', () => {
    const year = {
      ...base,
      current: yearly,
      comparable: yearly,
      periodStart: d('2026-01-01T00:00:00Z'),
      periodEnd: d('2027-01-01T00:00:00Z'),
    };
    expect(decideChange({ ...year, now: d('2026-02-01T00:00:00Z'), next: paid(monthly) })).toEqual({
      kind: 'downgrade_at_period_end',
      reason: 'credit_covers_price',
    });
    const late = decideChange({ ...year, now: d('2026-12-25T00:00:00Z'), next: paid(monthly) });
    expect(late).toEqual({ kind: 'upgrade_now', credit: 3_816, unusedDays: 7, due: 16_084 });
  });

  it('free → paid, a trial and a period in grace: no credit, the full price now', () => {
    expect(
      decideChange({ ...base, current: { ...free }, comparable: { ...free }, next: paid(monthly) }),
    ).toEqual({
      kind: 'upgrade_now',
      credit: 0,
      unusedDays: 0,
      due: 19_900,
    });
    expect(decideChange({ ...base, paidPeriodRunning: false, next: paid(yearly) })).toEqual({
      kind: 'upgrade_now',
      credit: 0,
      unusedDays: 0,
      due: 199_000,
    });
  });

  it('credits nothing across currencies, but still counts the unused days', () => {
    const usdPro = { amount: 999, interval: 'month' as const, intervalCount: 1 };
    expect(
      decideChange({
        ...base,
        comparable: { amount: 499, interval: 'month', intervalCount: 1 },
        sameCurrency: false,
        next: paid(usdPro),
      }),
    ).toEqual({ kind: 'upgrade_now', credit: 0, unusedDays: 15, due: 999 });
  });

  it('ends a trial after whole days', () => {
    expect(trialEnd(d('2026-11-27T10:00:00Z'), 14).toISOString()).toBe('2026-12-11T10:00:00.000Z');
  });
});
