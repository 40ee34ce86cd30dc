import { describe, expect, it } from 'vitest';
import { maskEmail } from './auth';

describe('maskEmail (SPEC §2)', () => {
  it('keeps the first two characters of the local part and the domain', () => {
    expect(maskEmail('abebe.kebede@example.com')).toBe('ab**********@example.com');
    expect(maskEmail('al@example.com')).toBe('al@example.com');
    expect(maskEmail('a@example.com')).toBe('a@example.com');
  });
  it('is all asterisks without an email', () => {
    expect(maskEmail(null)).toBe('*****');
    expect(maskEmail('')).toBe('*****');
  });
});
