import type { Page } from '@playwright/test';
import { ApiSession, adminSession, uniqueEmail } from '../support/accounts';
import { expect, expectAccessible, snapshot, test } from '../support/fixtures';
import { dismissCookieNotice, useThemeMode } from '../support/theme';

/**
 * The admin's billing area (decision 0043): a bought price is replaced, not edited (the old one
 * archived); a plan granted by hand; a sandbox payment refunded from the payments page; the revenue charts on the dashboard; every page passes axe
 * in both themes, at 375 px and on the desktop.
 */

type Plan = {
  id: number;
  name: string;
  prices: { id: number; amount: number; archived_at: string | null }[];
};

let admin: ApiSession;
test.beforeAll(async () => {
  admin = await adminSession();
});
test.afterAll(async () => admin?.dispose());
test.beforeEach(async ({ context }) => dismissCookieNotice(context));

async function asAdmin(page: Page) {
  const { cookies } = await admin.context.storageState();
  await page.context().addCookies(cookies);
}

/** A plan of this project's own with one ETB price that a buyer paid for in the sandbox. */
async function boughtPlan(project: string): Promise<{ plan: Plan; priceId: number; txRef: string }> {
  const { plan } = await admin.postOk<{ plan: Plan }>('/api/v1/admin/billing/plans', {
    name: `Studio ${project} ${Date.now().toString(36)}`,
    description: 'For testing the editor',
    feature_list: ['Downloads'],
    permissions: [{ name: 'music.download', restrictions: [] }],
  });
  const added = await admin.postOk<{ price_id: number }>(`/api/v1/admin/billing/plans/${plan.id}/prices`, {
    currency: 'ETB',
    amount: 19_900,
    interval: 'month',
  });
  const buyer = await ApiSession.open();
  const email = uniqueEmail('buyer', project);
  await admin.postOk('/api/v1/admin/users', { email, password: 'buyer-password-1', email_verified: true });
  await buyer.login(email, 'buyer-password-1');
  const started = await buyer.postOk<{ payment: { tx_ref: string } }>('/api/v1/billing/checkout', {
    price_id: added.price_id,
    idempotency_key: `e2e-${project}-${Date.now()}`,
  });
  await buyer.postOk(`/api/v1/billing/sandbox/${started.payment.tx_ref}`, { outcome: 'success' });
  await buyer.dispose();
  return { plan, priceId: added.price_id, txRef: started.payment.tx_ref };
}

