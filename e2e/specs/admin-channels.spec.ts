import type { Locator, Page } from '@playwright/test';
import { type ApiSession, adminSession, signInWith } from '../support/accounts';
import { expect, expectAccessible, snapshot, test } from '../support/fixtures';
import { waitForCatalogue } from '../support/player';
import { reorderByKeyboard } from '../support/reorder';
import { dismissCookieNotice, useThemeMode } from '../support/theme';

/**
 * Channels in the catalogue manager as an editor uses them: a new channel of
 * albums picked by search, put in order with the keyboard, seen in the preview and then in the
 * player; the list and the editor pass axe, light and dark.
 */

let adminApi: ApiSession;
test.beforeAll(async () => {
  adminApi = await adminSession();
});
test.afterAll(async () => adminApi?.dispose());

async function logIn(page: Page) {
  await signInWith(page, adminApi);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin$/);
}

/** Adds the album `name` (a demo album: its name is unique) with the picker, by keyboard. */
async function pickAlbum(page: Page, name: string) {
  const field = page.getByRole('combobox', { name: 'Add an album' });
  // Focused first, which scrolls it into view: a scroll while its list is open closes the list and
  // empties the field (React Aria closes a popover when the page scrolls under it).
  await field.click();
  // A layout shift while the list opens can still close it and empty the field: type again until
  // the list answers with the one album (never past that state).
  await expect(async () => {
    if ((await field.inputValue()) !== name) await field.fill(name);
    await expect(page.getByRole('option')).toHaveCount(1, { timeout: 3_000 });
  }).toPass();
  await expect(page.getByRole('option', { name })).toBeVisible();
  await field.press('ArrowDown');
  await field.press('Enter');
  await expect(field).toHaveValue('');
}

/** The chosen list's order, read from each row's drag handle ("Move {name}"). */
function handleOrder(list: Locator) {
  return () =>
    list.getByRole('button', { name: /^Move / }).evaluateAll((els) =>
      els
        .map((e) => e.getAttribute('aria-label') ?? '')
        .filter((l) => !/ (up|down)$/.test(l))
        .map((l) => l.replace(/^Move /, '')),
    );
}

/** The names in `container`, in the order they appear on screen. */
function inOrder(...names: string[]) {
  return new RegExp(names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\\s\\S]*'));
}

test.beforeEach(async ({ context }) => dismissCookieNotice(context));

test('create a channel: pick albums, order them by keyboard, preview, save, and see it in the player', async ({
  page,
}, info) => {
  const tag = `${info.project.name} ${Date.now().toString(36)}`;
  const title = `Weekend picks ${tag}`;
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  await logIn(page);
  await waitForCatalogue(page);

  await page.goto('/admin/channels');
  await page.getByRole('link', { name: 'New channel' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New channel' })).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill(title);
  // The address follows the title until it is edited.
  await expect(page.getByLabel('Slug', { exact: true })).toHaveValue(slug);

  // Albums are the default content, chosen by hand.
  const [a, b, c] = ['Bonfire Drive', 'Tizita Nights', 'Rock-Hewn Light'];
  for (const name of [a, b, c]) await pickAlbum(page, name!);
  const list = page.getByRole('grid', { name: 'Chosen albums, in order' });
  const order = handleOrder(list);
  await expect.poll(order).toEqual([a, b, c]);

  // Keyboard reorder: the first album's handle, Enter to pick it up, arrows to the spot, Enter.
  await reorderByKeyboard(page, list.getByRole('button', { name: `Move ${a}`, exact: true }), {
    key: 'ArrowDown',
    dropAt: `Insert after ${c}`,
  });
  await expect.poll(order).toEqual([b, c, a]);

  // The preview draws the unsaved list as the player will, in its order.
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('list', { name: `Preview of ${title}` })).toHaveText(inOrder(b!, c!, a!));
  await expect(page.getByText('Unsaved changes')).toBeVisible();

  await page.getByRole('button', { name: 'Create channel' }).click();
  await expect(page).toHaveURL(/\/admin\/channels\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);
  await expect.poll(order).toEqual([b, c, a]);

  // The list finds it by name, with what fills it.
  await page.goto('/admin/channels');
  await page.getByRole('searchbox', { name: 'Search channels by name' }).fill(tag);
  const table = page.getByRole('table', { name: 'Channels' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByText('Chosen by hand (3)')).toBeVisible();

  // The listener's page of the channel.
  await page.goto(`/channel/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('list', { name: title })).toHaveText(inOrder(b!, c!, a!));
});

test('the channels list and editor pass axe, light and dark, with screenshots', { tag: '@visual' }, async ({
  page,
}) => {
  await logIn(page);
  await waitForCatalogue(page);
  const home = (await (await page.request.get('/api/v1/admin/channels?query=discover')).json()) as {
    data: { id: number; slug: string; name: string }[];
  };
  const discover = home.data.find((c) => c.slug === 'discover');
  expect(discover).toBeDefined();
  const pages: [string, string][] = [
    ['/admin/channels', 'Channels'],
    ['/admin/channels/new', 'New channel'],
    [`/admin/channels/${discover!.id}`, discover!.name],
  ];
  for (const mode of ['light', 'dark'] as const) {
    if (mode === 'dark') await useThemeMode(page, 'dark');
    for (const [path, heading] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      if (path !== '/admin/channels') {
        // The preview has drawn (the home channel's rows, or the empty state of a new one).
        const preview = page.getByRole('region', { name: 'Preview' });
        await expect(preview.getByText('Loading the preview…')).toHaveCount(0);
      }
      await expectAccessible(page);
      const name = path.replace(/\/\d+$/, '/discover').replace(/[/?=]/g, '-');
      await snapshot(page, `admin-channels${name}-${mode}`);
    }
  }
});
