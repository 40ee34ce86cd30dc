import type { Page } from '@playwright/test';
import { ApiSession, signInWith, uniqueEmail } from '../support/accounts';
import { expect, expectAccessible, snapshot, test } from '../support/fixtures';
import { dismissCookieNotice, useThemeMode } from '../support/theme';

// The change-plan confirm page (decision 0041): a Premium subscriber (paid in the sandbox) sees an
// upgrade to Artist Pro worded with its credit and goes to the checkout on Confirm; a downgrade to
// Free says when it happens and is scheduled on Confirm. Axe, and screenshots light and dark at
// this project's width.

const PASSWORD = 'change-plan-e2e-password';

type Plan = { id: number; name: string; prices: { id: number; currency: string; interval: string }[] };

async function shoot(page: Page, name: string) {
  await snapshot(page, `change-plan-${name}`);
}

async function shootBothThemes(page: Page, name: string) {
  for (const mode of ['dark', 'light'] as const) {
    await useThemeMode(page, mode);
    await shoot(page, `${name}-${mode}`);
  }
}

async function premiumSubscriber() {
  const api = await ApiSession.open();
  await api.register(uniqueEmail('change-plan', test.info().project.name), PASSWORD);
  const plans = (await api.getOk<{ pagination: { data: Plan[] } }>('/api/v1/billing/products')).pagination
    .data;
  const price = (plan: string) =>
    plans.find((p) => p.name === plan)!.prices.find((p) => p.currency === 'ETB' && p.interval === 'month')!;
  const bought = await api.postOk<{ payment: { tx_ref: string } }>('/api/v1/billing/checkout', {
    price_id: price('Premium').id,
    idempotency_key: `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`,
  });
  await api.postOk(`/api/v1/billing/sandbox/${bought.payment.tx_ref}`, { outcome: 'success' });
  const target = (plan: string) => {
    const p = price(plan);
    return `/change-plan/${plans.find((x) => x.name === plan)!.id}/${p.id}/confirm`;
  };
  return { api, target };
}

test('an upgrade is worded with its credit and confirmed into the checkout; a downgrade to Free is scheduled', async ({
  page,
  context,
}) => {
  await dismissCookieNotice(context);
  const { api, target } = await premiumSubscriber();
  await signInWith(page, api);

  await page.goto(target('Artist Pro'));
  await expect(page.getByRole('heading', { level: 1, name: 'Change plan' })).toBeVisible();
  await expect(
    page.getByText(/^You pay ETB\s[\d,.]+ now: Artist Pro monthly costs ETB\s499\.00, minus ETB/),
  ).toBeVisible();
  await expect(page.getByText(/Your new plan starts today and renews on/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/pricing');
  await expectAccessible(page);
  await shootBothThemes(page, 'upgrade');

  await page.getByRole('button', { name: 'Confirm and pay' }).click();
  await expect(page).toHaveURL(/\/checkout\/sandbox\/zema-/);

  await page.goto(target('Free'));
  await expect(
    page.getByText(/^Your plan changes to Free on .+\. Until then you keep Premium monthly\.$/),
  ).toBeVisible();
  await expectAccessible(page);
  await shootBothThemes(page, 'downgrade');
  // The theme switch reloads the page: the done state is shot in the theme it was reached in.
  await useThemeMode(page, 'dark');
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Done: your plan change is scheduled.' }),
  ).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'scheduled-dark');
  const overview = await api.getOk<{
    subscription: { status: string; scheduled_change: { product_name: string } };
  }>('/api/v1/billing/me');
  expect(overview.subscription).toMatchObject({
    status: 'cancelled',
    scheduled_change: { product_name: 'Free' },
  });

  // Choosing the current plan calls the scheduled change off.
  await useThemeMode(page, 'light');
  await page.goto(target('Premium'));
  await expect(page.getByText(/^You keep Premium monthly, and it renews as before on /)).toBeVisible();
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Done: you keep your plan.' })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'kept-light');
  const kept = await api.getOk<{ subscription: { status: string; scheduled_change: unknown } }>(
    '/api/v1/billing/me',
  );
  expect(kept.subscription).toMatchObject({ status: 'active', scheduled_change: null });
  await api.dispose();
});
