import { describe, expect, it } from 'vitest';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { afterLoginTarget } from './after-login';
import { authFrom } from './bootstrap-store';
import { ONBOARDING_CHOICE_STORAGE_KEY, readOnboardingChoice } from './onboarding-choice';

const user = authFrom(makeBootstrap({ user: makeUser() }));
const admin = authFrom(
  makeBootstrap({ user: makeUser({ permissions: [{ id: 1, name: 'admin.access', restrictions: [] }] }) }),
);

describe('afterLoginTarget (SPEC §2, §4)', () => {
  it('defaults to / and to /admin for admins', () => {
    expect(afterLoginTarget({ redirect: null, auth: user, billingEnabled: false })).toBe('/');
    expect(afterLoginTarget({ redirect: null, auth: admin, billingEnabled: false })).toBe('/admin');
  });

  it('follows same-site redirect targets only', () => {
    expect(afterLoginTarget({ redirect: '/pricing?x=1', auth: admin, billingEnabled: false })).toBe(
      '/pricing?x=1',
    );
    for (const bad of ['//evil.example.com', 'https://evil.example.com', '/\\evil.example.com']) {
      expect(afterLoginTarget({ redirect: bad, auth: user, billingEnabled: false })).toBe('/');
    }
  });

  it('prefers a saved onboarding choice when billing is on', () => {
    localStorage.setItem(ONBOARDING_CHOICE_STORAGE_KEY, JSON.stringify({ productId: 'pro', priceId: 12 }));
    expect(afterLoginTarget({ redirect: '/x', auth: admin, billingEnabled: true })).toBe('/checkout/pro/12');
    expect(afterLoginTarget({ redirect: '/x', auth: admin, billingEnabled: false })).toBe('/x');
  });

  it('ignores a malformed onboarding choice', () => {
    localStorage.setItem(ONBOARDING_CHOICE_STORAGE_KEY, '{"productId":3}');
    expect(readOnboardingChoice()).toBeNull();
    localStorage.setItem(ONBOARDING_CHOICE_STORAGE_KEY, 'not json');
    expect(readOnboardingChoice()).toBeNull();
    expect(afterLoginTarget({ redirect: null, auth: user, billingEnabled: true })).toBe('/');
  });
});
