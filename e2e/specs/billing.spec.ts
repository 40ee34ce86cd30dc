import type { Page } from '@playwright/test';
import { type BootstrapData, XSRF_COOKIE, XSRF_HEADER } from '@zema/contracts';
import { ApiSession, signInWith, uniqueEmail } from '../support/accounts';
import { expect, expectAccessible, snapshot, test, withBootstrap } from '../support/fixtures';
import { mailCode, mailsBefore, waitForMail } from '../support/mail';
import { dismissCookieNotice, useThemeMode } from '../support/theme';

const PASSWORD = 'correct-horse-battery';
const HOUSE_AD = '<p>House ad: Zema Premium plays without ads</p>';

/**
 * A house ad in the player's top slot, for this browser only: added to the bootstrap data the page
 * is served with and to the one the app loads again after a payment, so the ad can only go away
 * because the plan grants `ads.disable`, never because the settings changed.
 */
async function withHouseAd(page: Page) {
  const addAd = (data: BootstrapData) => {
    data.settings.ads = { ...data.settings.ads, general_top: HOUSE_AD };
  };
  await withBootstrap(page, addAd);
  await page.route('**/api/v1/bootstrap-data', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { bootstrapData: BootstrapData };
    addAd(body.bootstrapData);
    await route.fulfill({ response: res, json: body });
  });
}

const ad = (page: Page) => page.getByRole('complementary', { name: 'Advertisement' });
const plan = (page: Page, name: string) => page.getByRole('listitem', { name });
const price = (page: Page, name: string) => plan(page, name).getByTestId('plan-price');

/** The cycle selector's radio sits inside its label, which takes the click. */
const cycleOption = (page: Page, cycle: 'Monthly' | 'Yearly') =>
  page.locator('label').filter({ has: page.getByRole('radio', { name: new RegExp(cycle) }) });

async function pickCycle(page: Page, cycle: 'Monthly' | 'Yearly') {
  await cycleOption(page, cycle).click();
  await expect(page.getByRole('radio', { name: new RegExp(cycle) })).toBeChecked();
}

async function pickCurrency(page: Page, label: string) {
  await page.getByRole('button', { name: /Currency/ }).click();
  await page.getByRole('option', { name: label }).click();
  await expect(page.getByRole('button', { name: /Currency/ })).toContainText(label);
}

/** A registered, verified user signed in in this browser. */
async function signedInUser(page: Page, prefix: string): Promise<string> {
  const email = uniqueEmail(prefix, test.info().project.name);
  const api = await ApiSession.open();
  await api.register(email, PASSWORD);
  await signInWith(page, api);
  await api.dispose();
  return email;
}

/** From /pricing, Premium (monthly) to the sandbox's test checkout. */
async function payPremiumInSandbox(page: Page) {
  await page.goto('/pricing');
  await plan(page, 'Premium')
    .getByRole('link', { name: /^Upgrade/ })
    .click();
  await expect(page).toHaveURL(/\/checkout\/\d+\/\d+$/);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/checkout\/sandbox\/zema-/);
  await expect(page.getByText('Test mode: no real money is charged')).toBeVisible();
}

