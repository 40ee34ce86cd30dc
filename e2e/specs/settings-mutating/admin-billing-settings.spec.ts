import type { Page } from '@playwright/test';
import { type ApiSession, adminSession } from '../../support/accounts';
import { expect, expectAccessible, snapshot, test } from '../../support/fixtures';
import { dismissCookieNotice, useThemeMode } from '../../support/theme';

/**
 * Billing settings (decision 0042) as an operator uses them: the webhook URLs to paste into
 * Chapa and Stripe, a Chapa key typed in, saved write-only, and ETB checkouts moving to Chapa;
 * then removed again. Settings-mutating: it puts back what it changes.
 */
test.describe.configure({ mode: 'serial' });

let admin: ApiSession;

test.beforeAll(async () => {
  admin = await adminSession();
});

test.afterAll(async () => {
  await admin.setSettings({ 'server.billing.chapa.secret_key': null });
  await admin.dispose();
});

test.beforeEach(async ({ context }) => dismissCookieNotice(context));

async function openBilling(page: Page) {
  await page.context().addCookies((await admin.context.storageState()).cookies);
  await page.goto('/admin/settings/billing');
  await expect(page.getByRole('heading', { level: 1, name: 'Billing settings' })).toBeVisible();
}

test('shows the webhook URLs, saves a Chapa key write-only, and ETB payments go to Chapa', async ({
  page,
}) => {
  await openBilling(page);
  const chapaUrl = page.getByRole('textbox', { name: 'Chapa webhook URL' });
  await expect(chapaUrl).toHaveValue(/\/api\/v1\/billing\/webhooks\/chapa$/);
  await expect(page.getByRole('textbox', { name: 'Stripe webhook URL' })).toHaveValue(
    /\/api\/v1\/billing\/webhooks\/stripe$/,
  );
  await expect(page.getByRole('button', { name: 'Copy chapa webhook url' })).toBeVisible();
  await expect(page.getByTestId('billing-gateways')).toContainText('ETB payments go to Sandbox (test mode)');
  await expectAccessible(page);

  const chapaCard = page.getByRole('region', { name: 'Chapa', exact: true });
  const key = chapaCard.getByRole('textbox', { name: 'Secret key', exact: true });
  await key.fill('CHASECK_TEST-e2e0123456789');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  await expect(key).toHaveValue('');
  await expect(page.getByTestId('billing-gateways')).toContainText('ETB payments go to Chapa');
  await expect(chapaCard.getByText(/^Set\. It is never shown again/)).toBeVisible();
  expect(await page.content()).not.toContain('CHASECK_TEST-e2e0123456789');

  // The operator's view on both sizes and themes.
  for (const mode of ['light', 'dark'] as const) {
    await useThemeMode(page, mode);
    await expect(page.getByRole('heading', { level: 1, name: 'Billing settings' })).toBeVisible();
    for (const [label, size] of [
      ['desktop', { width: 1280, height: 800 }],
      ['375', { width: 375, height: 740 }],
    ] as const) {
      await page.setViewportSize(size);
      await snapshot(page, `admin-billing-settings-${label}-${mode}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  await useThemeMode(page, 'light');

  await chapaCard.getByRole('button', { name: 'Remove secret key' }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  await expect(page.getByTestId('billing-gateways')).toContainText('ETB payments go to Sandbox (test mode)');
});
