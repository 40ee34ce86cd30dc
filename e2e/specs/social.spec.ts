import { expect, type Page, test } from '@playwright/test';
import type { User } from '@zema/contracts';
import { registerByApi, signInAtProvider, uniqueSocialEmail } from '../support/social-provider';

// SPEC §4 social login popup, against the local OpenID provider that scripts/e2e-server.mjs starts:
// the whole code flow (state + PKCE, token, userinfo) runs for real in Chromium.

const REQUEST_PASSWORD_TEXT =
  'An account with this email address already exists. If you want to connect the two accounts, enter existing account password.';

/** The user of the page's current bootstrap data (the store mirrors it on window). */
function signedInUser(page: Page) {
  return page.evaluate(
    () => (window as { bootstrapData?: { user: User | null } }).bootstrapData?.user ?? null,
  );
}

async function continueWithGoogle(page: Page) {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupOpened;
  // The result page posts to its opener and closes itself, possibly before we get here: checking
  // and subscribing happen in one synchronous step, so the close event cannot slip between them.
  if (!popup.isClosed()) await popup.waitForEvent('close', { timeout: 15_000 });
}

test('a new Google account signs up through the popup and the opener is logged in', async ({
  page,
  context,
}) => {
  const email = uniqueSocialEmail('social-new');
  await signInAtProvider(context, email);
  await page.goto('/login');
  await continueWithGoogle(page);

  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const user = await signedInUser(page);
  expect(user).toMatchObject({ email, social_profiles: [{ service_name: 'google' }] });

  // The session is a real one: a reload stays logged in.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
});

test('an existing email account is connected only after its password is entered', async ({
  page,
  context,
}) => {
  const email = uniqueSocialEmail('social-existing');
  const password = 'existing-password-1';
  await registerByApi(email, password);
  await signInAtProvider(context, email);
  await page.goto('/login');
  await continueWithGoogle(page);

  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(REQUEST_PASSWORD_TEXT);
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);

  await dialog.getByLabel('Password').fill('not-the-password');
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(dialog.getByText('The password is incorrect.')).toBeVisible();

  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const user = await signedInUser(page);
  expect(user).toMatchObject({ email, social_profiles: [{ service_name: 'google' }] });
});
