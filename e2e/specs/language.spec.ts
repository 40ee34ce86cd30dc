import type { Page } from '@playwright/test';
import { GUEST_LOCALE_COOKIE } from '@zema/contracts';
import { ApiSession, uniqueEmail } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { dismissCookieNotice } from '../support/theme';

// SPEC §2 account settings: choosing a language in account settings switches the interface to it at once,
// without a reload (the app fetches the language's lines), and choosing English brings English back.

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

  // A mark on the window: a reload would lose it.
  await page.evaluate(() => Object.assign(window, { zemaNoReload: true }));
  await chooseLanguage(page, 'አማርኛ');
  await panel(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'የመለያ ቅንብሮች' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'am');
  await expect(panel(page).getByRole('heading', { name: 'አካባቢ እና ቋንቋ' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'የመለያ ምናሌ' })).toBeVisible();
  expect(await page.evaluate(() => (window as { zemaNoReload?: boolean }).zemaNoReload)).toBe(true);
  // Still Amharic after a fresh load: the choice is the user's, not the tab's.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'የመለያ ቅንብሮች' })).toBeVisible();

  await chooseLanguage(page, 'English');
  await panel(page).getByRole('button', { name: 'አስቀምጥ' }).click();
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

test('a visitor who picks Amharic in the footer gets it at once, and in the first paint of the next page', async ({
  page,
  context,
}) => {
  await dismissCookieNotice(context);
  await page.goto('/pricing');
  await page.evaluate(() => Object.assign(window, { zemaNoReload: true }));
  await page.getByRole('button', { name: 'Language: English' }).click();
  await page
    .getByRole('menuitemradio', { name: 'አማርኛ' })
    .or(page.getByRole('menuitem', { name: 'አማርኛ' }))
    .click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'am');
  await expect(page.getByRole('button', { name: 'ቋንቋ፦ አማርኛ' })).toBeVisible();
  expect(await page.evaluate(() => (window as { zemaNoReload?: boolean }).zemaNoReload)).toBe(true);
  // The choice is a cookie the server reads: the next page's HTML is Amharic before any script runs.
  const served = await (await page.request.get('/login')).text();
  expect(served).toMatch(/<html[^>]* lang="am"/);
  expect(served).toContain('ወደ መለያዎ ይግቡ');
});
