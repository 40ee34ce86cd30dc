import { expect, expectAccessible, snapshot, test } from '../support/fixtures';
import { expectPlaying } from '../support/player';
import { dismissCookieNotice, useThemeMode } from '../support/theme';

test.describe('landing page trending artists (guest)', () => {
  test.beforeEach(async ({ context }) => {
    await dismissCookieNotice(context);
  });

  test('up to 8 trending artists link to /pastor/{id}/{slug}; Play on a card plays that artist', async ({
    page,
    request,
  }) => {
    const { artists } = (await (await request.get('/api/v1/landing/artists')).json()) as {
      artists: { image_small: string | null }[];
    };
    const shown = Math.min(8, artists.length);
    expect(shown).toBeGreaterThan(0);
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Trending artists' });
    await expect(section).toBeVisible();
    const cards = section.getByRole('listitem');
    await expect(cards).toHaveCount(shown);
    const first = cards.first();
    const link = first.getByRole('link');
    await expect(link).toHaveAttribute('href', /^\/pastor\/\d+\/[\p{L}\p{N}-]+$/u);
    const name = (await link.textContent())?.trim() ?? '';
    expect(name).not.toBe('');
    // Every card with a picture shows it: the artist's own or its first album's cover (SPEC §3
    // Artist). An artist another spec made without any picture can be trending too.
    const pictured = artists.slice(0, shown).filter((a) => a.image_small).length;
    expect(pictured).toBeGreaterThan(0);
    await expect(section.locator('img')).toHaveCount(pictured);

    // The pictures load lazily: bring them on screen before the full-page screenshot.
    await section.scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        section.locator('img').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete)),
      )
      .toBe(true);
    await snapshot(page, 'landing-trending-light');
    await expectAccessible(page);

    await first.getByRole('button', { name: `Play ${name}` }).click();
    await expectPlaying(page);

    await useThemeMode(page, 'dark');
    await expect(page.getByRole('region', { name: 'Trending artists' }).getByRole('listitem')).toHaveCount(
      shown,
    );
    await page.getByRole('region', { name: 'Trending artists' }).scrollIntoViewIfNeeded();
    await snapshot(page, 'landing-trending-dark');
    await expectAccessible(page);

    // The card's link opens the artist page.
    await page.getByRole('region', { name: 'Trending artists' }).getByRole('link', { name }).click();
    await expect(page).toHaveURL(/\/pastor\/\d+\//);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });
});
