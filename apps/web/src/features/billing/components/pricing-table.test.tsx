import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product } from '@zema/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetBootstrapStore } from '#src/lib/bootstrap-store';
import { ONBOARDING_CHOICE_STORAGE_KEY } from '#src/lib/onboarding-choice';
import { examplePlans } from '#test/billing';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { mockApi, ok } from '#test/mock-api';
import { renderInRouter } from '#test/render-app';
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
        .getByRole('link', { name: /^Downgrade/ })
        .getAttribute('href'),
    ).toBe('/change-plan/1/1/confirm');
    expect(within(card('Premium')).getByText('Your plan')).toBeTruthy();
  });
});

/** The example plans and a dearer one, as a subscriber's Change plan lists them. */
function plansWithArtistPro(): Product[] {
  const plans = examplePlans();
  const artistPro: Product = {
    ...plans[1]!,
    id: 4,
    name: 'Artist Pro',
    recommended: false,
    position: 2,
    feature_list: ['Everything in Premium', 'Artist insights'],
    prices: [
      { id: 8, product_id: 4, currency: 'ETB', amount: 49_900, interval: 'month', interval_count: 1 },
      { id: 9, product_id: 4, currency: 'ETB', amount: 499_000, interval: 'year', interval_count: 1 },
    ],
  };
  return [...plans, artistPro];
}

function renderForSubscriber(priceId: number, productId = 2) {
  mockApi((c) =>
    c.path === '/api/v1/billing/products'
      ? ok({
          pagination: { data: plansWithArtistPro(), current_page: 1, per_page: 4, total: 4, last_page: 1 },
          visitor_country: null,
        })
      : undefined,
  );
  const user = makeUser({
    subscriptions: [{ id: 9, product_id: productId, price_id: priceId, valid: true, active: true }],
  });
  renderInRouter(<PricingTable />, makeBootstrap({ user, settings: { billing: { enable: true } } }));
}

describe('PricingTable for a subscriber (Change plan)', () => {
  it('Change plan marks the current plan: "Your plan" without Upgrade, a dearer one Upgrade, a cheaper one Downgrade', async () => {
    renderForSubscriber(3);
    await screen.findByRole('heading', { name: 'Premium' });
    const premium = card('Premium');
    expect(within(premium).getByText('Your plan')).toBeTruthy();
    expect(within(premium).queryByRole('link', { name: /Upgrade|Downgrade|Get started/ })).toBeNull();
    expect(within(premium).getByRole('link', { name: 'Manage your plan' }).getAttribute('href')).toBe(
      '/billing',
    );
    expect(within(card('Artist Pro')).queryByText('Your plan')).toBeNull();
    expect(
      within(card('Artist Pro')).getByRole('link', { name: 'Upgrade: Artist Pro' }).getAttribute('href'),
    ).toBe('/change-plan/4/8/confirm');
    expect(within(card('Free')).getByRole('link', { name: 'Downgrade: Free' }).getAttribute('href')).toBe(
      '/change-plan/1/1/confirm',
    );
    expect(within(card('Free')).queryByText('Your plan')).toBeNull();
  });

  it('opens at the cycle they pay, and compares other cycles per month', async () => {
    // Artist Pro yearly: 4,990 a year is 415.83 a month, dearer than Premium yearly's 165.83.
    renderForSubscriber(4);
    await screen.findByRole('heading', { name: 'Premium' });
    expect(screen.getByRole('radio', { name: /Yearly/ })).toHaveProperty('checked', true);
    expect(within(card('Premium')).getByText('Your plan')).toBeTruthy();
    expect(within(card('Premium')).queryByRole('link', { name: /^Switch|^Upgrade/ })).toBeNull();
    expect(within(card('Artist Pro')).getByRole('link', { name: 'Upgrade: Artist Pro' })).toBeTruthy();
    // Their own plan paid monthly instead is a switch of cycle, not an upgrade.
    await userEvent.click(screen.getByRole('radio', { name: /Monthly/ }));
    expect(within(card('Premium')).getByText('Your plan')).toBeTruthy();
    expect(
      within(card('Premium')).getByRole('link', { name: 'Switch to monthly: Premium' }).getAttribute('href'),
    ).toBe('/change-plan/2/3/confirm');
    // Artist Pro monthly (499.00) against Premium yearly's 165.83 a month: still dearer.
    expect(within(card('Artist Pro')).getByRole('link', { name: 'Upgrade: Artist Pro' })).toBeTruthy();
  });

  it('offers a Downgrade to a cheaper paid plan', async () => {
    renderForSubscriber(8, 4);
    await screen.findByRole('heading', { name: 'Artist Pro' });
    expect(within(card('Artist Pro')).getByText('Your plan')).toBeTruthy();
    expect(within(card('Premium')).getByRole('link', { name: 'Downgrade: Premium' })).toBeTruthy();
    expect(within(card('Free')).getByRole('link', { name: 'Downgrade: Free' })).toBeTruthy();
  });
});