test.describe('paid plans', () => {
  test.beforeEach(async ({ context }) => dismissCookieNotice(context));

  test('a visitor picks Premium yearly, signs up, pays in the sandbox, the ads go; cancelled, the plan lasts until its end, then Free', async ({
    page,
  }) => {
    await withHouseAd(page);
    const email = uniqueEmail('buyer', test.info().project.name);

    await page.goto('/pricing');
    // Birr first (SPEC §2, §9), with the SPEC labels and the yearly saving.
    await expect(page.getByRole('button', { name: /Currency/ })).toContainText('Ethiopian Birr (ETB)');
    await expect(price(page, 'Premium')).toContainText(/ETB\s199\.00/);
    await expect(plan(page, 'Free').getByRole('link', { name: /^Get started/ })).toBeVisible();
    await expect(cycleOption(page, 'Yearly')).toContainText(/Save \d+%/);
    await pickCycle(page, 'Yearly');
    await expect(price(page, 'Premium')).toContainText(/ETB\s1,990\.00/);
    await plan(page, 'Premium')
      .getByRole('link', { name: /^Upgrade/ })
      .click();

    await expect(page).toHaveURL(/\/register\?redirectFrom=pricing$/);
    await expect(
      page.getByRole('heading', { level: 1, name: "First, let's create your account" }),
    ).toBeVisible();
    const seen = await mailsBefore(email);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();
    const mail = await waitForMail(email, { seen, subject: /verif|code/i });
    await page.getByLabel('Code').fill(mailCode(mail));
    await page.getByRole('button', { name: 'Next' }).click();

    // The plan picked before signing up continues to its checkout (SPEC §4).
    await expect(page).toHaveURL(/\/checkout\/\d+\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await expect(page.getByText('Premium', { exact: true })).toBeVisible();
    await expect(page.getByText('Yearly', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: /^Pay ETB\s1,990\.00$/ }).click();

    await expect(page).toHaveURL(/\/checkout\/sandbox\/zema-/);
    await page.getByRole('button', { name: 'Pay successfully' }).click();
    await expect(page).toHaveURL(/\/billing\/return\?tx_ref=zema-/);
    await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();

    // Without a reload: the plan's permissions and the Billing entry are there at once.
    await page.getByRole('link', { name: 'Start listening' }).click();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await expect(ad(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Billing' })).toBeVisible();
    await page.keyboard.press('Escape');
    // And after a reload, from the server's own session.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await expect(ad(page)).toHaveCount(0);

    // Cancels from the billing page: the plan stays (no ads, Billing in the menu) until its end.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Billing' }).click();
    const planCard = page.getByRole('region', { name: 'Premium' });
    await planCard.getByRole('button', { name: 'Cancel plan' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancel your plan?' });
    await confirm.getByRole('button', { name: 'Cancel plan' }).click();
    await expect(confirm).toBeHidden();
    await expect(planCard.getByText(/Valid until /)).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await expect(ad(page)).toHaveCount(0);

    // The clock passes the paid year's end (this user's plan only, decision 0040): back to Free.
    const xsrf = (await page.context().cookies()).find((c) => c.name === XSRF_COOKIE)!.value;
    const moved = await page.request.post('/api/v1/e2e/billing-clock', {
      data: { days: 400 },
      headers: { [XSRF_HEADER]: xsrf },
    });
    expect(moved.ok(), await moved.text()).toBe(true);
    await page.reload();
    await expect(ad(page)).toContainText('House ad');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Account settings' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Billing' })).toHaveCount(0);
    await page.keyboard.press('Escape');
  });

  test('a declined payment says so, offers a retry, and the ads stay', async ({ page }) => {
    await withHouseAd(page);
    await signedInUser(page, 'declined');
    await payPremiumInSandbox(page);
    await page.getByRole('button', { name: 'Fail the payment' }).click();
    await expect(page).toHaveURL(/\/billing\/return\?tx_ref=zema-/);
    await expect(page.getByRole('heading', { name: 'The payment did not go through' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute(
      'href',
      /\/checkout\/\d+\/\d+$/,
    );
    await page.goto('/');
    await expect(ad(page)).toContainText('House ad');
  });

  test('a pending payment keeps being checked, and goes through once the bank answers', async ({ page }) => {
    await signedInUser(page, 'pending');
    await payPremiumInSandbox(page);
    await page.getByRole('button', { name: 'Leave it pending' }).click();
    await expect(page.getByRole('heading', { name: 'Your payment is being processed' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Check again' })).toBeVisible();
    await page.getByRole('button', { name: 'Check again' }).click();
    await expect(page.getByRole('heading', { name: 'Your payment is being processed' })).toBeVisible();
    await page.getByRole('link', { name: 'Open the test checkout' }).click();
    await page.getByRole('button', { name: 'Pay successfully' }).click();
    await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  });

  for (const [mode, currency] of [
    ['light', 'Ethiopian Birr (ETB)'],
    ['dark', 'US Dollar (USD)'],
  ] as const) {
    test(`pricing, checkout, sandbox and return pages are accessible (${mode}, ${currency})`, async ({
      page,
    }) => {
      const tag = `${mode}-${currency.includes('USD') ? 'usd' : 'etb'}`;
      await signedInUser(page, `shots-${mode}`);
      await page.goto('/pricing');
      await useThemeMode(page, mode);
      if (currency.includes('USD')) {
        await pickCurrency(page, currency);
        await expect(price(page, 'Premium')).toContainText('$4.99');
      }
      await expectAccessible(page);
      await snapshot(page, `billing-pricing-${tag}`);

      await plan(page, 'Premium')
        .getByRole('link', { name: /^Upgrade/ })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Pay / })).toContainText(
        currency.includes('USD') ? '$4.99' : /ETB\s199\.00/,
      );
      await expectAccessible(page);
      await snapshot(page, `billing-checkout-${tag}`);

      await page.getByRole('button', { name: /^Pay / }).click();
      await expect(page.getByRole('button', { name: 'Pay successfully' })).toBeVisible();
      await expectAccessible(page);
      await snapshot(page, `billing-sandbox-${tag}`);

      await page.getByRole('button', { name: 'Pay successfully' }).click();
      await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
      await expectAccessible(page);
      await snapshot(page, `billing-return-${tag}`);
    });
  }
});
