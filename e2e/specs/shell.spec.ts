import { ACTIVE_THEME_STORAGE_KEY, type DebugErrorPayload, debugErrorPayloadSchema } from '@zema/contracts';
import { expect, expectAccessible, snapshot, test, withBootstrap } from '../support/fixtures';

test.describe('app shell', () => {
  test('landing page for visitors with navbar, footer and bootstrap data inlined', {
    tag: '@visual',
  }, async ({ page }) => {
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) apiCalls.push(r.url());
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: /log ?in/i }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: /register/i }).first()).toBeVisible();
    await expect(page.getByText(`© ${new Date().getFullYear()} Zema`)).toBeVisible();
    // Bootstrap data came with the HTML: no extra round trip for it.
    expect(apiCalls.filter((u) => u.includes('bootstrap-data'))).toEqual([]);
    await snapshot(page, 'landing-light');
    await expectAccessible(page);
  });

  test('404 page and its way home', { tag: '@visual' }, async ({ page }) => {
    // The server says so too (a real 404 for crawlers and link checkers), and the app explains.
    expect((await page.goto('/no/such/place'))?.status()).toBe(404);
    await expect(page.getByText("Looks like you've found the doorway to the great nothing")).toBeVisible();
    await snapshot(page, 'not-found');
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Take me there!' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('theme toggle switches to dark and survives a reload', { tag: '@visual' }, async ({ page }) => {
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/\bdark\b/);
    await page.getByRole('button', { name: 'Dark mode' }).first().click();
    await expect(html).toHaveClass(/\bdark\b/);
    const stored = await page.evaluate((k) => localStorage.getItem(k), ACTIVE_THEME_STORAGE_KEY);
    expect(stored).toBeTruthy();
    await page.reload();
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('button', { name: 'Light mode' }).first()).toBeVisible();
    await snapshot(page, 'landing-dark');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Light mode' }).first().click();
    await expect(html).not.toHaveClass(/\bdark\b/);
  });

  test('cookie notice: OK hides it for 30 days', async ({ page, context }) => {
    await page.goto('/');
    const notice = page.getByText(/This website uses cookies/);
    await expect(notice).toBeVisible();
    await page.getByRole('button', { name: 'OK', exact: true }).click();
    await expect(notice).toBeHidden();
    const cookie = (await context.cookies()).find((c) => c.name === 'cookie_notice');
    expect(cookie?.value).toBe('true');
    expect(cookie?.path).toBe('/');
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(notice).toBeHidden();
  });

  test('a failed call shows a danger toast with the server message', async ({ page }) => {
    await withBootstrap(page, (d) => {
      d.settings.i18n.enable = true;
    });
    await page.route('**/api/v1/value-lists/**', (route) =>
      route.fulfill({ status: 409, json: { message: 'Languages cannot be listed right now.' } }),
    );
    await page.goto('/');
    const toast = page.getByRole('alert').filter({ hasText: 'Languages cannot be listed right now.' });
    await expect(toast).toBeVisible();
    await snapshot(page, 'toast');
  });

  test('a failure with a debug trace opens the error dialog', async ({ page }) => {
    // The payload's shape is the contract the server's debug mode is tested against.
    const payload: DebugErrorPayload = debugErrorPayloadSchema.parse({
      message: 'Cannot read properties of undefined (reading "language")',
      exception: 'TypeError',
      totalVendorGroups: 1,
      trace: [
        {
          method: 'listLocalizations',
          path: 'apps/server/src/modules/site/value-lists.service.ts',
          lineNumber: 12,
          codeSnippet: {
            '11': 'export async function list() {',
            '12': '  return rows.map((r) => r.language);',
            '13': '}',
          },
          flatIndex: 0,
          isVendor: false,
        },
        {
          vendorGroup: true,
          items: [0, 1, 2].map((i) => ({
            method: `hookRunner${i}`,
            path: 'node_modules/fastify/lib/hooks.js',
            lineNumber: 100 + i,
            codeSnippet: {},
            flatIndex: i + 1,
            isVendor: true,
          })),
        },
      ],
    });
    await withBootstrap(page, (d) => {
      d.settings.i18n.enable = true;
    });
    await page.route('**/api/v1/value-lists/**', (route) => route.fulfill({ status: 500, json: payload }));
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'An error occured' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('TypeError')).toBeVisible();
    await dialog.getByRole('button', { name: '3 vendor frames' }).click();
    await expect(dialog.getByText('hookRunner1')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Download log' })).toHaveAttribute(
      'href',
      /\/api\/v1\/logs\/error\/download-latest$/,
    );
    await snapshot(page, 'error-dialog');
  });
});
