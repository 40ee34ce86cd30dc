import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { ApiSession, signInWith, uniqueEmail } from '../support/accounts';
import { subscribePremium } from '../support/billing';
import { expect, expectAccessible, snapshot, test } from '../support/fixtures';
import { dismissCookieNotice, useThemeMode } from '../support/theme';

// /billing and the invoices. The plan is bought through the API (the sandbox's
// own pages belong to the checkout); the page, the invoice, its PDF in Amharic, cancelling and the
// plan's end are then driven here. Time passes for this user's plan only, through the e2e
// server's own route (decision 0040), so the desktop and mobile runs never see each other's.

const PASSWORD = 'billing-page-password-1';

async function accountMenuHasBilling(page: Page, name = 'Billing') {
  await page.getByRole('button', { name: /Account menu|የመለያ ምናሌ/ }).click();
  const menu = page.getByRole('menu');
  // The menu's items are all there once its last fixed entry is.
  await expect(menu.getByRole('menuitem', { name: 'Account settings' })).toBeVisible();
  const has = (await menu.getByRole('menuitem', { name }).count()) > 0;
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  return has;
}

test('a subscriber sees the plan, prints and downloads an invoice in Amharic, cancels, and is back on Free after the end', async ({
  page,
  context,
}) => {
  const project = test.info().project.name;
  await dismissCookieNotice(context);
  const api = await ApiSession.open();
  await api.register(uniqueEmail('billing', project), PASSWORD);
  await subscribePremium(api);
  await signInWith(page, api);

  // The plan: name, status, when it is paid until, how it was paid; and the invoice.
  await page.goto('/billing');
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  const plan = page.getByRole('region', { name: 'Premium' });
  await expect(plan.getByText('Active', { exact: true })).toBeVisible();
  await expect(plan.getByText(/Paid until /)).toBeVisible();
  await expect(plan.getByText('Sandbox (test mode)')).toBeVisible();
  const invoices = page.getByRole('table');
  await expect(invoices.getByRole('row')).toHaveCount(2);
  await expect(invoices.getByRole('cell', { name: /ETB\s*199\.00/ })).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, 'billing-page-light');
  await useThemeMode(page, 'dark');
  await expect(plan.getByText('Active', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, 'billing-page-dark');
  await useThemeMode(page, 'light');

  // The printable invoice: same content, a Print button that prints.
  await invoices.getByRole('link', { name: /View invoice/ }).click();
  await expect(page).toHaveURL(/\/billing\/invoices\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Invoice' })).toBeVisible();
  await expect(page.getByText('VAT (15%)')).toBeVisible();
  await expect(page.getByText('Prices include VAT.')).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await page.getByRole('button', { name: 'Print' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await expectAccessible(page);
  await snapshot(page, 'billing-invoice-light');
  await page.emulateMedia({ media: 'print' });
  await snapshot(page, 'billing-invoice-print');
  await page.emulateMedia({ media: 'screen' });

  // In Amharic: the page and the PDF follow the reader's language.
  await api.postOk('/api/v1/users/me/locale', { locale: 'am' });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'ደረሰኝ' })).toBeVisible();
  await useThemeMode(page, 'dark');
  await expect(page.getByRole('heading', { level: 1, name: 'ደረሰኝ' })).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, 'billing-invoice-am-dark');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'PDF አውርድ' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^invoice-ZEMA-\d{4}-\d{6}-am\.pdf$/);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.toString('latin1')).toContain('/Lang (am)');
  await useThemeMode(page, 'light');
  await api.postOk('/api/v1/users/me/locale', { locale: 'en' });

  // Cancel: confirmed, at the period's end; the plan (and the Billing entry) stays until then.
  await page.goto('/billing');
  await plan.getByRole('button', { name: 'Cancel plan' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Cancel your plan?' });
  await expect(dialog.getByText(/You keep Premium until /)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel plan' }).click();
  await expect(dialog).toBeHidden();
  await expect(plan.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(plan.getByText(/Valid until /)).toBeVisible();
  await expect(plan.getByRole('button', { name: 'Resume plan' })).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, 'billing-page-cancelled');
  await page.reload();
  expect(await accountMenuHasBilling(page)).toBe(true);

  // Time passes the period's end: the plan is over, back to Free, no Billing entry.
  await api.postOk('/api/v1/e2e/billing-clock', { days: 40 });
  await page.reload();
  await expect(page.getByText('You have no plan yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/pricing');
  // The invoice stays.
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
  expect(await accountMenuHasBilling(page)).toBe(false);
  await expectAccessible(page);
  await snapshot(page, 'billing-page-free');
  await api.dispose();
});

test('a reader who chose the Ethiopian calendar reads billing dates in it', async ({ page, context }) => {
  await dismissCookieNotice(context);
  const api = await ApiSession.open();
  await api.register(uniqueEmail('calendar', test.info().project.name), PASSWORD);
  await subscribePremium(api);
  await api.putOk('/api/v1/users/me', { calendar: 'ethiopic' });
  await signInWith(page, api);
  await page.goto('/billing');
  // "Tahsas 19, 2019 AM": an Ethiopian month, and the year seven or eight behind the Gregorian one.
  const year = new Date().getFullYear();
  const plan = page.getByRole('region', { name: 'Premium' });
  await expect(
    plan.getByText(new RegExp(`^Paid until [A-Z][a-z]+ \\d{1,2}, (${year - 8}|${year - 7}) AM$`)),
  ).toBeVisible();
});
