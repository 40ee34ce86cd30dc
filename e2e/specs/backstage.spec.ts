import type { Browser, Page } from '@playwright/test';
import { ApiSession, adminSession, signInWith, uniqueEmail } from '../support/accounts';
import { expect, expectAccessible, snapshot, test } from '../support/fixtures';
import { dismissCookieNotice, useThemeMode } from '../support/theme';

/**
 * The backstage as a new artist and an admin use it: a fresh user asks to become
 * an artist, the admin approves in /admin/backstage-requests, the user edits their bio in the
 * artist's area and the public artist page shows it; a denied request shows its reason.
 */

const PASSWORD = 'backstage-e2e-password';

/**
 * One API login per file for the admin, its cookies handed to an admin browser context: the admin
 * login limit (5 a minute) is shared by every spec signing in as the admin.
 */
let adminApi: ApiSession;
test.beforeAll(async () => {
  adminApi = await adminSession();
});
test.afterAll(async () => adminApi?.dispose());

test.beforeEach(async ({ context }) => dismissCookieNotice(context));

/** A registered, signed-in user with no artist yet, and a page signed in as them. */
async function newArtistUser(page: Page, prefix: string, project: string) {
  const api = await ApiSession.open();
  await api.register(uniqueEmail(prefix, project), PASSWORD);
  await signInWith(page, api);
  return api;
}

/** A page of the admin's in a context of its own (the user's page keeps its session). */
async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await dismissCookieNotice(context);
  await context.addCookies((await adminApi.context.storageState()).cookies);
  return context.newPage();
}

/** Opens the request for `artist` in the admin's review table. */
async function openRequest(admin: Page, artist: string) {
  await admin.goto(`/admin/backstage-requests?status=pending&query=${encodeURIComponent(artist)}`);
  const table = admin.getByRole('table', { name: 'Backstage requests' });
  await table.getByRole('button', { name: artist }).click();
  return admin.getByRole('dialog', { name: artist });
}

test('request to become an artist, get approved, edit the bio, see it on the artist page', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(240_000);
  const tag = `${info.project.name} ${Date.now().toString(36)}`;
  const artist = `Selam Quartet ${tag}`;
  const bio = `Ethio-jazz from Addis Ababa (${tag}).`;
  const api = await newArtistUser(page, 'bs-become', info.project.name);

  await page.goto('/backstage');
  await expect(page.getByRole('heading', { level: 1, name: 'Backstage for artists' })).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, 'backstage-landing');

  await page.getByRole('button', { name: /Become an artist/ }).click();
  const form = page.getByRole('form', { name: 'Become an artist' });
  // Sent empty: the name is required, and the message sits on the field.
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(form.getByLabel('Artist name')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Artist name').fill(artist);
  await form.getByRole('textbox', { name: 'Link 1', exact: true }).fill('https://example.com/selam');
  await form
    .getByRole('textbox', { name: 'Message', exact: true })
    .fill('We are a four-piece band and this is our first release.');
  await expectAccessible(page);
  await snapshot(page, 'backstage-request-form');
  await form.getByRole('button', { name: 'Send request' }).click();
  const requests = page.getByRole('list', { name: 'Your requests' });
  await expect(requests.getByRole('listitem').filter({ hasText: artist })).toContainText('Pending');

  // The admin approves it from the review table.
  const admin = await adminPage(browser);
  const dialog = await openRequest(admin, artist);
  await expect(dialog.getByRole('link', { name: 'https://example.com/selam' })).toBeVisible();
  await expectAccessible(admin);
  await snapshot(admin, 'backstage-admin-review');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog).toBeHidden();
  await admin.goto(`/admin/backstage-requests?status=approved&query=${encodeURIComponent(artist)}`);
  await expect(
    admin.getByRole('table', { name: 'Backstage requests' }).getByRole('row').filter({ hasText: artist }),
  ).toContainText('Approved');
  await admin.context().close();

  // Back in the backstage (a fresh page load carries the new role): the artist's area.
  await page.goto('/backstage');
  await expect(page.getByRole('heading', { level: 1, name: 'Your artists' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Backstage' })).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, 'backstage-artist-overview');

  await page.getByRole('link', { name: 'Edit profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: artist })).toBeVisible();
  await page.getByLabel('Biography').fill(bio);
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Save profile' }).click();
  // Saved: the form holds the server's answer again (the toast may be gone on a busy machine).
  await expect(page.getByText('Unsaved changes')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Discard' })).toBeDisabled();
  await expectAccessible(page);
  await snapshot(page, 'backstage-artist-profile');

  await useThemeMode(page, 'dark');
  await expect(page.getByLabel('Biography')).toHaveValue(bio);
  await expectAccessible(page);
  await snapshot(page, 'backstage-artist-profile-dark');
  await useThemeMode(page, 'light');

  await page.getByRole('link', { name: 'View public page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: artist })).toBeVisible();
  await expect(page.getByText(bio)).toBeVisible();
  await api.dispose();
});

test('a denied request shows the reason to the requester', async ({ page, browser }, info) => {
  test.setTimeout(180_000);
  const tag = `${info.project.name} ${Date.now().toString(36)}`;
  const artist = `Hopeful Duo ${tag}`;
  const reason = `We could not confirm the links (${tag}).`;
  const api = await newArtistUser(page, 'bs-deny', info.project.name);
  await api.postOk('/api/v1/backstage/requests', {
    type: 'become_artist',
    artist_name: artist,
    role: 'manager',
    links: ['https://example.com/hopeful'],
  });

  const admin = await adminPage(browser);
  const dialog = await openRequest(admin, artist);
  await dialog.getByRole('button', { name: 'Deny…' }).click();
  // The reason is required.
  await dialog.getByRole('button', { name: 'Deny request' }).click();
  await expect(dialog.getByText('Give the reason for the denial.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await dialog.getByRole('button', { name: 'Deny request' }).click();
  await expect(dialog).toBeHidden();
  await admin.context().close();

  await page.goto('/backstage');
  const item = page
    .getByRole('list', { name: 'Your requests' })
    .getByRole('listitem')
    .filter({ hasText: artist });
  await expect(item).toContainText('Denied');
  await expect(item).toContainText(`Reason: ${reason}`);
  await expectAccessible(page);
  await snapshot(page, 'backstage-denied');
  await api.dispose();
});
