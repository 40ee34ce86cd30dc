import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeBootstrap, makeUser } from '#src/app/testing/bootstrap-factory';
import { mockApi, ok } from '#src/app/testing/mock-api';
import { renderInRouter } from '#src/app/testing/render-app';
import { resetBootstrapStore } from '#src/lib/bootstrap-store';
import { ONBOARDING_CHOICE_STORAGE_KEY } from '#src/lib/onboarding-choice';
import { examplePlans } from '../testing';
import { PricingTable } from './pricing-table';

beforeEach(() => {
  resetBootstrapStore();
  localStorage.clear();
});

function renderTable(user: ReturnType<typeof makeUser> | null = null, visitorCountry: string | null = null) {
  const calls = mockApi((c) =>
    c.path === '/api/v1/billing/products'
      ? ok({
          pagination: { data: examplePlans(), current_page: 1, per_page: 3, total: 3, last_page: 1 },
          visitor_country: visitorCountry,
        })
      : undefined,
  );
  renderInRouter(<PricingTable />, makeBootstrap({ user, settings: { billing: { enable: true } } }));
  return calls;
}

const card = (name: string) => screen.getByRole('listitem', { name });

describe('PricingTable', () => {
  it('shows the visible plans in Birr first, with the SPEC labels and the recommended badge', async () => {
    renderTable();
    await screen.findByRole('heading', { name: 'Premium' });
    expect(screen.queryByRole('heading', { name: 'Secret' })).toBeNull();
    expect(screen.getByRole('button', { name: /Currency/ }).textContent).toContain('Ethiopian Birr (ETB)');
    expect(within(card('Premium')).getByTestId('plan-price').textContent?.replace(/\s/g, ' ')).toContain(
      'ETB 199.00',
    );
    expect(within(card('Premium')).getByText('Recommended')).toBeTruthy();
    expect(within(card('Premium')).getByText('No ads')).toBeTruthy();
    expect(within(card('Free')).getByRole('link', { name: /^Get started/ })).toBeTruthy();
    expect(within(card('Premium')).getByRole('link', { name: /^Upgrade/ })).toBeTruthy();
  });

  it('shows the yearly saving and yearly prices', async () => {
    renderTable();
    await screen.findByRole('heading', { name: 'Premium' });
    const yearly = screen.getByRole('radio', { name: /Yearly/ });
    expect(yearly.closest('label')?.textContent).toContain('Save 16%');
    await userEvent.click(yearly);
    expect(within(card('Premium')).getByTestId('plan-price').textContent?.replace(/\s/g, ' ')).toContain(
      'ETB 1,990.00',
    );
    expect(within(card('Premium')).getByTestId('plan-price').textContent?.replace(/\s/g, ' ')).toContain(
      'per year',
    );
  });

  it('switches currency with the selector', async () => {
    renderTable();
    await screen.findByRole('heading', { name: 'Premium' });
    await userEvent.click(screen.getByRole('button', { name: /Currency/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'US Dollar (USD)' }));
    expect(within(card('Premium')).getByTestId('plan-price').textContent?.replace(/\s/g, ' ')).toContain(
      '$4.99',
    );
  });

  it('preselects dollars for a user outside Ethiopia', async () => {
    renderTable(makeUser({ country: 'US' }));
    await screen.findByRole('heading', { name: 'Premium' });
    expect(screen.getByRole('button', { name: /Currency/ }).textContent).toContain('US Dollar (USD)');
    expect(within(card('Premium')).getByTestId('plan-price').textContent?.replace(/\s/g, ' ')).toContain(
      '$4.99',
    );
  });

  it('preselects dollars for a visitor the server sees outside Ethiopia, Birr inside', async () => {
    renderTable(null, 'DE');
    await screen.findByRole('heading', { name: 'Premium' });
    expect(screen.getByRole('button', { name: /Currency/ }).textContent).toContain('US Dollar (USD)');
  });

  it('keeps Birr for a visitor in Ethiopia', async () => {
    renderTable(null, 'ET');
    await screen.findByRole('heading', { name: 'Premium' });
    expect(screen.getByRole('button', { name: /Currency/ }).textContent).toContain('Ethiopian Birr (ETB)');
  });

  it('saves a visitor’s paid choice and sends them to register from pricing', async () => {
    renderTable();
    await screen.findByRole('heading', { name: 'Premium' });
    await userEvent.click(screen.getByRole('radio', { name: /Yearly/ }));
    const upgrade = within(card('Premium')).getByRole('link', { name: /^Upgrade/ });
    expect(upgrade.getAttribute('href')).toBe('/register?redirectFrom=pricing');
    await userEvent.click(upgrade);
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(ONBOARDING_CHOICE_STORAGE_KEY) ?? 'null')).toEqual({
        productId: 2,
        priceId: 4,
      }),
    );
  });

  it('links a signed-in user to checkout, and a subscriber to the change-plan confirmation', async () => {
    renderTable(makeUser());
    await screen.findByRole('heading', { name: 'Premium' });
    expect(
      within(card('Premium'))
        .getByRole('link', { name: /^Upgrade/ })
        .getAttribute('href'),
    ).toBe('/checkout/2/3');
  });

  it('links a subscriber to the change-plan confirmation', async () => {
    renderTable(
      makeUser({ subscriptions: [{ id: 9, product_id: 2, price_id: 3, valid: true, active: true }] }),
    );
    await screen.findByRole('heading', { name: 'Premium' });
    expect(
      within(card('Free'))
        .getByRole('link', { name: /^Get started/ })
        .getAttribute('href'),
    ).toBe('/change-plan/1/1/confirm');
    expect(within(card('Premium')).getByText('Your plan')).toBeTruthy();
  });
});
