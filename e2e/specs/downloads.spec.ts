import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { ApiSession, adminSession, signInWith, uniqueEmail } from '../support/accounts';
import { subscribePremium } from '../support/billing';
import { expect, expectAccessible, snapshot, test } from '../support/fixtures';
import { waitForCatalogue } from '../support/player';
import { dismissCookieNotice, useThemeMode } from '../support/theme';
import { readZip } from '../support/zip';

// Downloads (decision 0044): a listener on Premium downloads a track and an album (a zip whose
// entries are the album's tracks), a listener without a plan meets the upgrade dialog leading to
// /pricing. Axe on both; screenshots at this project's width, light and dark.

const PASSWORD = 'downloads-e2e-password';

type AlbumTrack = { id: number; name: string; download_url: string | null };
type AlbumPage = {
  id: number;
  name: string;
  download_url: string | null;
  artists: { id: number; name: string }[];
  tracks: AlbumTrack[];
};

let album: AlbumPage;

async function shoot(page: Page, name: string) {
  await snapshot(page, `downloads-${name}`);
}

async function shootBothThemes(page: Page, name: string) {
  await useThemeMode(page, 'dark');
  await shoot(page, `${name}-dark`);
  await useThemeMode(page, 'light');
  await shoot(page, `${name}-light`);
}

/** A new listener, signed in through the API (email confirmed from the mail outbox). */
async function listener(prefix: string): Promise<ApiSession> {
  const api = await ApiSession.open();
  await api.register(uniqueEmail(prefix, test.info().project.name), PASSWORD);
  return api;
}

/** Pays for Premium (ETB, monthly) in the sandbox, and waits until the payment has settled. */
async function premiumSettled(api: ApiSession) {
  const txRef = await subscribePremium(api);
  await expect
    .poll(
      async () =>
        (await api.getOk<{ payment: { status: string } }>(`/api/v1/billing/payments/${txRef}`)).payment
          .status,
    )
    .toBe('succeeded');
}

test.beforeAll(async () => {
  const admin = await adminSession();
  const list = await admin.getOk<{ data: { id: number }[] }>('/api/v1/admin/albums?perPage=5');
  const first = list.data[0]!;
  const { album: found } = await admin.getOk<{ album: AlbumPage }>(`/api/v1/albums/${first.id}`);
  // The artists opt in, as they would in the backstage.
  for (const artist of found.artists)
    await admin.putOk(`/api/v1/artists/${artist.id}`, { name: artist.name, allow_downloads: true });
  album = (await admin.getOk<{ album: AlbumPage }>(`/api/v1/albums/${first.id}`)).album;
  expect(album.download_url).toBe(`/api/v1/albums/${album.id}/download`);
  await admin.dispose();
});

test.beforeEach(async ({ context, page }) => {
  await dismissCookieNotice(context);
  await waitForCatalogue(page);
});

const albumPath = () => `/album/${album.id}/x`;

test('a listener on Premium downloads a track and the album as a zip', async ({ page }) => {
  const buyer = await listener('downloads-premium');
  await premiumSettled(buyer);
  await signInWith(page, buyer);

  await page.goto(albumPath());
  const albumLink = page.getByRole('link', { name: `Download ${album.name}` });
  await expect(albumLink).toBeVisible();
  await expect(albumLink).toHaveAttribute('download', '');
  await expectAccessible(page);
  await shootBothThemes(page, 'album-with-download');

  const zipDownload = page.waitForEvent('download');
  await albumLink.click();
  const zip = await zipDownload;
  expect(zip.suggestedFilename()).toMatch(/\.zip$/);
  const entries = readZip(await readFile((await zip.path())!));
  const audio = entries.filter((e) => !e.name.startsWith('cover.'));
  const downloadable = album.tracks.filter((t) => t.download_url);
  expect(audio.length).toBe(downloadable.length);
  audio.forEach((entry, i) => {
    expect(entry.name).toMatch(new RegExp(`^${String(i + 1).padStart(2, '0')} - .+\\.[a-z0-9]+$`));
    expect(entry.data.length).toBeGreaterThan(0);
  });

  const track = downloadable[0]!;
  await page.goto(`/track/${track.id}/x`);
  const trackLink = page.getByRole('link', { name: `Download ${track.name}` });
  const fileDownload = page.waitForEvent('download');
  await trackLink.click();
  const file = await fileDownload;
  expect(file.suggestedFilename()).toContain(track.name.slice(0, 10));
  expect((await readFile((await file.path())!)).length).toBeGreaterThan(1000);
  await buyer.dispose();
});

test('a listener without a plan sees the upgrade dialog leading to /pricing', async ({ page }) => {
  const free = await listener('downloads-free');
  await signInWith(page, free);
  await page.goto(albumPath());
  const dialog = page.getByRole('dialog', { name: 'Upgrade your plan' });
  // The theme switch reloads the page: the dialog is opened again in each theme.
  for (const mode of ['dark', 'light'] as const) {
    await useThemeMode(page, mode);
    await page.getByRole('button', { name: `Download ${album.name}` }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Downloads', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await shoot(page, `upgrade-dialog-${mode}`);
  }
  await dialog.getByRole('link', { name: 'See plans' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  // Straight to the file without the permission: 403 in the SPEC §8 shape.
  const res = await page.request.get(`/api/v1/albums/${album.id}/download`);
  expect(res.status()).toBe(403);
  expect(await res.json()).toEqual({ message: expect.any(String) });
  await free.dispose();
});
