import { ApiSession, adminSession, uniqueEmail } from '../../support/accounts';
import { expect, expectAccessible, snapshot, test } from '../../support/fixtures';
import { mailCode, mailsBefore, waitForMail } from '../../support/mail';
import { dismissCookieNotice, useThemeMode } from '../../support/theme';

/**
 * Tests that change server settings. They run in their own project against a server of their own
 * (playwright.config.ts), one file at a time, and put every setting back afterwards.
 */
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'correct-horse-battery';
let admin: ApiSession;

test.beforeAll(async () => {
  admin = await adminSession();
});

test.afterAll(async () => {
  // Back to the defaults, for whatever runs next.
  await admin.setSettings({ require_email_confirmation: true, 'registration.disable': false });
  await admin.dispose();
});

test.describe('email confirmation required', () => {
  // The cookie notice is the shell's (its own spec); here it would cover the footer in full-page shots.
  test.beforeEach(async ({ context }) => dismissCookieNotice(context));

  test.beforeAll(async () => admin.setSettings({ require_email_confirmation: true }));

  test('register → code from the mail → verify → signed in', async ({ page }) => {
    const email = uniqueEmail('verify', 'settings');
    const seen = await mailsBefore(email);
    await page.goto('/register');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();
    // The address just typed is shown whole in this tab (a typo shows), with a way to change it.
    await expect(
      page.getByText(`Enter the verification code we sent to ${email.toLowerCase()}`),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Change email' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();

    // The gate: every route shows only the verification screen.
    await page.goto('/account-settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);

    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await snapshot(page, `verify-email-light-${width}`);
      await expectAccessible(page);
    }
    await useThemeMode(page, 'dark');
    await expect(page.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();
    await snapshot(page, 'verify-email-dark-375');
    await expectAccessible(page);
    await page.setViewportSize({ width: 1280, height: 800 });

    const code = mailCode(await waitForMail(email, { seen }));
    await page.getByLabel('Code').fill(code);
    await page.getByRole('button', { name: 'Next' }).click();
    // Success reloads the page into the verified session: the route itself shows again.
    await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
    await expect(page).toHaveURL(/\/account-settings$/);
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Verify your email' })).toHaveCount(0);
  });

  test('a resent code replaces the first; a wrong code is refused; log out leaves the gate', async ({
    page,
  }) => {
    const email = uniqueEmail('resend', 'settings');
    let seen = await mailsBefore(email);
    await page.goto('/register');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();
    const first = mailCode(await waitForMail(email, { seen }));

    seen = await mailsBefore(email);
    await page.getByRole('button', { name: 'Resend email' }).click();
    await expect(page.getByText('Email sent')).toBeVisible();
    const second = mailCode(await waitForMail(email, { seen }));

    if (first !== second) {
      await page.getByLabel('Code').fill(first);
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByLabel('Code')).toHaveAttribute('aria-invalid', 'true');
    }

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeVisible();

    // Signing in again still needs the email verified; the second code does it.
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();
    await page.getByLabel('Code').fill(second);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  });
});

test.describe('registration disabled', () => {
  test.beforeAll(async () => admin.setSettings({ 'registration.disable': true }));
  test.afterAll(async () => admin.setSettings({ 'registration.disable': false }));

  test('no Register button or sign-up link, and /register goes to /login', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Login', exact: true }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Register', exact: true })).toHaveCount(0);

    await page.goto('/register?email=someone%40zema.test');
    await expect(page).toHaveURL(/\/login\?email=someone%40zema\.test$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign up.' })).toHaveCount(0);

    const api = await ApiSession.open();
    const res = await api.post('/auth/register', {
      email: uniqueEmail('closed', 'settings'),
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(res.status()).toBe(403);
    await api.dispose();
  });
});
