import { describe, expect, it } from 'vitest';
import { comparePricePerDay, formatMoney, periodDays, yearlySavingPercent } from './money';

const price = (
  amount: number,
  interval: 'month' | 'year',
  currency: 'ETB' | 'USD' = 'ETB',
  interval_count = 1,
) => ({
  amount,
  interval,
  currency,
  interval_count,
});

describe('formatMoney', () => {
  it('formats minor units for the reader with Intl, never through float sums', () => {
    expect(formatMoney(19_900, 'ETB', 'en')).toBe('ETB\u00a0199.00');
    expect(formatMoney(499, 'USD', 'en')).toBe('$4.99');
    expect(formatMoney(0, 'USD', 'en')).toBe('$0.00');
    expect(formatMoney(199_000, 'ETB', 'en')).toBe('ETB\u00a01,990.00');
    // Amharic: the Birr sign as CLDR writes it (Intl puts a no-break space after the symbol).
    expect(formatMoney(19_900, 'ETB', 'am')).toBe('ብር\u00a0199.00');
    // A malformed locale tag still formats.
    expect(formatMoney(499, 'USD', 'not a locale!')).toBe('$4.99');
  });
});

describe('yearlySavingPercent', () => {
  it('compares a yearly price with twelve monthly ones of the same currency', () => {
    expect(yearlySavingPercent(price(19_900, 'month'), price(199_000, 'year'))).toBe(16);
    expect(yearlySavingPercent(price(499, 'month', 'USD'), price(4_990, 'year', 'USD'))).toBe(16);
    expect(yearlySavingPercent(price(1_000, 'month'), price(12_000, 'year'))).toBeNull();
    expect(yearlySavingPercent(price(1_000, 'month'), price(9_000, 'year', 'USD'))).toBeNull();
    expect(yearlySavingPercent(undefined, price(9_000, 'year'))).toBeNull();
    expect(yearlySavingPercent(price(0, 'month'), price(0, 'year'))).toBeNull();
  });
});

describe('periodDays', () => {
  it('gives the approximate length of a period', () => {
    expect(periodDays({ interval: 'week', interval_count: 2 })).toBe(14);
    expect(periodDays({ interval: 'year', interval_count: 1 })).toBe(365.25);
  });
});

describe('comparePricePerDay', () => {
  it('compares prices of any cycle per day, exactly (a month is 30.4375 days, a year 365.25)', () => {
    expect(comparePricePerDay(price(199_000, 'year'), price(19_900, 'month'))).toBe(-1);
    expect(comparePricePerDay(price(49_900, 'month'), price(199_000, 'year'))).toBe(1);
    // Twelve months are exactly a year.
    expect(comparePricePerDay(price(120_000, 'year'), price(10_000, 'month'))).toBe(0);
    expect(comparePricePerDay(price(30_000, 'month', 'ETB', 3), price(10_000, 'month'))).toBe(0);
    expect(comparePricePerDay(price(0, 'month'), price(1, 'year'))).toBe(-1);
  });
});
