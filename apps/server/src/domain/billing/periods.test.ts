import { describe, expect, it } from 'vitest';
import { addPeriod, taxIncluded, unusedCredit } from './periods';

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
