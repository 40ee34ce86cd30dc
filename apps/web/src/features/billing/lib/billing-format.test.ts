import type { SubscriptionView } from '@zema/contracts';
import { paymentMethodLabel } from '@zema/contracts';
import { describe, expect, it } from 'vitest';
import { statusOf } from '../components/status-badge';
import { canRenewNow } from './billing-format';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 27, 12);

function sub(over: Partial<SubscriptionView> = {}): SubscriptionView {
  return {
    id: 1,
    product_id: 2,
    product_name: 'Premium',
    price: { id: 3, product_id: 2, currency: 'ETB', amount: 19_900, interval: 'month', interval_count: 1 },
    gateway: 'sandbox',
    status: 'active',
    valid: true,
    active: true,
    current_period_start: new Date(NOW - 20 * DAY).toISOString(),
    current_period_end: new Date(NOW + 10 * DAY).toISOString(),
    trial_ends_at: null,
    grace_ends_at: null,
    cancel_at_period_end: false,
    auto_renews: false,
    payment_method: { type: 'sandbox' },
    scheduled_change: null,
    ...over,
  };
}
const endsIn = (days: number) => new Date(NOW + days * DAY).toISOString();

describe('Renew now', () => {
  it('is offered for a prepaid plan in its last days or its grace period only', () => {
    expect(canRenewNow(sub(), NOW)).toBe(false);
    expect(canRenewNow(sub({ current_period_end: endsIn(2) }), NOW)).toBe(true);
    expect(canRenewNow(sub({ status: 'past_due', current_period_end: endsIn(-1) }), NOW)).toBe(true);
    expect(canRenewNow(sub({ status: 'past_due', valid: false }), NOW)).toBe(false);
  });

  it('is not offered for a cancelled plan, a card that renews itself, or a granted plan', () => {
    expect(canRenewNow(sub({ current_period_end: endsIn(2), cancel_at_period_end: true }), NOW)).toBe(false);
    expect(canRenewNow(sub({ current_period_end: endsIn(2), status: 'cancelled' }), NOW)).toBe(false);
    expect(
      canRenewNow(sub({ current_period_end: endsIn(2), gateway: 'stripe', auto_renews: true }), NOW),
    ).toBe(false);
    expect(canRenewNow(sub({ current_period_end: endsIn(2), gateway: 'manual' }), NOW)).toBe(false);
  });
});

describe('the plan status', () => {
  it('names every state, a cancelled plan still valid as cancelled', () => {
    expect(statusOf(sub()).label).toBe('Active');
    expect(statusOf(sub({ status: 'trialing' })).label).toBe('Trial');
    expect(statusOf(sub({ status: 'past_due' })).label).toBe('Past due (grace period)');
    expect(statusOf(sub({ status: 'past_due', valid: false })).label).toBe('Past due');
    expect(statusOf(sub({ status: 'cancelled' })).label).toBe('Cancelled');
    expect(statusOf(sub({ status: 'expired', valid: false })).label).toBe('Expired');
  });
});

describe('payment methods', () => {
  it('names Chapa methods, a card by brand and last four, and the sandbox', () => {
    expect(paymentMethodLabel('chapa', 'telebirr')).toEqual({ text: 'Telebirr', detail: null });
    expect(paymentMethodLabel('chapa', { type: 'cbebirr' })).toEqual({ text: 'CBE Birr', detail: null });
    expect(paymentMethodLabel('stripe', { type: 'card', brand: 'visa', last4: '4242' })).toEqual({
      text: 'Visa',
      detail: '•••• 4242',
    });
    expect(paymentMethodLabel('sandbox', 'sandbox').text).toBe('Sandbox (test mode)');
    expect(paymentMethodLabel('chapa', null).text).toBe('Chapa');
  });
});
