import { describe, expect, it } from 'vitest';
import { isSealed, openSecret, SecretBoxError, sealSecret } from './secret-box';

const KEY = 'an-install-key-of-at-least-32-characters!!';

describe('secret-box', () => {
  it('round-trips a secret, and seals the same value differently each time', () => {
    const a = sealSecret(KEY, 'CHASECK_TEST-abc');
    const b = sealSecret(KEY, 'CHASECK_TEST-abc');
    expect(isSealed(a)).toBe(true);
    expect(a).not.toBe(b);
    expect(a).not.toContain('CHASECK');
    expect(openSecret(KEY, a)).toBe('CHASECK_TEST-abc');
    expect(openSecret(KEY, b)).toBe('CHASECK_TEST-abc');
  });

  it('refuses a tampered value', () => {
    const sealed = sealSecret(KEY, 'sk_test_123');
    const [v, iv, tag, body] = sealed.split('.') as [string, string, string, string];
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => openSecret(KEY, [v, iv, tag, flipped.toString('base64url')].join('.'))).toThrow(
      SecretBoxError,
    );
    expect(() => openSecret(KEY, 'plain text')).toThrow(SecretBoxError);
  });

  it('cannot read a value sealed before the install key changed', () => {
    const sealed = sealSecret(KEY, 'whsec_abc');
    expect(() => openSecret(`${KEY}-rotated`, sealed)).toThrow(/another install key/);
  });

  it('tells a sealed value from a plain one stored before sealing (a base32 TOTP secret)', () => {
    const totp = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    expect(isSealed(totp)).toBe(false);
    expect(isSealed(sealSecret(KEY, totp))).toBe(true);
    expect(isSealed(null)).toBe(false);
    expect(isSealed('v1.only.three')).toBe(false);
  });
});
