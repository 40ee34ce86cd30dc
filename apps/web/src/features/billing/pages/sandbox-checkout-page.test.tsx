import { screen } from '@testing-library/react';
import type { SandboxCharge } from '@zema/contracts';
import { describe, expect, it } from 'vitest';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { mockApi, ok } from '#test/mock-api';
import { renderRoutes } from '#test/render-app';
import SandboxCheckoutPage from './sandbox-checkout-page';

const TX_REF = 'zema-abcdefghijklmnopqrstuvwx';

const charge = (patch: Partial<SandboxCharge> = {}): SandboxCharge => ({
  tx_ref: TX_REF,
  amount: 19_900,
  currency: 'ETB',
  description: 'Premium (month)',
  status: 'pending',
  return_url: `${window.location.origin}/billing/return?tx_ref=${TX_REF}`,
  cancel_url: `${window.location.origin}/checkout/2/3`,
  ...patch,
});

function show(answer: SandboxCharge) {
  const calls = mockApi((call) =>
    call.path === `/api/v1/billing/sandbox/${TX_REF}` ? ok({ charge: answer }) : undefined,
  );
  renderRoutes(
    [{ path: '/checkout/sandbox/:txRef', element: <SandboxCheckoutPage /> }],
    `/checkout/sandbox/${TX_REF}`,
    makeBootstrap({ user: makeUser(), settings: { billing: { enable: true } } }),
  );
  return calls;
}

describe('the sandbox checkout', () => {
  it('has a "Cancel and go back" link to the page the buyer chose to pay on, deciding nothing', async () => {
    const calls = show(charge());
    expect(await screen.findByRole('button', { name: 'Pay successfully' })).toBeTruthy();
    const cancel = screen.getByRole('link', { name: 'Cancel and go back' });
    // The shop's own page, as an in-app address.
    expect(cancel.getAttribute('href')).toBe('/checkout/2/3');
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('offers only the way back to the shop once the payment is decided', async () => {
    show(charge({ status: 'success' }));
    expect(await screen.findByRole('button', { name: 'Back to the shop' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Cancel and go back' })).toBeNull();
  });
});
