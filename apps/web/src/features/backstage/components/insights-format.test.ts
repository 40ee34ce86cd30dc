import { describe, expect, it } from 'vitest';
import { bucketLabel, changeText, countryLabel, deviceLabel, trend } from './insights-format';

describe('insights wording', () => {
  it('names countries and devices, unknown ones too', () => {
    expect(countryLabel('ET')).toBe('Ethiopia');
    expect(countryLabel(null)).toBe('Unknown');
    expect(deviceLabel('mobile')).toBe('Phone');
    expect(deviceLabel('computer')).toBe('Computer');
    expect(deviceLabel('watch')).toBe('Watch');
    expect(deviceLabel(null)).toBe('Unknown');
  });

  it('compares with the period before, without a percentage of nothing', () => {
    expect(changeText(6, 4)).toBe('+50% on the period before (4)');
    expect(changeText(2, 4)).toBe('−50% on the period before (4)');
    expect(changeText(4, 4)).toBe('Same as the period before (4)');
    expect(changeText(3, 0)).toBe('None the period before');
    expect(changeText(0, 0)).toBe('None the period before either');
    expect([trend(6, 4), trend(2, 4), trend(4, 4), trend(3, 0), trend(0, 0)]).toEqual([
      'up',
      'down',
      'flat',
      'up',
      'flat',
    ]);
  });

  it('labels days and months for the chart', () => {
    expect(bucketLabel('2026-11-07')).toBe('7 Nov');
    expect(bucketLabel('2026-01')).toBe('Jan 2026');
  });
});
