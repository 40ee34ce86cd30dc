import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetBootstrapStore } from '#src/lib/bootstrap-store';
import { ONBOARDING_CHOICE_STORAGE_KEY } from '#src/lib/onboarding-choice';
import { examplePlans } from '#test/billing';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { fail, mockApi, ok } from '#test/mock-api';
import { renderRoutes } from '#test/render-app';
import CheckoutPage from './checkout-page';

const assign = vi.fn();
beforeEach(() => {
  resetBootstrapStore();
  assign.mockReset();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
});
afterEach(() => vi.restoreAllMocks());

const products = ok({
  pagination: { data: examplePlans(), current_page: 1, per_page: 3, total: 3, last_page: 1 },
  visitor_country: null,
});
const payment = {
  tx_ref: 'zema-abcdefghijklmnopqrstuvwx',
  status: 'pending',
  purpose: 'new',
  gateway: 'sandbox',
  product_id: 2,
  product_name: 'Premium',
  price_id: 4,
  amount: 199_000,
  currency: 'ETB',
  credit: 0,
  method: null,
  failure_reason: null,
  created_at: '2026-01-01T00:00:00Z',
  processed_at: null,
};

function visit(path: string) {
  return renderRoutes(
    [{ path: '/checkout/:productId/:priceId', element: <CheckoutPage /> }],
    path,
    makeBootstrap({ user: makeUser(), settings: { billing: { enable: true } } }),
  );
}

describe('CheckoutPage', () => {
  it('summarises the order and pays once however often Pay is pressed', async () => {
    localStorage.setItem(ONBOARDING_CHOICE_STORAGE_KEY, JSON.stringify({ productId: 2, priceId: 4 }));
    const calls = mockApi((c) => {
      if (c.path === '/api/v1/billing/products') return products;
      if (c.path === '/api/v1/billing/checkout')
        return ok({
          payment,
          redirect_url: 'http://localhost/checkout/sandbox/zema-abcdefghijklmnopqrstuvwx',
        });
      return undefined;
    });
    visit('/checkout/2/4');
    const pay = await screen.findByRole('button', { name: /^Pay ETB/ });
    expect(screen.getByText('Premium')).toBeTruthy();
    expect(screen.getByText('Yearly')).toBeTruthy();
    expect(screen.getByText('The price includes VAT where it applies.')).toBeTruthy();
    // The saved plan choice has brought the buyer here: it is used once.
    expect(localStorage.getItem(ONBOARDING_CHOICE_STORAGE_KEY)).toBeNull();
    await userEvent.dblClick(pay);
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://localhost/checkout/sandbox/zema-abcdefghijklmnopqrstuvwx'),
    );
    const posts = calls.filter((c) => c.path === '/api/v1/billing/checkout');
    expect(posts.length).toBeGreaterThanOrEqual(1);
    const keys = new Set(posts.map((c) => (c.body as { idempotency_key: string }).idempotency_key));
    expect(keys.size).toBe(1);
    expect(posts[0]?.body).toMatchObject({ price_id: 4 });
  });

  it('explains a refusal because of another plan and links the billing page', async () => {
    mockApi((c) => {
      if (c.path === '/api/v1/billing/products') return products;
      if (c.path === '/api/v1/billing/checkout')
        return fail(422, {
          message: 'The given data was invalid.',
          errors: { price_id: ['You already have another plan: change plans from the billing page.'] },
        });
      return undefined;
    });
    visit('/checkout/2/3');
    await userEvent.click(await screen.findByRole('button', { name: /^Pay ETB/ }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('You already have another plan');
    expect(screen.getByRole('link', { name: 'Go to billing' }).getAttribute('href')).toBe('/billing');
    expect(assign).not.toHaveBeenCalled();
  });

  it('says so for a plan that is not on sale', async () => {
    mockApi((c) => (c.path === '/api/v1/billing/products' ? products : undefined));
    visit('/checkout/3/7');
    expect(await screen.findByText('This plan is not on sale.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });
});
