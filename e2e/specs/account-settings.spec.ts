import type { BrowserContext, Locator, Page, Route } from '@playwright/test';
import { ApiSession, freshTotp, totp, uniqueEmail } from '../support/accounts';
import { expect, expectAccessible, expectDialogAccessible, snapshot, test } from '../support/fixtures';
import { solidPng } from '../support/png';
import { dismissCookieNotice, useThemeMode } from '../support/theme';

const PASSWORD = 'correct-horse-battery';
const PANELS = [
  'account-details',
  'password',
  'two-factor',
  'sessions',
  'location-and-language',
  'developers',
  'delete-account',
];

/** A new account (registered and email-verified through the API) signed in inside `context`. */
async function signedInUser(context: BrowserContext, prefix: string): Promise<string> {
  const email = uniqueEmail(prefix, test.info().project.name);
  const api = await ApiSession.open();
  await api.register(email, PASSWORD);
  const { cookies } = await api.context.storageState();
  await api.dispose();
  await context.addCookies(cookies);
  return email;
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

async function openSettings(page: Page) {
  await page.goto('/account-settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  await expect(page.getByLabel('First name')).toBeVisible();
}

const panel = (page: Page, id: string) => page.locator(`section#${id}`);

/**
 * Answers the password confirmation dialog. A new session has not confirmed its password (the
 * server sets that only on confirm-password, SPEC §9), so sensitive actions always ask first.
 */
async function confirmPassword(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Confirm password' });
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
}

/** Types into a searchable select until the wanted option shows, then picks it from the keyboard. */
async function pick(page: Page, combo: Locator, text: string, option: string | RegExp) {
  const choice = page.getByRole('option', { name: option }).first();
  // As a person would: bring the field up the screen first, so its list has room below it.
  await combo.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await expect(async () => {
    await combo.click();
    await combo.press('ControlOrMeta+a');
    await combo.pressSequentially(text, { delay: 20 });
    await expect(choice).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  // The keyboard path: the first match, then Enter.
  await combo.press('ArrowDown');
  await combo.press('Enter');
  await expect(combo).toHaveValue(option);
}

test.beforeEach(async ({ context }) => dismissCookieNotice(context));

test.describe('account settings page', () => {
  for (const mode of ['light', 'dark'] as const) {
    test(`every panel, the sidebar by width, axe (${mode})`, {
      tag: mode === 'light' ? '@mobile' : [],
    }, async ({ page, context }) => {
      await signedInUser(context, `panels-${mode}`);
      await openSettings(page);
      if (mode === 'dark') {
        await useThemeMode(page, 'dark');
        await expect(page.getByLabel('First name')).toBeVisible();
      }
      for (const id of PANELS) await expect(panel(page, id)).toBeVisible();
      await expect(panel(page, 'sessions').getByText('This device')).toBeVisible();
      await expect(panel(page, 'location-and-language').getByRole('button', { name: 'Save' })).toBeVisible();

      const sidebar = page.getByRole('navigation', { name: 'Account settings sections' });
      const wide = (page.viewportSize()?.width ?? 0) >= 1024;
      if (wide) {
        await expect(sidebar).toBeVisible();
        await sidebar.getByRole('link', { name: 'Delete account' }).click();
        await expect(page).toHaveURL(/#delete-account$/);
        await expect(panel(page, 'delete-account')).toBeInViewport();
        await expect(sidebar.getByRole('link', { name: 'Delete account' })).toHaveAttribute(
          'aria-current',
          'location',
        );
      } else {
        await expect(sidebar).toHaveCount(0);
        // Nothing sticks out sideways at 375 px.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await snapshot(page, `account-settings-${mode}`);
      await expectAccessible(page);

      // The dialogs: create token (then the shown-once token) and delete account.
      await panel(page, 'developers').getByRole('button', { name: 'Create token' }).click();
      const create = page.getByRole('dialog', { name: 'Create token' });
      await create.getByLabel('Token name').fill('Screenshot token');
      await create.getByRole('button', { name: 'Create' }).click();
      const created = page.getByRole('dialog', { name: 'Token created' });
      await expect(created.getByText("You won't be able to see it again.", { exact: false })).toBeVisible();
      await snapshot(page, `account-settings-token-${mode}`);
      await expectDialogAccessible(page);
      await created.getByRole('button', { name: 'Done' }).click();

      await panel(page, 'delete-account').getByRole('button', { name: 'Delete account' }).click();
      await expect(page.getByRole('alertdialog', { name: 'Delete account' })).toBeVisible();
      await snapshot(page, `account-settings-delete-${mode}`);
      await expectDialogAccessible(page);
    });
  }
});

test.describe('account settings flows', () => {
  test('change name and avatar', async ({ page, context }) => {
    await signedInUser(context, 'details');
    await openSettings(page);
    const details = panel(page, 'account-details');
    await details.getByLabel('First name').fill('Tirunesh');
    await details.getByLabel('Last name').fill('Dibaba');
    await details.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Updated account details')).toBeVisible();

    // Nothing chosen, then a real PNG made here.
    await details.getByRole('button', { name: 'Upload' }).click();
    await expect(details.getByRole('alert')).toHaveText('Please select an image.');
    await details.getByLabel(/Choose an image/).setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: solidPng(64, [220, 40, 60]),
    });
    // Through the upload queue: one plain POST file-entries (held back to look at its progress
    // row), then the avatar is set from that entry.
    const held: Route[] = [];
    await page.route('**/api/v1/file-entries', (route) => {
      if (held.length === 0 && route.request().method() === 'POST') held.push(route);
      else return route.continue();
    });
    await details.getByRole('button', { name: 'Upload' }).click();
    await expect.poll(() => held.length).toBe(1);
    await expect(details.getByRole('list', { name: 'Upload' }).getByText('me.png')).toBeVisible();
    await expect(details.getByRole('button', { name: 'Cancel me.png' })).toBeVisible();
    await snapshot(page, 'account-avatar-uploading');
    const setAvatar = page.waitForRequest(
      (req) => req.method() === 'POST' && /\/api\/v1\/users\/[^/]+\/avatar$/.test(req.url()),
    );
    await held[0]!.continue();
    expect((await setAvatar).postDataJSON()).toEqual({ file_entry_id: expect.any(Number) });
    await expect(page.getByText('Uploaded avatar')).toBeVisible();
    await expect(details.getByRole('list', { name: 'Upload' })).toHaveCount(0);
    const avatar = details.locator('img').first();
    await expect(avatar).toBeVisible();
    await expect
      .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    // The navbar follows at once.
    await expect(page.getByRole('button', { name: 'Account menu' }).locator('img')).toBeVisible();

    await page.reload();
    await expect(details.getByLabel('First name')).toHaveValue('Tirunesh');
    await expect(details.getByLabel('Last name')).toHaveValue('Dibaba');
    await details.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Removed avatar')).toBeVisible();
    await expect(details.getByRole('button', { name: 'Remove' })).toHaveCount(0);
  });

  test('two-factor on with an authenticator, then sign in with a code and with a recovery code; log out other sessions', async ({
    page,
    context,
    browser,
  }) => {
    const email = await signedInUser(context, 'twofactor');
    await openSettings(page);
    const twoFactor = panel(page, 'two-factor');
    const { secret, usedCode, codes } = await test.step('turn two-factor on', async () => {
      await expect(twoFactor.getByText('You have not enabled two-factor authentication.')).toBeVisible();
      await twoFactor.getByRole('button', { name: 'Enable' }).click();
      await confirmPassword(page);
      await expect(twoFactor.getByRole('img', { name: /QR code/ })).toBeVisible();
      const secret = await twoFactor.getByLabel('Setup key', { exact: true }).inputValue();
      expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
      const usedCode = totp(secret);
      await twoFactor.getByLabel('Code').fill(usedCode);
      await twoFactor.getByRole('button', { name: 'Confirm' }).click();
      await expect(twoFactor.getByText('You have enabled two-factor authentication.')).toBeVisible();
      const codes = await twoFactor
        .getByRole('list', { name: 'Recovery codes' })
        .getByRole('listitem')
        .allTextContents();
      expect(codes).toHaveLength(8);
      await snapshot(page, 'account-settings-two-factor-enabled');
      return { secret, usedCode, codes };
    });

    const second = await browser.newContext();
    const other = await second.newPage();
    await test.step('a second browser signs in with a code from oathtool', async () => {
      await dismissCookieNotice(second);
      await signIn(other, email, PASSWORD);
      await other.getByLabel('Code').fill(await freshTotp(secret, usedCode));
      await other.getByRole('button', { name: 'Continue', exact: true }).click();
      await expect(other.getByRole('button', { name: 'Account menu' })).toBeVisible();
    });

    const third = await browser.newContext();
    const recovery = await third.newPage();
    await test.step('a third browser signs in with a recovery code', async () => {
      await dismissCookieNotice(third);
      await signIn(recovery, email, PASSWORD);
      await recovery.getByRole('button', { name: 'Use a recovery code' }).click();
      await recovery.getByLabel('Recovery code').fill(codes[0] ?? '');
      await recovery.getByRole('button', { name: 'Continue', exact: true }).click();
      await expect(recovery.getByRole('button', { name: 'Account menu' })).toBeVisible();
    });

    await test.step('the first browser lists the sessions and logs out the others', async () => {
      await page.reload();
      const sessions = panel(page, 'sessions');
      const rows = sessions.getByRole('list', { name: 'Sessions' }).getByRole('listitem');
      await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(3);
      await expect(sessions.getByText('This device')).toHaveCount(1);
      await expect(sessions.getByText(/Unknown location/).first()).toBeVisible();

      await sessions.getByRole('button', { name: 'Log out other sessions' }).click();
      const logout = page.getByRole('dialog', { name: 'Log out other sessions' });
      await logout.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await logout.getByRole('button', { name: 'Log out other sessions' }).click();
      await expect(page.getByText('Logged out other sessions')).toBeVisible();
      await expect(rows).toHaveCount(1);
    });

    await test.step('the other browsers are signed out on their next request', async () => {
      await other.goto('/account-settings');
      await expect(other).toHaveURL(/\/login\?redirect=/);
      await recovery.goto('/account-settings');
      await expect(recovery).toHaveURL(/\/login\?redirect=/);
    });
    await second.close();
    await third.close();
  });

  test('create a token, call the API with it, delete it', async ({ page, context, playwright }) => {
    const email = await signedInUser(context, 'token');
    await openSettings(page);
    const developers = panel(page, 'developers');
    await expect(developers.getByText('You have no API tokens yet.')).toBeVisible();
    await developers.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create token' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('The token name field is required.')).toBeVisible();
    await dialog.getByLabel('Token name').fill('curl');
    await dialog.getByRole('button', { name: 'Create' }).click();
    const created = page.getByRole('dialog', { name: 'Token created' });
    const token = await created.getByLabel('Your new token').inputValue();
    expect(token.length).toBeGreaterThan(20);
    await created.getByRole('button', { name: 'Copy token' }).click();
    await expect(created.getByText('Copied!')).toBeVisible();
    // 'Copied!' for a second (SPEC §4), then the label again.
    await expect(created.getByText('Copied!')).toHaveCount(0);
    await created.getByRole('button', { name: 'Done' }).click();
    await expect(developers.getByText('curl')).toBeVisible();
    await expect(developers.getByText('Last used Never')).toBeVisible();

    // Like curl: no cookies, only the bearer token.
    const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
    const me = await api.get('/api/v1/users/me', { headers });
    expect(me.status()).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(email);

    await page.reload();
    await expect(developers.getByText(/Last used (just now|\d+ (seconds?|minutes?) ago)/)).toBeVisible();
    const confirmDelete = page.getByRole('alertdialog', { name: 'Delete token' });
    // Panels above may still change height (late images, the sessions list) and move the button
    // between pointer down and up, which cancels the press: press it until the dialog is open.
    await expect(async () => {
      if (!(await confirmDelete.isVisible())) {
        await developers.getByRole('button', { name: 'Delete token curl' }).click({ timeout: 5_000 });
      }
      await expect(confirmDelete).toBeVisible({ timeout: 2_000 });
    }).toPass();
    await confirmDelete.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Deleted token')).toBeVisible();
    expect((await api.get('/api/v1/users/me', { headers })).status()).toBe(401);
    await api.dispose();
  });

  test('time zone, country and language are saved', async ({ page, context }) => {
    await signedInUser(context, 'locale');
    await openSettings(page);
    const location = panel(page, 'location-and-language');
    await pick(page, location.getByRole('combobox', { name: 'Country' }), 'Ethiop', 'Ethiopia');
    await pick(page, location.getByRole('combobox', { name: 'Time zone' }), 'Addis', /Addis Ababa/);
    await location.getByRole('button', { name: /Language/ }).click();
    const languages = await page.getByRole('option').allTextContents();
    await page.getByRole('option', { name: 'English' }).click();
    const saved = page.waitForRequest((r) => r.url().includes('/api/v1/users/me?') && r.method() === 'POST');
    await location.getByRole('button', { name: 'Save' }).click();
    const body = (await saved).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({
      country: expect.any(String),
      timezone: expect.stringContaining('Addis_Ababa'),
      language: 'en',
    });
    await expect(page.getByText('Updated account details')).toBeVisible();
    // English is already the language, so nothing reloads; language.spec.ts switches to Amharic.
    expect(languages.length).toBeGreaterThanOrEqual(1);
    await page.reload();
    await expect(location.getByRole('combobox', { name: 'Country' })).toHaveValue('Ethiopia');
    await expect(location.getByRole('combobox', { name: 'Time zone' })).toHaveValue(/Addis Ababa/);
  });

  test('delete the account, after which signing in fails', async ({ page, context }) => {
    const email = await signedInUser(context, 'delete');
    await openSettings(page);
    await panel(page, 'delete-account').getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete account' });
    await expect(dialog.getByRole('button', { name: 'Delete account' })).toBeDisabled();
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await confirmPassword(page);
    // The login screen (RequireAuth may add ?redirect=/account-settings as the session ends).
    await expect(page).toHaveURL(/\/login(\?redirect=%2Faccount-settings)?$/);
    await signIn(page, email, PASSWORD);
    await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
  });
});
