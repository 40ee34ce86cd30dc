import type { Page } from '@playwright/test';
import type { BootstrapData } from '@zema/contracts';
import { ApiSession, uniqueEmail } from '../support/accounts';
import { expect, expectAccessible, navigateWhenReady, snapshot, test } from '../support/fixtures';
import { dismissCookieNotice, useThemeMode } from '../support/theme';

// The web side of notifications (decision 0033) against the real server: the empty state, a
// notification made by a real action (another user follows this one) reaching the bell over the
// live-events stream without a reload, the popover, the page, reading one, and the settings page.
// One signed-in page for the whole file.

const PASSWORD = 'notifications-e2e-password';

test.describe.configure({ mode: 'serial' });

let page: Page;
let reader: ApiSession;
let follower: ApiSession;
let readerId = 0;

/** Screenshots for people to look at, outside the repository (test-results/ is ignored). */
async function shoot(name: string) {
  await snapshot(page, `notifications-${name}`);
}

/** The same view in light and dark (the theme choice is stored, then the page reloads). */
async function shootBothThemes(name: string) {
  await useThemeMode(page, 'dark');
  await shoot(`${name}-dark`);
  await useThemeMode(page, 'light');
  await shoot(`${name}-light`);
}

/**
 * axe over the open popover or sheet: the page behind a modal overlay is hidden from assistive
 * technology, so the page-level rules (one main landmark, a level-one heading) do not apply to it.
 * Everything in the overlay must still sit in a landmark or the dialog itself (axe's 'region').
 */
async function expectPopoverAccessible() {
  await expectAccessible(page, {
    include: '[role="dialog"]',
    disableRules: ['landmark-one-main', 'page-has-heading-one'],
  });
}

const bell = () => page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ });

test.beforeAll(async ({ browser }) => {
  const project = test.info().project.name;
  reader = await ApiSession.open();
  await reader.register(uniqueEmail('notif-reader', project), PASSWORD);
  const { bootstrapData } = await reader.getOk<{ bootstrapData: BootstrapData }>('/api/v1/bootstrap-data');
  readerId = bootstrapData.user?.id ?? 0;
  follower = await ApiSession.open();
  await follower.register(uniqueEmail('notif-follower', project), PASSWORD);

  const context = await browser.newContext({
    ...test.info().project.use,
    storageState: await reader.context.storageState(),
  });
  await dismissCookieNotice(context);
  page = await context.newPage();
  navigateWhenReady(page);
});

test.afterAll(async () => {
  await page?.context().close();
  await reader?.dispose();
  await follower?.dispose();
});

test('a user without notifications sees the empty state', async () => {
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(page.getByText('Hang tight!')).toBeVisible();
  await expect(page.getByText('Notifications will start showing up here soon.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Notification settings' }).first()).toHaveAttribute(
    'target',
    '_blank',
  );
  await expect(bell()).toHaveAccessibleName('Notifications');
  await expectAccessible(page);
  await shootBothThemes('empty');
});

