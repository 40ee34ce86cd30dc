import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { getBootstrapData, resetBootstrapStore } from '#src/lib/bootstrap-store';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { mockApi, ok } from '#test/mock-api';
import { renderRoutes } from '#test/render-app';
import PaymentReturnPage from './payment-return-page';

beforeEach(() => resetBootstrapStore());

const TX = 'zema-abcdefghijklmnopqrstuvwx';
const payment = (status: string) => ({
  tx_ref: TX,
  status,
  purpose: 'new',
  gateway: 'sandbox',
  product_id: 2,
  product_name: 'Premium',
  price_id: 4,
  amount: 199_000,
  currency: 'ETB',
  credit: 0,
  method: 'sandbox',
  failure_reason: null,
  created_at: '2026-01-01T00:00:00Z',
  processed_at: null,
});

function visit(search: string) {
  return renderRoutes(
    [{ path: '/billing/return', element: <PaymentReturnPage /> }],
    `/billing/return${search}`,
    makeBootstrap({ user: makeUser(), settings: { billing: { enable: true } } }),
  );
}

describe('PaymentReturnPage', () => {
  it('trusts the server’s verified answer and reloads the session when paid', async () => {
    const subscribed = makeBootstrap({
      user: makeUser({ subscriptions: [{ id: 1, product_id: 2, price_id: 4, valid: true, active: true }] }),
      settings: { billing: { enable: true } },
    });
    const calls = mockApi((c) => {
      if (c.path === `/api/v1/billing/payments/${TX}`) return ok({ payment: payment('succeeded') });
      if (c.path === '/api/v1/bootstrap-data') return ok({ bootstrapData: subscribed });
      return undefined;
    });
    visit(`?tx_ref=${TX}&status=failed`);
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeTruthy();
    await waitFor(() => expect(getBootstrapData()?.user?.subscriptions[0]?.active).toBe(true));
    expect(calls.filter((c) => c.path === '/api/v1/bootstrap-data')).toHaveLength(1);
  });

  it('offers a retry of the same plan after a failure', async () => {
    mockApi((c) =>
      c.path === `/api/v1/billing/payments/${TX}` ? ok({ payment: payment('failed') }) : undefined,
    );
    visit(`?tx_ref=${TX}`);
    expect(await screen.findByRole('heading', { name: 'The payment did not go through' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/checkout/2/4');
  });

  it('keeps checking a pending payment, and on demand', async () => {
    let status = 'pending';
    const calls = mockApi((c) =>
      c.path === `/api/v1/billing/payments/${TX}` ? ok({ payment: payment(status) }) : undefined,
    );
    visit(`?tx_ref=${TX}`);
    expect(await screen.findByRole('heading', { name: 'Your payment is being processed' })).toBeTruthy();
    status = 'failed';
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('heading', { name: 'The payment did not go through' })).toBeTruthy();
    expect(calls.length).toBe(2);
  });

  it('does not ask about a malformed reference', async () => {
    const calls = mockApi(() => undefined);
    visit('?tx_ref=not-ours');
    expect(await screen.findByRole('heading', { name: 'We could not find this payment.' })).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
