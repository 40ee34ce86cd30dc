import type { Page } from '@playwright/test';
import { ACTIVE_THEME_STORAGE_KEY, type LandingArtistsResponse } from '@zema/contracts';
import { ApiSession, uniqueEmail } from '../support/accounts';
import { expect, test } from '../support/fixtures';

// The server sends a strict Content Security Policy (scripts and styles from our origin, inline
// ones only with the page's nonce). Anything the page or a library adds inline without the nonce
// is blocked: the stored theme would not be applied before first paint, a style would be missing.
// Every main page is visited with a stored dark theme, so the early theme script really runs.

type Violation = { directive: string; blocked: string; source: string; page: string };

declare global {
  interface Window {
    __cspViolations: Violation[];
  }
}

async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript((key) => {
    localStorage.setItem(key, 'dark');
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations.push({
        directive: e.violatedDirective,
        blocked: e.blockedURI,
        source: `${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
        page: location.pathname,
      });
    });
  }, ACTIVE_THEME_STORAGE_KEY);
  const console: string[] = [];
  page.on('console', (msg) => {
    if (/Content[ -]Security[ -]Policy/i.test(msg.text())) console.push(`${page.url()}: ${msg.text()}`);
  });
  return async () => {
    const events = await page.evaluate(() => window.__cspViolations);
    return [
      ...events.map((v) => `${v.page}: ${v.directive} blocked ${v.blocked || '(inline)'} at ${v.source}`),
      ...console,
    ];
  };
}

/** Visits `path`, waits until the page shows `ready`, and expects no CSP violation on the way. */
async function visit(page: Page, violations: () => Promise<string[]>, path: string, ready: RegExp | string) {
  await test.step(path, async () => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: ready }).first()).toBeVisible();
    // Applied by the early inline script (and kept by the app): it only runs with the nonce.
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    expect(await violations()).toEqual([]);
  });
}

test.describe('Content Security Policy', () => {
  test('no violation on the main pages, for a visitor and a signed-in user', async ({ page, context }) => {
    const violations = await watchCsp(page);
    const api = await ApiSession.open();
    try {
      const { artists } = await api.getOk<LandingArtistsResponse>('/api/v1/landing/artists');
      const artist = artists.find((a) => a.albums.length > 0)!;
      const album = artist.albums[0]!;

      await visit(page, violations, '/', /.+/);
      await visit(page, violations, '/discover', /.+/);
      await visit(page, violations, `/pastor/${artist.id}/x`, artist.name);
      await visit(page, violations, `/album/${album.id}/x`, album.name);
      await visit(page, violations, `/search/${encodeURIComponent(artist.name)}`, /.+/);
      await visit(page, violations, '/login', /.+/);
      await visit(page, violations, '/register', /.+/);

      const email = uniqueEmail('csp', test.info().project.name);
      await api.register(email, 'correct-horse-battery');
      await context.addCookies((await api.context.storageState()).cookies);
      await visit(page, violations, '/account-settings', 'Account settings');
      await visit(page, violations, '/discover', /.+/);
    } finally {
      await api.dispose();
    }
  });
});
