import type { LandingArtistsResponse } from '@zema/contracts';
import { expect, expectAccessible, snapshot, test } from '../support/fixtures';
import { dismissCookieNotice, useThemeMode } from '../support/theme';

/** A demo artist's name, from the same API the landing page uses. */
async function someArtist(request: import('@playwright/test').APIRequestContext) {
  const res = await request.get('/api/v1/landing/artists');
  const { artists } = (await res.json()) as LandingArtistsResponse;
  const artist = artists[0];
  if (!artist) throw new Error('the demo catalogue has no artists');
  return artist;
}

test.describe('search (guest)', () => {
  test.beforeEach(async ({ context }) => {
    await dismissCookieNotice(context);
  });

  test('navbar instant results as you type, Enter opens /search/{query}, tabs page by type', async ({
    page,
    request,
  }) => {
    const artist = await someArtist(request);
    // Typing part of the name, with a typo tolerance the server provides.
    const typed = artist.name.slice(0, Math.max(3, Math.ceil(artist.name.length * 0.6)));
    await page.goto('/discover');
    // A light search field stands in until it is reached for; then the combo box takes its place
    // with the focus kept (the JavaScript budget, docs/benchmarks.md).
    // The pointer reaching the stand-in already brings the combo box, which may replace it while
    // the click is under way: click whichever of the two is there.
    const box = page.getByRole('combobox', { name: 'Search' });
    await page.getByRole('searchbox', { name: 'Search' }).or(box).click();
    await expect(box).toBeFocused();
    await box.pressSequentially(typed, { delay: 30 });
    const results = page.getByRole('listbox');
    await expect(results.getByRole('group', { name: 'Artists' })).toBeVisible();
    await expect(results.getByRole('option', { name: new RegExp(artist.name) }).first()).toBeVisible();
    await snapshot(page, 'search-instant');

    // Arrow down + Enter opens the highlighted result.
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/(pastor|album|track|playlist|user)\/\d+\//);

    // Enter with nothing highlighted opens the search page.
    await box.fill('');
    await box.pressSequentially(typed, { delay: 20 });
    await expect(results).toBeVisible();
    await box.press('Enter');
    await expect(page).toHaveURL(`/search/${encodeURIComponent(typed)}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('tab', { name: 'All', selected: true })).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Artists', level: 2 })).toBeVisible();
    await expect(main.getByRole('link', { name: new RegExp(artist.name) }).first()).toBeVisible();
    await snapshot(page, 'search-all-light');
    await expectAccessible(page);

    await main.getByRole('tab', { name: 'Tracks' }).click();
    await expect(page).toHaveURL(`/search/${encodeURIComponent(typed)}/tracks`);
    await expect(main.getByRole('tab', { name: 'Tracks', selected: true })).toBeVisible();
    await expect(main.getByRole('button', { name: /^Play / }).first()).toBeVisible();

    await main.getByRole('tab', { name: 'Artists' }).click();
    await expect(page).toHaveURL(`/search/${encodeURIComponent(typed)}/artists`);
    await expect(main.getByRole('link', { name: new RegExp(artist.name) }).first()).toBeVisible();

    await useThemeMode(page, 'dark');
    await expect(main.getByRole('tab', { name: 'Artists', selected: true })).toBeVisible();
    await snapshot(page, 'search-artists-dark');
    await expectAccessible(page);

    // Nothing found: the empty state says so.
    await page.goto('/search/zzqxwvnothing');
    await expect(page.getByText('No results found for "zzqxwvnothing"')).toBeVisible();
  });
});
