import { axe, expect, expectAccessible, snapshot, test } from '../support/fixtures';
import { expectPlaying, waitForCatalogue } from '../support/player';
import { dismissCookieNotice, useThemeMode } from '../support/theme';

test.describe('catalogue pages', () => {
  test.beforeEach(async ({ context, page }) => {
    await dismissCookieNotice(context);
    await waitForCatalogue(page);
  });
  for (const mode of ['light', 'dark'] as const) {
    test(`home, album and artist pages (${mode}): content, axe, screenshots`, { tag: '@visual' }, async ({
      page,
    }) => {
      await page.goto('/discover');
      await useThemeMode(page, mode);
      await expect(page.getByRole('button', { name: /^Play .+/ }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await snapshot(page, `player-home-${mode}`);
      await expectAccessible(page);

      await page.locator('a[href^="/album/"]').first().click();
      await expect(page).toHaveURL(/\/album\/\d+\//);
      await expect(page.getByRole('grid', { name: 'Tracks' }).getByRole('row').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await snapshot(page, `player-album-${mode}`);
      await expectAccessible(page);

      const artistLink = page.locator('main a[href^="/pastor/"]').first();
      const name = (await artistLink.textContent())?.trim() ?? '';
      expect(name.length).toBeGreaterThan(0);
      await artistLink.click();
      await expect(page).toHaveURL(/\/pastor\/\d+\/[^/]+$/);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Popular' })).toBeVisible();
      await expect(page.getByRole('grid', { name: 'Popular tracks' }).getByRole('row').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await snapshot(page, `player-artist-${mode}`);
      await expectAccessible(page);
      await page
        .getByRole('button', { name: `Play ${name}` })
        .first()
        .click();
      await expectPlaying(page);
    });
  }

  // axe's default rule set leaves target-size (WCAG 2.2 AA, 2.5.8) out; Lighthouse counts it.
  test('the player shell stays the same element across player pages (one layout route)', {
    tag: '@mobile',
  }, async ({ page }) => {
    await page.goto('/discover');
    const sidebar = page.getByRole('navigation', { name: 'Player navigation' });
    await expect(sidebar).toBeVisible();
    // Mark the sidebar element: a remounted shell would be a new element without the mark.
    await sidebar.evaluate((nav) => nav.setAttribute('data-test-mark', 'first'));

    await page.locator('main a[href^="/album/"]').first().click();
    await expect(page).toHaveURL(/\/album\/\d+\//);
    await expect(page.getByRole('grid', { name: 'Tracks' })).toBeVisible();

    await page.locator('main a[href^="/pastor/"]').first().click();
    await expect(page).toHaveURL(/\/pastor\/\d+\/[^/]+$/);
    await expect(page.getByRole('heading', { name: 'Popular' })).toBeVisible();

    await sidebar.getByRole('link', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.locator('nav[data-test-mark="first"]')).toHaveCount(1);
    await expect(sidebar).toHaveAttribute('data-test-mark', 'first');
  });

  test('Back returns to where the list was scrolled; a new page opens at the top', async ({ page }) => {
    await page.goto('/discover');
    await expect(page.getByRole('button', { name: /^Play .+/ }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Down the page, to the last album link: a place a listener comes back to.
    const albums = page.locator('main a[href^="/album/"]');
    const last = albums.last();
    await last.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled, 'the discover page is long enough to scroll').toBeGreaterThan(100);

    await last.click();
    await expect(page).toHaveURL(/\/album\/\d+\//);
    await expect(page.getByRole('grid', { name: 'Tracks' }).getByRole('row').first()).toBeVisible();
    expect(await page.evaluate(() => window.scrollY), 'the album opens at its top').toBe(0);

    await page.goBack();
    await expect(page).toHaveURL(/\/discover$/);
    await expect
      .poll(() => page.evaluate(() => window.scrollY), { message: 'Back restores the scroll' })
      .toBe(scrolled);
    await expect(last).toBeInViewport();
  });

  test('track rows: every title, artist and album link is a 24 px target (WCAG 2.5.8)', {
    tag: '@visual',
  }, async ({ page }) => {
    const noSmallTargets = async () => {
      const result = await axe(page).withRules(['target-size']).analyze();
      const where = result.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')));
      expect(where, `on ${page.url()}`).toEqual([]);
    };
    await page.goto('/discover');
    await expect(page.getByRole('grid').first().getByRole('row').first()).toBeVisible();
    await noSmallTargets();
    await page.locator('main a[href^="/pastor/"]').first().click();
    await expect(page.getByRole('grid', { name: 'Popular tracks' }).getByRole('row').first()).toBeVisible();
    await noSmallTargets();
  });

  test('artist page by its URL, and unknown ids end in the 404 page', async ({ page }) => {
    await page.goto('/discover');
    const href = await page.locator('a[href^="/pastor/"]').first().getAttribute('href');
    expect(href).toMatch(/^\/pastor\/\d+\//);
    await page.goto(href ?? '/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Player navigation' }).first()).toBeAttached();
    await page.goto('/pastor/999999/nobody');
    await expect(page.getByText("Looks like you've found the doorway to the great nothing")).toBeVisible();
    await page.goto('/discover/nothing/here');
    await expect(page.getByText("Looks like you've found the doorway to the great nothing")).toBeVisible();
  });
});
