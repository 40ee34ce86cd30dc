import type { BrowserContext, Page } from '@playwright/test';
import { ApiSession, uniqueEmail } from '../support/accounts';
import { expect, expectAccessible, snapshot, test } from '../support/fixtures';
import { dismissCookieNotice, useThemeMode } from '../support/theme';

const PASSWORD = 'library-e2e-Password-1';

/** A new account (registered and verified through the API) signed in inside `context`. */
async function signedInUser(context: BrowserContext, prefix: string) {
  const email = uniqueEmail(prefix, test.info().project.name);
  const api = await ApiSession.open();
  await api.register(email, PASSWORD);
  const { user } = await api.getOk<{ user: { id: number; display_name?: string } }>('/api/v1/users/me');
  const { cookies } = await api.context.storageState();
  await api.dispose();
  await context.addCookies(cookies);
  return { email, id: user.id };
}

/** Opens the first album of the home page; returns the names of its first tracks. */
async function openAnAlbum(page: Page): Promise<string[]> {
  await page.goto('/discover');
  await page.locator('a[href^="/album/"]').first().click();
  await expect(page).toHaveURL(/\/album\/\d+\//);
  const rows = page.getByRole('main').getByRole('button', { name: /^More options for / });
  await expect(rows.first()).toBeVisible();
  const labels = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
  return labels.map((l) => l.replace(/^More options for /, ''));
}

async function trackMenu(page: Page, name: string) {
  await page
    .getByRole('main')
    .getByRole('button', { name: `More options for ${name}`, exact: true })
    .first()
    .click();
  return page.getByRole('menu');
}

test.describe('library (signed in)', () => {
  // A whole listening session in one test: longer than the default 30 s on a shared machine.
  test.describe.configure({ timeout: 150_000 });

  test.beforeEach(async ({ context }) => {
    await dismissCookieNotice(context);
  });

  test('like a track → liked songs; build a playlist from the track menu, reorder by keyboard, reload keeps it', async ({
    page,
    context,
  }, info) => {
    const me = await signedInUser(context, 'library');
    const names = await openAnAlbum(page);
    expect(names.length).toBeGreaterThanOrEqual(3);
    const [a, b, c] = names as [string, string, string];

    // Like the first track: the heart on desktop, the track menu on phones (no heart in the row).
    if (info.project.name === 'desktop') {
      const heart = page
        .getByRole('main')
        .getByRole('button', { name: `Like ${a}`, exact: true })
        .first();
      await expect(heart).toHaveAttribute('aria-pressed', 'false');
      await heart.click();
      await expect(heart).toHaveAttribute('aria-pressed', 'true');
    } else {
      await (await trackMenu(page, a)).getByRole('menuitem', { name: 'Add to liked songs' }).click();
    }
    await expect(page.getByText('Added to liked songs')).toBeVisible();

    await page.goto('/library/songs');
    await expect(page.getByRole('heading', { level: 1, name: 'Liked songs' })).toBeVisible();
    const liked = page.getByRole('grid', { name: 'Liked songs' });
    await expect(liked.getByRole('row')).toHaveCount(1);
    await expect(liked.getByRole('row').first()).toContainText(a);
    await expect(page.getByRole('button', { name: 'Play Liked songs' })).toBeEnabled();
    await snapshot(page, 'liked-songs-light');
    await expectAccessible(page);

    // A new playlist from the library page.
    const playlistName = `Road trip ${info.project.name}`;
    await page.goto('/library');
    await page.getByRole('main').getByRole('button', { name: 'New playlist' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New playlist' });
    await dialog.getByLabel('Name').fill(playlistName);
    await dialog.getByLabel('Description').fill('Songs for the long road to Bahir Dar');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(page).toHaveURL(/\/playlist\/\d+\/road-trip/);
    await expect(page.getByRole('heading', { level: 1, name: playlistName })).toBeVisible();
    await expect(page.getByText('This playlist is empty')).toBeVisible();
    const playlistUrl = new URL(page.url()).pathname;

    // Three tracks through "More options → Add to playlist → {name}".
    await openAnAlbum(page);
    for (const name of [a, b, c]) {
      const menu = await trackMenu(page, name);
      await menu.getByRole('menuitem', { name: 'Add to playlist' }).click();
      await page.getByRole('menuitem', { name: playlistName }).click();
      await expect(page.getByText(`Added to ${playlistName}`).first()).toBeVisible();
    }

    await page.goto(playlistUrl);
    const grid = page.getByRole('grid', { name: `Tracks of ${playlistName}` });
    await expect(grid.getByRole('row')).toHaveCount(3);
    await expect(grid.getByRole('row').nth(0)).toContainText(a);
    await expect(page.getByRole('button', { name: `Play ${playlistName}` })).toBeEnabled();

    // Keyboard reorder: the first track's handle, Enter to pick it up, arrows to the spot, Enter.
    const handle = grid.getByRole('button', { name: `Move ${a}` });
    await handle.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(grid.getByRole('row').nth(0)).toContainText(b);
    await expect(grid.getByRole('row').nth(1)).toContainText(a);

    await page.reload();
    const after = page.getByRole('grid', { name: `Tracks of ${playlistName}` });
    await expect(after.getByRole('row')).toHaveCount(3);
    await expect(after.getByRole('row').nth(0)).toContainText(b);
    await expect(after.getByRole('row').nth(1)).toContainText(a);
    await expect(after.getByRole('row').nth(2)).toContainText(c);
    await snapshot(page, 'playlist-light');
    await expectAccessible(page);

    // Remove one from the row's menu.
    await after.getByRole('button', { name: `More options for ${c}` }).click();
    await page.getByRole('menuitem', { name: 'Remove from this playlist' }).click();
    await expect(after.getByRole('row')).toHaveCount(2);

    // Edit details: make it private.
    await page.getByRole('button', { name: 'Playlist options' }).click();
    await page.getByRole('menuitem', { name: 'Edit details' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit details' });
    await edit.getByRole('checkbox', { name: /Public/ }).uncheck();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('main').getByText('Private', { exact: true })).toBeVisible();

    await useThemeMode(page, 'dark');
    await expect(page.getByRole('heading', { level: 1, name: playlistName })).toBeVisible();
    await snapshot(page, 'playlist-dark');
    await expectAccessible(page);

    // The library lists it; the profile page is reachable and the owner may publish likes.
    await page.goto('/library');
    await expect(page.getByRole('main').getByRole('link', { name: new RegExp(playlistName) })).toBeVisible();
    await snapshot(page, 'library-dark');
    await expectAccessible(page);

    await page.goto(`/user/${me.id}/me`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const share = page.getByRole('switch', { name: 'Show my liked songs on my profile' });
    await expect(share).not.toBeChecked();
    await share.click();
    await expect(share).toBeChecked();
    await snapshot(page, 'profile-dark');
    await expectAccessible(page);

    // A visitor sees the public likes, and not the private playlist.
    const guest = await context.browser()!.newContext({ baseURL: info.project.use.baseURL });
    const visitor = await guest.newPage();
    await visitor.goto(`/user/${me.id}/me`);
    await expect(visitor.getByRole('tab', { name: 'Liked songs' })).toBeVisible();
    await expect(visitor.getByText(playlistName)).toHaveCount(0);
    await visitor.getByRole('tab', { name: 'Liked songs' }).click();
    await expect(visitor.getByRole('main').getByText(a).first()).toBeVisible();
    await guest.close();

    // Delete, with a confirmation.
    await page.goto(playlistUrl);
    await page.getByRole('button', { name: 'Playlist options' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete playlist' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page).toHaveURL(/\/library$/);
    await page.goto(playlistUrl);
    await expect(page.getByText("Looks like you've found the doorway to the great nothing")).toBeVisible();
  });
});
