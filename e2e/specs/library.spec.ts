import type { BrowserContext, Locator, Page } from '@playwright/test';
import { ApiSession, uniqueEmail } from '../support/accounts';
import { expect, expectAccessible, snapshot, test } from '../support/fixtures';
import { reorderByKeyboard } from '../support/reorder';
import { dismissCookieNotice, useThemeMode } from '../support/theme';

const PASSWORD = 'library-e2e-Password-1';

/**
 * A new account (registered and verified through the API) signed in inside `context`; `api` is the
 * same account's API session, for setting up what the test then checks by hand.
 */
async function signedInUser(context: BrowserContext, prefix: string) {
  const email = uniqueEmail(prefix, test.info().project.name);
  const api = await ApiSession.open();
  await api.register(email, PASSWORD);
  const { user } = await api.getOk<{ user: { id: number; display_name?: string } }>('/api/v1/users/me');
  const { cookies } = await api.context.storageState();
  await context.addCookies(cookies);
  return { email, id: user.id, api };
}

/** Opens an album with at least 3 tracks (or `url`); returns its URL and its tracks' names. */
async function openAnAlbum(page: Page, url?: string): Promise<{ url: string; names: string[] }> {
  let candidates = url ? [url] : [];
  if (!url) {
    await page.goto('/discover');
    await expect(page.locator('a[href^="/album/"]').first()).toBeVisible();
    candidates = await page
      .locator('a[href^="/album/"]')
      .evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute('href') ?? ''))]);
  }
  for (const href of candidates) {
    await page.goto(href);
    const rows = page
      .getByRole('main')
      .getByRole('grid')
      .getByRole('button', { name: /^More options for / });
    await expect(rows.first()).toBeVisible();
    // Singles have one track: the test needs three.
    if ((await rows.count()) < 3) continue;
    const labels = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
    return { url: href, names: labels.map((l) => l.replace(/^More options for /, '')) };
  }
  throw new Error('no album with three tracks on the home page');
}

/** Chooses a menu item the way the device does: a tap on the phone project, a click on desktop. */
async function choose(item: Locator) {
  if (test.info().project.name === 'mobile') await item.tap();
  else await item.click();
}

async function trackMenu(page: Page, name: string) {
  // Tapped on the phone: a mouse left over the tray would hover "Add to playlist" open.
  await choose(
    page
      .getByRole('main')
      .getByRole('grid')
      .getByRole('button', { name: `More options for ${name}`, exact: true }),
  );
  return page.getByRole('menu').first();
}

/** The grid's row order by title, read from each row's drag handle ("Move {title}"). */
function handleOrder(grid: Locator) {
  return () =>
    grid
      .getByRole('button', { name: /^Move / })
      .evaluateAll((els) => els.map((e) => (e.getAttribute('aria-label') ?? '').replace(/^Move /, '')));
}