test('being followed raises the bell badge without a reload, and the popover lists it', {
  tag: '@mobile',
}, async () => {
  await page.goto('/notifications');
  await expect(page.getByText('Hang tight!')).toBeVisible();
  // Nothing reloads from here on: the page is marked, and the mark must survive.
  await page.evaluate(() => {
    (window as { notifMark?: boolean }).notifMark = true;
  });
  await follower.putOk(`/api/v1/me/follows/user/${readerId}`);

  await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  await expect(page.getByTestId('notification-badge')).toHaveText('1');
  // The open page's list refreshed by itself too.
  await expect(page.getByTestId('notification')).toHaveCount(1);
  expect(await page.evaluate(() => (window as { notifMark?: boolean }).notifMark)).toBe(true);

  // The user menu: a popover on a desktop, a bottom sheet on a phone; a dialog named by its button
  // in both, so nothing in it sits outside a landmark.
  await page.getByRole('button', { name: 'Account menu' }).click();
  const userMenu = page.getByRole('dialog', { name: 'Account menu' });
  await expect(userMenu.getByRole('menu')).toBeVisible();
  if (test.info().project.name === 'mobile') {
    // SPEC §2: on small screens the user menu lists Notifications with the unread count, and
    // says what the figure counts.
    await expect(userMenu.getByRole('menuitem', { name: 'Notifications 1 unread' })).toContainText('1');
  }
  await expectPopoverAccessible();
  await shoot('user-menu');
  await page.keyboard.press('Escape');
  await expect(userMenu).toBeHidden();

  await bell().click();
  const popover = page.getByRole('dialog', { name: 'Notifications' });
  await expect(popover.getByTestId('notification')).toHaveCount(1);
  await expect(popover.getByRole('button', { name: 'Mark all as read' })).toBeVisible();
  // Relative time (SPEC §9): 'a few seconds ago' unless this machine was slow getting here.
  await expect(popover.getByText(/^(a few seconds|a minute|\d+ minutes) ago$/)).toBeVisible();
  await expectPopoverAccessible();
  await shoot('popover');
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
});

test('clicking an unread notification on the page marks it read and the badge goes', async () => {
  await page.goto('/notifications');
  const item = page.getByTestId('notification');
  await expect(item).toHaveCount(1);
  await expect(item.getByTestId('unread-dot')).toBeVisible();
  await expectAccessible(page);
  await shootBothThemes('list');

  const name = await item.getByRole('button').first().getAttribute('aria-label');
  expect(name).toMatch(/, unread$/);
  const marked = page.waitForResponse((r) => r.url().includes('/api/v1/notifications/mark-as-read'));
  await item.getByRole('button').first().click();
  expect((await marked).ok()).toBe(true);
  await page.goto('/notifications');
  await expect(page.getByTestId('notification')).toHaveCount(1);
  await expect(page.getByTestId('unread-dot')).toHaveCount(0);
  await expect(bell()).toHaveAccessibleName('Notifications');
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toHaveCount(0);
});

test('notification settings: a checkbox per channel, a column toggle per group, saved', async () => {
  await page.goto('/notifications/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Notification settings' })).toBeVisible();
  const toggle = page.getByRole('checkbox', { name: /^Email for all of / }).first();
  await expect(toggle).toBeVisible();
  const groupName = ((await toggle.getAttribute('aria-label')) ?? '').replace(/^Email for all of /, '');
  const group = page.getByRole('region', { name: groupName, exact: true });
  const items = group.getByRole('checkbox', { name: / by email$/ });
  const before = await toggle.isChecked();
  await toggle.setChecked(!before, { force: true });
  for (const box of await items.all()) {
    if (before) await expect(box).not.toBeChecked();
    else await expect(box).toBeChecked();
  }
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/v1/notifications/me/subscriptions') && r.request().method() !== 'GET',
  );
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await saved).ok()).toBe(true);
  await expect(page.getByText('Notification settings saved')).toBeVisible();
  await expectAccessible(page);
  await shootBothThemes('settings');

  // The choice was stored: a fresh load shows it.
  await page.reload();
  const again = page.getByRole('checkbox', { name: /^Email for all of / }).first();
  if (before) await expect(again).not.toBeChecked();
  else await expect(again).toBeChecked();
});

test('the service worker registers at the site root under the CSP, and the manifest is served', async () => {
  await page.goto('/notifications');
  const scope = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    await navigator.serviceWorker.ready;
    return registration.scope;
  });
  expect(scope).toBe(new URL('/', page.url()).href);

  const manifest = await page.request.get('/manifest.webmanifest');
  expect(manifest.ok()).toBe(true);
  const json = (await manifest.json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: unknown[];
  };
  expect(json).toMatchObject({ name: 'Zema', start_url: '/', display: 'standalone' });
  expect(json.icons.length).toBeGreaterThan(0);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
});
