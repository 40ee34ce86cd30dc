import type { Page } from '@playwright/test';
import { ADMIN, ApiSession, freshTotp, uniqueEmail } from '../support/accounts';
import { expect, expectAccessible, snapshot, test } from '../support/fixtures';
import { mailCode, mailLink, mailsBefore, waitForMail } from '../support/mail';
import { dismissCookieNotice, useThemeMode } from '../support/theme';

const PASSWORD = 'correct-horse-battery';

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function registeredUser(prefix: string): Promise<string> {
  const email = uniqueEmail(prefix, test.info().project.name);
  const api = await ApiSession.open();
  await api.register(email, PASSWORD);
  await api.dispose();
  return email;
}

test.describe('account screens', () => {
  // The cookie notice is the shell's (its own spec); here it would cover the footer in full-page shots.
  test.beforeEach(async ({ context }) => dismissCookieNotice(context));

  for (const mode of ['light', 'dark'] as const) {
    test(`login, register, forgot and reset screens (${mode})`, { tag: '@visual' }, async ({ page }) => {
      await page.goto('/login');
      if (mode === 'dark') await useThemeMode(page, 'dark');

      await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeVisible();
      await expect(page.getByRole('checkbox', { name: 'Stay signed in for a month' })).toBeChecked();
      await expect(page.getByText(`© ${new Date().getFullYear()} Zema`)).toBeVisible();
      await snapshot(page, `login-${mode}`);
      await expectAccessible(page);

      await page.getByRole('link', { name: 'Sign up.' }).click();
      await expect(page).toHaveURL(/\/register$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Create a new account' })).toBeVisible();
      await expect(page.getByText('Already have an account?')).toBeVisible();
      await snapshot(page, `register-${mode}`);
      await expectAccessible(page);

      await page.goto('/register?redirectFrom=pricing&email=invited%40zema.test');
      await expect(
        page.getByRole('heading', { level: 1, name: "First, let's create your account" }),
      ).toBeVisible();
      await expect(page.getByLabel('Email', { exact: true })).toHaveValue('invited@zema.test');
      await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('readonly', '');

      await page.goto('/workspace/join/login');
      await expect(
        page.getByRole('heading', { level: 1, name: 'To join your team on Zema, log in to your account' }),
      ).toBeVisible();

      await page.goto('/forgot-password?email=someone%40zema.test');
      await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
      await expect(page.getByLabel('Email', { exact: true })).toHaveValue('someone@zema.test');
      await snapshot(page, `forgot-password-${mode}`);
      await expectAccessible(page);

      await page.goto('/password/reset/not-a-real-token?email=someone%40zema.test');
      await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
      await snapshot(page, `reset-password-${mode}`);
      await expectAccessible(page);
    });
  }

  test('the form path works from the keyboard alone', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Forgot your password?' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('checkbox', { name: 'Stay signed in for a month' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Continue', exact: true })).toBeFocused();
    // Submitting empty shows the required messages and focuses the first field with an error.
    await page.keyboard.press('Enter');
    await expect(page.getByText('The email field is required.')).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
  });
});

test.describe('accounts', () => {
  test('register through the form, verify with the mailed code, log out, sign in again', async ({ page }) => {
    const email = uniqueEmail('signup', test.info().project.name);
    const seen = await mailsBefore(email);
    await page.goto('/register');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    // Email confirmation is on by default: the code arrives in the mail outbox (DATA_DIR/mail).
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();
    const mail = await waitForMail(email, { seen, subject: /verif|code/i });
    await page.getByLabel('Code').fill(mailCode(mail));
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await logOut(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeVisible();
    // Signing in again with the same credentials works.
    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/$/);
  });

  test('registering an email twice puts the server error on the email field', async ({ page }) => {
    const email = await registeredUser('taken');
    await page.goto('/register');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('login with two-factor: an authenticator code, then a recovery code', async ({ page }) => {
    const email = uniqueEmail('twofactor', test.info().project.name);
    const api = await ApiSession.open();
    await api.register(email, PASSWORD);
    const { secret, recoveryCodes, usedCode } = await api.enableTwoFactor(PASSWORD);
    await api.dispose();
    expect(recoveryCodes[0]).toMatch(/^[A-Za-z0-9]{10}-[A-Za-z0-9]{10}$/);

    await page.goto('/login');
    await signIn(page, email, PASSWORD);
    await expect(page.getByRole('heading', { level: 1, name: 'Two-factor authentication' })).toBeVisible();
    const code = page.getByLabel('Code');
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await snapshot(page, 'two-factor-challenge');
    await expectAccessible(page);

    // A wrong code stays on the challenge with the server's message on the field.
    await code.fill(usedCode === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(code).toHaveAttribute('aria-invalid', 'true');

    await code.fill(await freshTotp(secret, usedCode));
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await logOut(page);

    await signIn(page, email, PASSWORD);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  });

  test('forgot password → mail → reset: the old password is rejected, the new one works', async ({
    page,
  }) => {
    const email = await registeredUser('reset');
    const seen = await mailsBefore(email);
    const newPassword = 'a-brand-new-password';

    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password\?email=/);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: /reset/i })).toBeVisible();

    const mail = await waitForMail(email, { seen, subject: /reset/i });
    await page.goto(mailLink(mail, /^\/password\/reset\//));
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
    await page.getByLabel('New password').fill(newPassword);
    await page.getByLabel('Confirm password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Your password has been reset.')).toBeVisible();

    await signIn(page, email, PASSWORD);
    await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  });

  test('the seeded admin lands on /admin after login', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('a redirect target is followed after login', async ({ page }) => {
    const email = await registeredUser('redirect');
    await page.goto('/account-settings');
    await expect(page).toHaveURL(/\/login\?redirect=%2Faccount-settings$/);
    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/account-settings$/);
  });
});