test('changing a bought price replaces it: a new price on sale, the old one archived', async ({
  page,
}, info) => {
  const { plan } = await boughtPlan(info.project.name);
  await asAdmin(page);
  await page.goto(`/admin/billing/plans/${plan.id}`);
  await expect(page.getByRole('heading', { level: 1, name: plan.name })).toBeVisible();
  const onSale = page.getByRole('list', { name: 'Prices on sale' });
  await expect(onSale.getByText('1 subscriptions, 1 payments')).toBeVisible();
  await onSale.getByRole('button', { name: /^Change / }).click();
  const dialog = page.getByRole('dialog', { name: 'Change price' });
  await expect(dialog.getByText(/it is archived/)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('249.50');
  await dialog.getByRole('button', { name: 'Replace price' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Price replaced: the old one is archived')).toBeVisible();
  await expect(onSale.getByText(/249\.50/)).toBeVisible();
  await expect(onSale.getByText(/199\.00/)).toHaveCount(0);
  const archived = page.getByRole('list', { name: 'Archived prices' });
  await expect(archived.getByText(/199\.00/)).toBeVisible();
  // The server agrees: the new price is 24 950 santim, the old one archived.
  const { plan: saved } = await admin.getOk<{ plan: Plan }>(`/api/v1/admin/billing/plans/${plan.id}`);
  expect(saved.prices.map((p) => [p.amount, p.archived_at === null])).toEqual([
    [24_950, true],
    [19_900, false],
  ]);
  await expectAccessible(page);
  await snapshot(page, 'admin-billing-plan');
});

test('an admin grants a plan by hand', async ({ page }, info) => {
  const email = uniqueEmail('granted', info.project.name);
  await admin.postOk('/api/v1/admin/users', { email, first_name: 'Granted', email_verified: true });
  await asAdmin(page);
  await page.goto('/admin/billing/subscriptions');
  await expect(page.getByRole('heading', { level: 1, name: 'Subscriptions' })).toBeVisible();
  await page.getByRole('button', { name: 'Grant a plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Grant a plan' });
  await dialog.getByRole('combobox', { name: 'User' }).fill(email);
  // The list first shows the latest users, then the server's answer to the search: pick from that
  // answer (the email is unique), so the list does not change under the click.
  await expect(page.getByRole('option')).toHaveCount(1);
  await page.getByRole('option').filter({ hasText: email }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
  await dialog.getByRole('button', { name: /Plan/ }).click();
  await page.getByRole('option', { name: 'Premium' }).click();
  await dialog.getByRole('textbox', { name: 'Days' }).fill('14');
  await dialog.getByRole('button', { name: 'Grant plan' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Plan granted')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search by user' }).fill(email);
  const row = page.getByRole('row', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Premium')).toBeVisible();
  await expect(row.getByText('Granted by an admin')).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, 'admin-billing-subscriptions-granted');
});

test('an admin refunds a sandbox payment from the payments page and sees it marked refunded', async ({
  page,
}, info) => {
  const { txRef } = await boughtPlan(info.project.name);
  await asAdmin(page);
  await page.goto('/admin/billing/payments');
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search by user or reference' }).fill(txRef);
  const row = page.getByRole('row', { name: new RegExp(txRef) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Paid', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Refund the payment ${txRef}` }).click();

  const dialog = page.getByRole('dialog', { name: /^Refund the payment of / });
  await expect(dialog.getByRole('textbox', { name: /Amount to refund/ })).toHaveValue('199.00');
  await dialog.getByRole('textbox', { name: /Reason/ }).fill('Charged by mistake');
  await dialog.getByText('End the subscription now').click();
  await expect(dialog.getByRole('checkbox', { name: 'End the subscription now' })).toBeChecked();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Payment refunded')).toBeVisible();
  // The list refreshed: refunded, the amount shown, no second refund offered.
  await expect(row.getByText('Refunded', { exact: true })).toBeVisible();
  await expect(row.getByText(/^Refunded .*199\.00/)).toBeVisible();
  await expect(row.getByRole('button', { name: /^Refund the payment/ })).toHaveCount(0);
  // The server agrees, and the plan it paid for has ended.
  const listed = await admin.getOk<{
    data: { status: string; refunded_amount: number; user: { id: number } }[];
  }>(`/api/v1/admin/billing/payments?query=${txRef}`);
  expect(listed.data).toMatchObject([{ status: 'refunded', refunded_amount: 19_900 }]);
  const subs = await admin.getOk<{ data: { status: string }[] }>(
    `/api/v1/admin/billing/subscriptions?user=${listed.data[0]!.user.id}`,
  );
  expect(subs.data).toMatchObject([{ status: 'expired' }]);
  await snapshot(page, 'admin-billing-payment-refunded');
});

test('the billing pages and the revenue charts pass axe, light and dark, with screenshots', {
  tag: '@visual',
}, async ({ page }) => {
  await asAdmin(page);
  const pages: [string, string][] = [
    ['/admin/billing/plans', 'Plans'],
    ['/admin/billing/subscriptions', 'Subscriptions'],
    ['/admin/billing/payments', 'Payments'],
    ['/admin/billing/webhooks', 'Webhooks'],
  ];
  for (const mode of ['light', 'dark'] as const) {
    if (mode === 'dark') await useThemeMode(page, 'dark');
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 2, name: 'Revenue' })).toBeVisible();
    await expect(page.getByText('MRR (ETB)', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('MRR (USD)', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('New, churned and failed renewals').first()).toBeVisible();
    await expect(page.getByText('Loading').first()).toBeHidden();
    await expectAccessible(page);
    await snapshot(page, `admin-billing-dashboard-${mode}`);
    for (const [path, heading] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText('Loading').first()).toBeHidden();
      await expectAccessible(page);
      await snapshot(page, `admin-billing-${path.split('/').at(-1)}-${mode}`);
    }
  }
});
