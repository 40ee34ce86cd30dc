import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PlanChangeQuote } from '@zema/contracts';
import { describe, expect, it, vi } from 'vitest';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { fail, mockApi, ok } from '#test/mock-api';
import { renderRoutes } from '#test/render-app';
import ChangePlanPage from './change-plan-page';

const monthly = {
  id: 3,
  product_id: 2,
  currency: 'ETB' as const,
  amount: 19_900,
  interval: 'month' as const,
  interval_count: 1,
};
const yearly = {
  id: 5,
  product_id: 2,
  currency: 'ETB' as const,
  amount: 199_000,
  interval: 'year' as const,
  interval_count: 1,
};
const freePrice = {
  id: 1,
  product_id: 1,
  currency: 'ETB' as const,
  amount: 0,
  interval: 'month' as const,
  interval_count: 1,
};

const upgrade: PlanChangeQuote = {
  kind: 'upgrade_now',
  reason: null,
  current: {
    product_id: 2,
    product_name: 'Premium',
    price: monthly,
    status: 'active',
    current_period_end: '2026-12-11T10:00:00.000Z',
    gateway: 'sandbox',
  },
  next: { product_id: 2, product_name: 'Premium', price: yearly },
  currency: 'ETB',
  credit: 27_767,
  unused_days: 14,
  credit_unavailable: null,
  amount_due: 171_233,
  estimated: false,
  starts_at: '2026-11-27T10:00:00.000Z',
  renews_at: '2027-11-27T10:00:00.000Z',
};
const toFree: PlanChangeQuote = {
  ...upgrade,
  kind: 'downgrade_at_period_end',
  reason: 'free',
  next: { product_id: 1, product_name: 'Free', price: freePrice },
  credit: 0,
  amount_due: 0,
  starts_at: '2026-12-12T10:00:00.000Z',
  renews_at: null,
};

function show(productId: number, priceId: number) {
  return renderRoutes(
    [
      { path: '/change-plan/:productId/:priceId/confirm', element: <ChangePlanPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    `/change-plan/${productId}/${priceId}/confirm`,
    makeBootstrap({ user: makeUser({ id: 7 }) }),
  );
}

describe('the change-plan confirm page', () => {
  it('words an upgrade with its credit and sends the buyer to the checkout on Confirm, once', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    try {
      const calls = mockApi((call) => {
        if (call.method === 'GET' && call.path === '/api/v1/billing/change-plan/2/5')
          return ok({ quote: upgrade });
        if (call.method === 'POST' && call.path === '/api/v1/billing/change-plan/2/5')
          return ok({
            quote: upgrade,
            payment: null,
            redirect_url: 'http://localhost/checkout/sandbox/zema-x',
            subscription: null,
          });
        return undefined;
      });
      show(2, 5);
      expect(await screen.findByRole('heading', { level: 1, name: 'Change plan' })).toBeTruthy();
      expect(
        await screen.findByText(
          'You pay ETB 1,712.33 now: Premium yearly costs ETB 1,990.00, minus ETB 277.67 credit for 14 unused days of Premium monthly.',
        ),
      ).toBeTruthy();
      expect(screen.getByText(/Your new plan starts today and renews on Nov 27, 2027\./)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/pricing');

      await userEvent.click(screen.getByRole('button', { name: 'Confirm and pay' }));
      await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/checkout/sandbox/zema-x'));
      const posts = calls.filter((c) => c.method === 'POST');
      expect(posts).toHaveLength(1);
      expect((posts[0]!.body as { idempotency_key: string }).idempotency_key).toMatch(
        /^[A-Za-z0-9_-]{8,64}$/,
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('words a downgrade to Free and shows the success message after Confirm', async () => {
    mockApi((call) => {
      if (call.method === 'GET' && call.path === '/api/v1/billing/change-plan/1/1')
        return ok({ quote: toFree });
      if (call.method === 'POST' && call.path === '/api/v1/billing/change-plan/1/1')
        return ok({ quote: toFree, payment: null, redirect_url: null, subscription: null });
      return undefined;
    });
    show(1, 1);
    expect(
      await screen.findByText(
        'Your plan changes to Free on Dec 12, 2026. Until then you keep Premium monthly.',
      ),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('status')).textContent).toBe('Done: your plan change is scheduled.');
    expect(screen.getByRole('link', { name: 'Go to billing' })).toBeTruthy();
  });

  it("shows the server's reason when there is nothing to change, with a way back to pricing", async () => {
    mockApi((call) =>
      call.path === '/api/v1/billing/change-plan/2/3'
        ? fail(422, {
            message: 'This is already your plan.',
            errors: { price_id: ['This is already your plan.'] },
          })
        : undefined,
    );
    show(2, 3);
    expect((await screen.findByRole('alert')).textContent).toBe('This is already your plan.');
    expect(screen.getByRole('link', { name: 'Back to pricing' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Confirm/ })).toBeNull();
  });
});
