import type { Page } from '@playwright/test';
import { type ApiSession, adminSession, signInWith } from '../../support/accounts';
import { expect, expectAccessible, snapshot, test } from '../../support/fixtures';
import { waitForCatalogue } from '../../support/player';
import { dismissCookieNotice } from '../../support/theme';

/**
 * A channel as the homepage: chosen in the General settings, `/` shows
 * it to visitors and signed-in listeners, painted in the served page before the scripts run. It
 * changes a server setting, so it runs with the other settings-mutating specs and puts the
 * homepage back afterwards.
 */
test.describe.configure({ mode: 'serial' });

type Homepage = { type: string; value: string | null };

let admin: ApiSession;
let before: Homepage;
let channelId: number;
const stamp = Date.now().toString(36);
const title = `Homepage picks ${stamp}`;
const slug = `homepage-picks-${stamp}`;
const ALBUMS = ['Bonfire Drive', 'Tizita Nights'];

test.beforeAll(async () => {
  admin = await adminSession();
  before = (await admin.getOk<{ settings: { homepage: Homepage } }>('/api/v1/settings')).settings.homepage;
  const ids: number[] = [];
  for (const name of ALBUMS) {
    const { items } = await admin.getOk<{ items: { id: number; name: string }[] }>(
      `/api/v1/admin/channel-items?type=album&query=${encodeURIComponent(name)}`,
    );
    ids.push(items.find((i) => i.name === name)!.id);
  }
  const { channel } = await admin.postOk<{ channel: { id: number } }>('/api/v1/channels', {
    name: title,
    slug,
    description: 'Picked for the front door',
    config: { contentType: 'album', rule: 'manual', layout: 'grid', limit: 10 },
    items: ids,
  });
  channelId = channel.id;
});

test.afterAll(async () => {
  await admin.setSettings({ homepage: before });
  await admin.postOk('/api/v1/admin/channels/bulk-delete', { ids: [channelId] });
  await admin.dispose();
});

test.beforeEach(async ({ context }) => dismissCookieNotice(context));

async function logIn(page: Page) {
  await signInWith(page, admin);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin$/);
}

/** Picks `option` in the React Aria select labelled `label` (its button is named "{value} {label}"). */
async function choose(page: Page, label: string, option: string) {
  const trigger = page.getByRole('button', { name: new RegExp(` ${label}$`) });
  await trigger.click();
  await page.getByRole('option', { name: option }).click();
  await expect(trigger).toContainText(option);
}

test('choose a channel as the homepage: / shows it to visitors and listeners, painted first', async ({
  page,
  browser,
}) => {
  await logIn(page);
  await waitForCatalogue(page);
  await page.goto('/admin/settings/general');
  await expect(page.getByRole('heading', { level: 1, name: 'General settings' })).toBeVisible();
  await choose(page, 'Homepage', 'Channel');
  await choose(page, 'Channel', title);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);
  await expectAccessible(page);

  // A visitor's /: the chosen channel in the player, its albums in their order.
  const visitorContext = await browser.newContext();
  await dismissCookieNotice(visitorContext);
  const visitor = await visitorContext.newPage();
  await visitor.goto('/');
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByText('Picked for the front door')).toBeVisible();
  await expect(visitor.getByRole('list', { name: title })).toHaveText(
    new RegExp(`${ALBUMS[0]}[\\s\\S]*${ALBUMS[1]}`),
  );
  await expect(visitor.getByRole('navigation', { name: 'Player navigation' }).first()).toBeVisible();
  await snapshot(visitor, 'homepage-channel-visitor');

  // The served page paints the same channel and preloads the call the app makes for it.
  const html = await (await visitor.request.get('/')).text();
  expect(html).toContain(`<link rel="preload" as="fetch" href="/api/v1/channels/${slug}"`);
  expect(html).toContain(`<h1 class="text-3xl font-bold">${title}</h1>`);
  await visitorContext.close();

  // A signed-in listener's / is the same channel.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('list', { name: title })).toContainText(ALBUMS[0]!);
});

test('a homepage channel that is gone gives way to the default home channel', async ({ browser }) => {
  await admin.setSettings({ homepage: { type: 'channel', value: slug } });
  // Renamed since it was chosen: its old address answers 404.
  const renamed = `${slug}-renamed`;
  const { channel } = await admin.getOk<{ channel: { config: unknown } }>(
    `/api/v1/admin/channels/${channelId}`,
  );
  await admin.putOk(`/api/v1/channels/${channelId}`, { name: title, slug: renamed, config: channel.config });
  try {
    const context = await browser.newContext();
    await dismissCookieNotice(context);
    const visitor = await context.newPage();
    await visitor.goto('/');
    // The default home channel's rows (its first row is named after it in the demo catalogue).
    await expect(visitor.getByRole('heading', { level: 2, name: 'Popular this week' })).toBeVisible();
    await expect(visitor.getByRole('heading', { level: 1, name: title })).toHaveCount(0);
    await expect(visitor.getByText('There was an issue')).toHaveCount(0);
    await context.close();
  } finally {
    await admin.putOk(`/api/v1/channels/${channelId}`, { name: title, slug, config: channel.config });
  }
});
