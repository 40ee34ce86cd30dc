import { describe, expect, it } from 'vitest';
import { fromMinorUnits, toMinorUnits } from './amount';

describe('plan editor amounts', () => {
  it('turns typed decimals into integer minor units without float error', () => {
    expect(toMinorUnits('199', 'ETB')).toBe(19_900);
    expect(toMinorUnits('199.00', 'ETB')).toBe(19_900);
    expect(toMinorUnits('4.99', 'USD')).toBe(499);
    expect(toMinorUnits('19.99', 'USD')).toBe(1_999);
    expect(toMinorUnits('0.1', 'USD')).toBe(10);
    expect(toMinorUnits('1 990,5', 'ETB')).toBe(199_050);
    expect(toMinorUnits('0', 'ETB')).toBe(0);
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['', 'abc', '-1', '1.999', '1.2.3', '1,000.00', '$5'])
      expect(toMinorUnits(bad, 'USD')).toBeNull();
  });

  it('shows minor units back as decimals to edit', () => {
    expect(fromMinorUnits(19_900, 'ETB')).toBe('199.00');
    expect(fromMinorUnits(499, 'USD')).toBe('4.99');
    expect(fromMinorUnits(5, 'USD')).toBe('0.05');
    for (const n of [0, 1, 99, 100, 123_456]) expect(toMinorUnits(fromMinorUnits(n, 'ETB'), 'ETB')).toBe(n);
  });
});
