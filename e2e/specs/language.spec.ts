import type { Page } from '@playwright/test';
import { GUEST_LOCALE_COOKIE } from '@zema/contracts';
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

/** The visible words in Latin letters inside `root` (brand names and addresses left out). */
async function englishWords(page: Page, root = 'body'): Promise<string[]> {
  return page.locator(root).evaluate((el) => {
    const words: string[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, [aria-hidden="true"], .sr-only')) continue;
      const box = parent.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      for (const word of node.textContent?.match(/[A-Za-z]{2,}/g) ?? []) words.push(word);
    }
    return words.filter((w) => !['Zema', 'Google', 'Facebook', 'Apple', 'Twitter', 'API'].includes(w));
  });
}

// The sign-in screens are the part of the interface the Amharic catalogue covers whole: a line
// missing from it shows here as an English word.
test('a guest who chose Amharic sees the sign-in, sign-up and reset screens wholly in Amharic', async ({
  page,
  context,
}) => {
  await dismissCookieNotice(context);
  await context.addCookies([
    { name: GUEST_LOCALE_COOKIE, value: 'am', url: test.info().project.use.baseURL ?? '' },
  ]);
  for (const path of ['/login', '/register', '/forgot-password']) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'am');
    expect(await englishWords(page, 'main'), `English left on ${path}`).toEqual([]);
  }
});
