import { describe, expect, it } from 'vitest';
import { INT32_MAX, idParamSchema, idSchema, intParamSchema, userRefParamSchema } from './primitives';

describe('idParamSchema', () => {
  it('reads plain decimal ids from 1 to 2147483647', () => {
    expect(idParamSchema.parse('1')).toBe(1);
    expect(idParamSchema.parse('26')).toBe(26);
    expect(idParamSchema.parse(String(INT32_MAX))).toBe(INT32_MAX);
  });

  it('refuses every other spelling and anything out of range', () => {
    for (const raw of [
      '0',
      '01',
      '026',
      ' 1',
      '1 ',
      '+1',
      '-1',
      '0x1A',
      '1e5',
      '1.0',
      '1.5',
      '',
      'me',
      '2147483648',
      '99999999999',
      '1\u0000',
    ]) {
      expect(idParamSchema.safeParse(raw).success, JSON.stringify(raw)).toBe(false);
    }
  });
});

describe('idSchema', () => {
  it('takes whole numbers from 1 to 2147483647 only', () => {
    expect(idSchema.parse(7)).toBe(7);
    for (const value of [0, -1, 1.5, INT32_MAX + 1, 1e300, '7', null]) {
      expect(idSchema.safeParse(value).success, String(value)).toBe(false);
    }
  });
});

describe('userRefParamSchema', () => {
  it("takes 'me' or an id", () => {
    expect(userRefParamSchema.parse('me')).toBe('me');
    expect(userRefParamSchema.parse('12')).toBe(12);
    expect(userRefParamSchema.safeParse('ME').success).toBe(false);
    expect(userRefParamSchema.safeParse('2147483648').success).toBe(false);
  });
});

describe('intParamSchema', () => {
  it('reads plain decimals within bounds, 0 included when allowed', () => {
    const page = intParamSchema(1, 100);
    expect(page.parse('100')).toBe(100);
    for (const raw of ['0', '101', '1e2', '0x10', ' 5', '05', '-1']) {
      expect(page.safeParse(raw).success, raw).toBe(false);
    }
    expect(intParamSchema(0, 10).parse('0')).toBe(0);
  });
});
