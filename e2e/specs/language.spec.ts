import type { Page } from '@playwright/test';
import { ApiSession, uniqueEmail } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { dismissCookieNotice } from '../support/theme';

// SPEC §2 account settings: choosing a language in account settings switches the interface to it at once (the
// page reloads with the seeded Amharic lines), and choosing English brings English back.

const PASSWORD = 'correct-horse-battery';
const panel = (page: Page) => page.locator('section#location-and-language');

async function chooseLanguage(page: Page, name: string) {
  // The select's own label is not translated yet; match either language to stay robust.
  await panel(page)
    .getByRole('button', { name: /Language|ቋንቋ/ })
    .click();
  await page.getByRole('option', { name, exact: true }).click();
}

test('switching the language to Amharic and back changes the interface language', async ({
  page,
  context,
}) => {
  await dismissCookieNotice(context);
  const email = uniqueEmail('language', test.info().project.name);
  const api = await ApiSession.open();
  await api.register(email, PASSWORD);
  await context.addCookies((await api.context.storageState()).cookies);
  await api.dispose();

  await page.goto('/account-settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await chooseLanguage(page, 'አማርኛ');
  const reloaded = page.waitForEvent('load');
  await panel(page).getByRole('button', { name: 'Save' }).click();
  await reloaded;
  await expect(page.getByRole('heading', { level: 1, name: 'የመለያ ቅንብሮች' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'am');
  await expect(panel(page).getByRole('heading', { name: 'አካባቢ እና ቋንቋ' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'የመለያ ምናሌ' })).toBeVisible();
  // Still Amharic after a fresh load: the choice is the user's, not the tab's.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'የመለያ ቅንብሮች' })).toBeVisible();

  await chooseLanguage(page, 'English');
  const back = page.waitForEvent('load');
  await panel(page).getByRole('button', { name: 'አስቀምጥ' }).click();
  await back;
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
});
