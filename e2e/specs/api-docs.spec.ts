import type { Page } from '@playwright/test';
import { ApiSession, uniqueEmail } from '../support/accounts';
import { axe, expect, expectAccessible, snapshot, test } from '../support/fixtures';
import { dismissCookieNotice, useThemeMode } from '../support/theme';

const PASSWORD = 'correct-horse-battery';

/** A new account (role users: api.access) signed in through the API, its cookies handed to the page. */
async function signInNewUser(page: Page): Promise<string> {
  const email = uniqueEmail('api-docs', test.info().project.name);
  const api = await ApiSession.open();
  await api.register(email, PASSWORD);
  const { cookies } = await api.context.storageState();
  await page.context().addCookies(cookies);
  await api.dispose();
  return email;
}

const operation = (page: Page, method: string, path: string) =>
  page.getByRole('article', { name: new RegExp(`^${method} ${path.replace(/[/.]/g, '\\$&')}\\s*:`, 'i') });

/** An operation shows its details once it comes near the viewport: scroll to it as a reader would. */
async function readOperation(page: Page, method: string, path: string) {
  const article = operation(page, method, path);
  await article.scrollIntoViewIfNeeded();
  await expect(article).toHaveAttribute('data-details', 'shown');
  return article;
}

test.describe('API docs', () => {
  test.beforeEach(async ({ context }) => dismissCookieNotice(context));

  test('a visitor is sent to /login', async ({ page }) => {
    await page.goto('/api-docs');
    await expect(page).toHaveURL(/\/login(\?|$)/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeVisible();
  });

  // Functional, once at desktop (the phone's "Jump to" select has its own test below).
  test('a user with api.access reads, searches and copies', async ({ page, context }) => {
    await signInNewUser(page);
    await page.goto('/api-docs');

    await test.step('the introduction and the operations', async () => {
      await expect(page.getByRole('heading', { level: 1, name: 'API documentation' })).toBeVisible();
      const intro = page.getByRole('region', { name: 'Introduction' });
      await expect(intro).toBeVisible();
      await expect(intro.getByRole('link', { name: 'Account settings → Developers' })).toHaveAttribute(
        'href',
        '/account-settings#developers',
      );
      await expect(intro).toContainText('X-XSRF-TOKEN');
      await expect(intro).toContainText('X-HTTP-Method-Override');
      // Details render on demand: the operations far down the page have not rendered theirs yet.
      await expect(page.locator('article[data-details="pending"]').first()).toBeAttached();

      const bootstrap = await readOperation(page, 'GET', '/api/v1/bootstrap-data');
      await expect(bootstrap.getByTestId('operation-access')).toContainText('Anyone');

      const create = await readOperation(page, 'POST', '/api/v1/access-tokens');
      await expect(create.getByTestId('operation-access')).toContainText('api.access');
      await expect(create.getByRole('table', { name: /Request body/ })).toContainText('tokenName');

      const nav = page.getByRole('navigation', { name: 'API operations' });
      await expect(nav.getByRole('link', { name: /get\s*\/api\/v1\/bootstrap-data/i })).toBeVisible();
    });

    const search = page.getByRole('searchbox', { name: 'Search operations' });
    const bootstrap = operation(page, 'GET', '/api/v1/bootstrap-data');
    const verify = operation(page, 'POST', '/api/v1/recaptcha/verify');
    await test.step('search filters the operations', async () => {
      await search.fill('recaptcha');
      await expect(page.getByText(/^1 operation matches/)).toBeVisible();
      await expect(verify).toBeVisible();
      await expect(bootstrap).toHaveCount(0);
      await readOperation(page, 'POST', '/api/v1/recaptcha/verify');
      const tokenRow = verify
        .getByRole('table', { name: /Request body/ })
        .getByRole('row', { name: /token/ });
      await expect(tokenRow).toContainText('required');
    });

    await test.step('the curl example goes on the clipboard', async () => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await verify.getByRole('button', { name: /Copy the curl example/ }).click();
      await expect(verify.getByText('Copied!')).toBeVisible();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toContain('-H "Authorization: Bearer $ZEMA_TOKEN"');
      expect(copied).toContain(`${new URL(page.url()).origin}/api/v1/recaptcha/verify`);
      expect(copied).toContain(`-d '{"token":"string"}'`);
    });

    await search.fill('');
    await expect(bootstrap).toBeVisible();
    await test.step('the whole list: unique ids and names, landmarks, lists', async () => {
      const result = await axe(page, {})
        .withRules([
          'duplicate-id-aria',
          'aria-allowed-attr',
          'landmark-unique',
          'list',
          'listitem',
          'heading-order',
        ])
        .analyze();
      expect(result.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
    });
  });

  // The visual sweep: the page per theme, at each width. axe over all of the operations costs
  // about 10 s a check on this page (hundreds of articles, each the same component): the sweep
  // checks every rule with the list searched down to a few, and the functional test above
  // checks the whole list for the rules that concern it as a whole.
  for (const mode of ['light', 'dark'] as const) {
    test(`the API docs pass axe (${mode}) @visual`, async ({ page }) => {
      await signInNewUser(page);
      await page.goto('/api-docs');
      if (mode === 'dark') await useThemeMode(page, 'dark');
      await expect(page.getByRole('heading', { level: 1, name: 'API documentation' })).toBeVisible();
      const isMobile = (page.viewportSize()?.width ?? 1280) < 1024;
      // The phone has the "Jump to" select instead of the sidebar.
      await expect(page.getByRole('navigation', { name: 'API operations' })).toHaveCount(isMobile ? 0 : 1);
      await snapshot(page, `api-docs-${mode}`);
      await page.getByRole('searchbox', { name: 'Search operations' }).fill('playlists');
      await readOperation(page, 'GET', '/api/v1/playlists/{id}');
      await expectAccessible(page);
    });
  }

  test('jumps to an operation from the sidebar or the select, by keyboard', { tag: '@mobile' }, async ({
    page,
  }) => {
    await signInNewUser(page);
    await page.goto('/api-docs');
    const isMobile = (page.viewportSize()?.width ?? 1280) < 1024;
    const heading = page.getByRole('heading', { level: 3, name: /post \/api\/v1\/recaptcha\/verify/i });
    if (isMobile) {
      const trigger = page.getByRole('button', { name: /Jump to/ });
      await trigger.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('option', { name: /POST \/api\/v1\/recaptcha\/verify/ }).click();
    } else {
      const link = page
        .getByRole('navigation', { name: 'API operations' })
        .getByRole('link', { name: /post\s*\/api\/v1\/recaptcha\/verify/i });
      await link.focus();
      await page.keyboard.press('Enter');
    }
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
    await expect(page).toHaveURL(/#op-post-api-v1-recaptcha-verify$/);
  });
});