test.describe('library (signed in)', () => {
  // Three tests, not one long story: each stays well inside its timeout on a busy machine, and a
  // failure names the part that broke. The later ones set up through the API what an earlier one
  // does by hand.
  test.beforeEach(async ({ context }) => {
    await dismissCookieNotice(context);
  });

  test('like a track → liked songs', { tag: '@mobile' }, async ({ page, context }, info) => {
    const me = await signedInUser(context, 'liked');
    await me.api.dispose();
    const album = await openAnAlbum(page);
    const [a] = album.names as [string];

    // Like the first track: the heart on desktop, the track menu on phones (no heart in the row).
    if (info.project.name === 'desktop') {
      // In the track list: an album may share its name with its title track.
      const heart = page
        .getByRole('main')
        .getByRole('grid')
        .getByRole('button', { name: `Like ${a}`, exact: true });
      await expect(heart).toHaveAttribute('aria-pressed', 'false');
      await heart.click();
      await expect(heart).toHaveAttribute('aria-pressed', 'true');
    } else {
      await choose((await trackMenu(page, a)).getByRole('menuitem', { name: 'Add to liked songs' }));
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
  });

  test(
    'build a playlist from the track menu, reorder by keyboard, reload keeps it',
    { tag: '@mobile' },
    async ({ page, context }, info) => {
      const me = await signedInUser(context, 'playlist');
      await me.api.dispose();
      const album = await openAnAlbum(page);
      expect(album.names.length).toBeGreaterThanOrEqual(3);
      const [a, b, c] = album.names as [string, string, string];

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
      await openAnAlbum(page, album.url);
      for (const name of [a, b, c]) {
        const menu = await trackMenu(page, name);
        await choose(menu.getByRole('menuitem', { name: 'Add to playlist' }));
        await choose(page.getByRole('menuitem', { name: playlistName }));
        await expect(page.getByText(`Added to ${playlistName}`).first()).toBeVisible();
      }

      await page.goto(playlistUrl);
      const grid = page.getByRole('grid', { name: `Tracks of ${playlistName}` });
      await expect(grid.getByRole('row')).toHaveCount(3);
      const order = handleOrder(grid);
      await expect.poll(order).toEqual([a, b, c]);
      await expect(page.getByRole('button', { name: `Play ${playlistName}` })).toBeEnabled();

      // Keyboard reorder: the first track's handle, Enter to pick it up, arrows to the spot, Enter:
      // two steps down from the top, past b, then past c, so a is last.
      await reorderByKeyboard(page, grid.getByRole('button', { name: `Move ${a}` }), {
        key: 'ArrowDown',
        dropAt: `Insert after ${c}`,
      });
      await expect.poll(order).toEqual([b, c, a]);

      await page.reload();
      await expect(grid.getByRole('row')).toHaveCount(3);
      await expect.poll(order).toEqual([b, c, a]);
      await snapshot(page, 'playlist-light');
      await expectAccessible(page);

      // Remove one from the row's menu.
      await grid.getByRole('button', { name: `More options for ${c}` }).click();
      await page.getByRole('menuitem', { name: 'Remove from this playlist' }).click();
      await expect(grid.getByRole('row')).toHaveCount(2);
      await page.reload();
      await expect(grid.getByRole('row')).toHaveCount(2);
      await expect.poll(order).toEqual([b, a]);
    },
  );

  test('edit a playlist, share likes on the profile, what a visitor sees, delete', async ({
    page,
    context,
  }, info) => {
    const me = await signedInUser(context, 'profile');
    // Set up through the API: a liked track and a playlist holding two tracks of an album.
    await page.goto('/discover');
    await expect(page.locator('a[href^="/album/"]').first()).toBeVisible();
    const albumHref = (await page.locator('a[href^="/album/"]').first().getAttribute('href')) ?? '';
    const albumId = Number(/^\/album\/(\d+)/.exec(albumHref)?.[1]);
    const { album } = await me.api.getOk<{ album: { tracks?: { id: number; name: string }[] } }>(
      `/api/v1/albums/${albumId}`,
    );
    const tracks = album.tracks ?? [];
    expect(tracks.length).toBeGreaterThanOrEqual(1);
    const liked = tracks[0]!;
    await me.api.putOk(`/api/v1/me/likes/track/${liked.id}`);
    const playlistName = `Road trip ${info.project.name}`;
    const { playlist } = await me.api.postOk<{ playlist: { id: number } }>('/api/v1/playlists', {
      name: playlistName,
      description: 'Songs for the long road to Bahir Dar',
      public: true,
    });
    await me.api.postOk(`/api/v1/playlists/${playlist.id}/tracks`, {
      track_ids: tracks.slice(0, 2).map((t) => t.id),
    });
    await me.api.dispose();
    const playlistUrl = `/playlist/${playlist.id}/road-trip-${info.project.name}`;

    // Edit details: make it private.
    await page.goto(playlistUrl);
    await expect(page.getByRole('heading', { level: 1, name: playlistName })).toBeVisible();
    await page.getByRole('button', { name: 'Playlist options' }).click();
    await page.getByRole('menuitem', { name: 'Edit details' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit details' });
    const isPublic = edit.getByRole('checkbox', { name: /^Public/ });
    await expect(isPublic).toBeChecked();
    // React Aria keeps the native input visually hidden: press the visible label as a user would.
    await edit.getByText('Public', { exact: true }).click();
    await expect(isPublic).not.toBeChecked();
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
    await page.getByText('Show my liked songs on my profile').click();
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
    await expect(visitor.getByRole('main').getByText(liked.name).first()).toBeVisible();
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
