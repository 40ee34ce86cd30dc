import { expect, test } from '../support/fixtures';
import { ACTIVE_AUDIO, audioState, expectPlaying, playingTrackId, waitForCatalogue } from '../support/player';
import { dismissCookieNotice } from '../support/theme';

test.describe('web player (guest)', () => {
  test.beforeEach(async ({ context, page }) => {
    await dismissCookieNotice(context);
    await waitForCatalogue(page);
  });
  // Several pages, axe runs and real audio playback per test: more than the default 30 s on 2 cores.
  test.describe.configure({ timeout: 120_000 });

  test('press Play on /discover: the audio reaches playing and its time advances', async ({ page }) => {
    await page.goto('/discover');
    const play = page.getByRole('button', { name: /^Play .+/ }).first();
    await expect(play).toBeVisible();
    await play.click();
    await expectPlaying(page);
    await expect(page.locator(ACTIVE_AUDIO)).toHaveCount(1);
    // The player shows what plays and offers Pause.
    await expect(
      page.getByRole('region', { name: 'Player' }).getByRole('button', { name: 'Pause' }),
    ).toBeVisible();
  });

  test('next, previous, shuffle and repeat; queue reorder by keyboard; reload keeps queue and position', async ({
    page,
  }, info) => {
    test.skip(info.project.name === 'mobile', 'transport controls of the desktop bar');
    await page.goto('/discover');
    // An album plays all its tracks in order.
    const albumLink = page.locator('a[href^="/album/"]').first();
    const albumName = (await albumLink.textContent())?.trim() ?? '';
    await albumLink.click();
    await expect(page).toHaveURL(/\/album\/\d+\//);
    await expect(page.getByRole('heading', { level: 1, name: albumName })).toBeVisible();
    await page
      .getByRole('button', { name: `Play ${albumName}` })
      .first()
      .click();
    await expectPlaying(page);
    const first = await playingTrackId(page);

    const bar = page.getByRole('region', { name: 'Player' });
    await bar.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => playingTrackId(page)).not.toBe(first);
    await expectPlaying(page);
    await bar.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => playingTrackId(page)).toBe(first);

    const shuffle = bar.getByRole('button', { name: 'Shuffle' });
    await shuffle.click();
    await expect(shuffle).toHaveAttribute('aria-pressed', 'true');
    await shuffle.click();
    await expect(shuffle).toHaveAttribute('aria-pressed', 'false');
    await bar.getByRole('button', { name: 'Repeat: off' }).click();
    await bar.getByRole('button', { name: 'Repeat: all' }).click();
    await expect(bar.getByRole('button', { name: 'Repeat: one' })).toBeVisible();
    await bar.getByRole('button', { name: 'Repeat: one' }).click();
    await expect(bar.getByRole('button', { name: 'Repeat: off' })).toBeVisible();

    // Queue: move the next track down with the keyboard.
    await bar.getByRole('button', { name: 'Queue' }).click();
    const queue = page.getByRole('dialog', { name: 'Queue' });
    const rows = queue.getByRole('row');
    // The queue panel loads on first open.
    await expect(rows.nth(2)).toBeVisible();
    const before = await rows.allTextContents();
    expect(before.length).toBeGreaterThan(2);
    const moveDown = queue.getByRole('button', { name: /^Move .+ down$/ }).nth(1);
    // The dialog settles its own focus as the lazily loaded list mounts: focus the button once it stays.
    await expect(async () => {
      await moveDown.focus();
      await expect(moveDown).toBeFocused({ timeout: 500 });
    }).toPass();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await rows.allTextContents()).slice(1, 3)).toEqual([before[2], before[1]]);
    await page.keyboard.press('Escape');
    await expect(queue).toBeHidden();

    // Listen a little, then reload: same queue and track, paused near the same position.
    await expectPlaying(page);
    await page.waitForTimeout(1500);
    const playingId = await playingTrackId(page);
    const beforeReload = await audioState(page);
    await page.reload();
    await expect(page.locator(ACTIVE_AUDIO)).toHaveCount(1);
    await expect.poll(() => playingTrackId(page)).toBe(playingId);
    const restored = await audioState(page);
    expect(restored.paused).toBe(true);
    expect(restored.currentTime).toBeGreaterThan(beforeReload.currentTime - 3);
    await page
      .getByRole('region', { name: 'Player' })
      .getByRole('button', { name: 'Play', exact: true })
      .click();
    await expectPlaying(page);
  });

  test('keyboard shortcuts: space pauses, ? lists the shortcuts', async ({ page }) => {
    await page.goto('/discover');
    await page
      .getByRole('button', { name: /^Play .+/ })
      .first()
      .click();
    await expectPlaying(page);
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('Space');
    await expect.poll(async () => (await audioState(page)).paused).toBe(true);
    await page.keyboard.press('Shift+?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  });
});
