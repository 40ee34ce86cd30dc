import type { Locator, Page } from '@playwright/test';
import { ApiSession, uniqueEmail } from '../support/accounts';
import { expect, screenshotsWanted, test } from '../support/fixtures';
import { waitForCatalogue } from '../support/player';
import { useThemeMode } from '../support/theme';

/** True when the element under the centre of `target` is `target` itself or inside it. */
async function isOnTop(target: Locator): Promise<boolean> {
  return target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return top !== null && el.contains(top);
  });
}

function overlap(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function playFirstTrack(page: Page) {
  await page.goto('/discover');
  await page
    .getByRole('button', { name: /^Play .+/ })
    .first()
    .click();
  await expect(
    page.getByRole('region', { name: 'Player' }).getByRole('button', { name: 'Pause' }),
  ).toBeVisible();
}

test.describe('the player bar and what else sits at the bottom of the screen', () => {
  test.beforeEach(async ({ page }) => waitForCatalogue(page));

  test('the cookie notice sits above the player layout and its OK button takes the click', {
    tag: '@mobile',
  }, async ({ page }) => {
    await playFirstTrack(page);
    const ok = page.getByRole('button', { name: 'OK', exact: true });
    await expect(ok).toBeVisible();
    await expect.poll(() => isOnTop(ok)).toBe(true);
    const player = page.getByRole('region', { name: 'Player' });
    expect(overlap((await ok.boundingBox())!, (await player.boundingBox())!)).toBe(false);
    // Nor does the notice cover the player: every control of the bar takes its click.
    for (const control of await player.getByRole('button').all()) expect(await isOnTop(control)).toBe(true);
    for (const mode of ['light', 'dark'] as const) {
      await useThemeMode(page, mode);
      await expect(page.getByRole('button', { name: /^Play .+/ }).first()).toBeVisible();
      await expect(ok).toBeVisible();
      if (screenshotsWanted)
        await page.screenshot({
          path: `e2e/.artifacts/screens/cookie-notice-player-${mode}-${test.info().project.name}.png`,
        });
    }
    await ok.click();
    await expect(ok).toBeHidden();
  });

  test('the cookie notice sits above the compact player outside the player layout', {
    tag: '@mobile',
  }, async ({ page }) => {
    await playFirstTrack(page);
    // The logo leads home, the landing page for a visitor: the music goes on in the compact bar.
    await page.getByRole('link', { name: 'Zema home' }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const player = page.getByRole('region', { name: 'Player' });
    await expect(player).toBeVisible();
    const ok = page.getByRole('button', { name: 'OK', exact: true });
    await expect(ok).toBeVisible();
    // The notice is sticky: until the landing page below it has rendered, it sits in the flow and
    // may cross the bar for a moment; what is checked is where it settles.
    await expect
      .poll(
        async () => (await isOnTop(ok)) && !overlap((await ok.boundingBox())!, (await player.boundingBox())!),
      )
      .toBe(true);
    if (screenshotsWanted)
      await page.screenshot({
        path: `e2e/.artifacts/screens/cookie-notice-compact-player-${test.info().project.name}.png`,
      });
    await ok.click();
    await expect(ok).toBeHidden();
    // With the notice gone, the player's own controls are on top.
    for (const control of await player.getByRole('button').all()) expect(await isOnTop(control)).toBe(true);
  });

  test('a toast does not cover the player controls', { tag: '@mobile' }, async ({ page, context }) => {
    const api = await ApiSession.open();
    await api.register(uniqueEmail('toast-player', test.info().project.name), 'correct-horse-battery');
    await context.addCookies((await api.context.storageState()).cookies);
    await api.dispose();
    await context.addCookies([
      { name: 'cookie_notice', value: 'true', url: test.info().project.use.baseURL ?? '' },
    ]);
    await playFirstTrack(page);
    const player = page.getByRole('region', { name: 'Player' });
    await player.getByRole('button', { name: /^Like / }).click();
    const toast = page.getByRole('alertdialog').filter({ hasText: 'Added to liked songs' });
    await expect(toast).toBeVisible();
    const toastBox = (await toast.boundingBox())!;
    for (const control of await player.getByRole('button').all()) {
      const box = (await control.boundingBox())!;
      expect(overlap(toastBox, box), `toast over ${await control.getAttribute('aria-label')}`).toBe(false);
      expect(await isOnTop(control)).toBe(true);
    }
    if (screenshotsWanted)
      await page.screenshot({ path: `e2e/.artifacts/screens/toast-player-${test.info().project.name}.png` });
  });
});
