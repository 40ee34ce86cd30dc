import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Route } from '@playwright/test';
import { signInWith } from '../support/accounts';
import { approvedArtist } from '../support/backstage';
import { expect, expectAccessible, test, withBootstrap } from '../support/fixtures';
import { dismissCookieNotice } from '../support/theme';

/**
 * The browser upload queue (decision 0028) on the page that mounts `<UploadQueuePanel>`: the
 * backstage upload page. It uploads through the real server (tus and the plain path), and holds
 * chosen requests back with `page.route` to play a stalled server and a reload half-way.
 */
const UPLOAD_PAGE = '/backstage/upload';
const MB = 1024 * 1024;
/** Small chunks, so a 12 MB file is three tus PATCH requests. */
const CHUNK = 5 * MB;
/** Several chunks through a loaded two-core runner: an upper bound, not a wait. */
const UPLOADED = { timeout: 90_000 };

/**
 * A file on disk, so that picking it again after a reload is the same file to the browser (same
 * name, size and last change: the fingerprint resumable uploads are found by).
 */
function fileOnDisk(name: string, bytes: number): string {
  const dir = join(test.info().outputDir, 'uploads');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  // MPEG-1 layer III frames (128 kbit/s, 44.1 kHz: 417 bytes each) of silence: the server reads
  // audio by its bytes, not its name.
  const data = Buffer.alloc(bytes);
  for (let at = 0; at + 4 <= bytes; at += 417) data.set([0xff, 0xfb, 0x90, 0x64], at);
  writeFileSync(path, data);
  return path;
}

async function openUploadPage(page: Page) {
  // The upload page is an artist's: an approved artist of this test's own.
  const { user } = await approvedArtist('queue');
  await signInWith(page, user);
  await user.dispose();
  await dismissCookieNotice(page.context());
  await withBootstrap(page, (data) => {
    data.settings.uploads.chunk_size = CHUNK;
    data.settings.uploads.chunked = true;
  });
  await page.goto(UPLOAD_PAGE);
  await expect(page.getByRole('group', { name: 'Drop audio files or a folder here' })).toBeVisible();
}

const row = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Uploads' }).getByRole('listitem').filter({ hasText: name });

test.describe('upload queue', () => {
  test('a small file uploads with progress to Uploaded; the page passes axe', async ({ page }) => {
    await openUploadPage(page);
    await page.getByLabel('Files to upload').setInputFiles(fileOnDisk('small.mp3', 200 * 1024));
    const item = row(page, 'small.mp3');
    await expect(item.getByText('Uploaded')).toBeVisible();
    await expect(item.getByRole('progressbar', { name: 'Upload of small.mp3' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    await expectAccessible(page);
  });

  test('a cancelled tus upload ends Cancelled and is terminated on the server; Retry uploads it', async ({
    page,
  }) => {
    await openUploadPage(page);
    const held: Route[] = [];
    const deleted: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'DELETE' && req.url().includes('/api/v1/tus/upload/')) deleted.push(req.url());
    });
    await page.route('**/api/v1/tus/upload/**', (route) => {
      if (route.request().method() === 'PATCH') held.push(route);
      else return route.continue();
    });
    await page.getByLabel('Files to upload').setInputFiles(fileOnDisk('cancel-me.mp3', 6 * MB));
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Cancel cancel-me.mp3' }).click();
    await expect(row(page, 'cancel-me.mp3').getByText('Cancelled')).toBeVisible();
    await expect.poll(() => deleted.length).toBe(1);
    await page.unroute('**/api/v1/tus/upload/**');
    await page.getByRole('button', { name: 'Retry cancel-me.mp3' }).click();
    await expect(row(page, 'cancel-me.mp3').getByText('Uploaded')).toBeVisible(UPLOADED);
  });

  test('a server that stops answering ends in "Upload timed out"', async ({ page }) => {
    // The page's clock is Playwright's: the 30 s without progress pass at once instead of in real
    // time (it still runs at its own pace otherwise).
    await page.clock.install();
    await openUploadPage(page);
    // The upload's request is held for ever: no progress for 30 s.
    let held = false;
    await page.route('**/api/v1/file-entries', () => {
      held = true;
    });
    await page.getByLabel('Files to upload').setInputFiles(fileOnDisk('stalled.mp3', 100 * 1024));
    await expect.poll(() => held).toBe(true);
    await page.clock.fastForward(31_000);
    await expect(row(page, 'stalled.mp3').getByText('Upload timed out')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('button', { name: 'Retry stalled.mp3' })).toBeVisible();
  });

  test('a reload half-way resumes from the server’s offset', async ({ page }) => {
    await openUploadPage(page);
    const path = fileOnDisk('resume.mp3', 12 * MB);
    let patches = 0;
    // The first chunk goes through; the second is held, then the page reloads.
    await page.route('**/api/v1/tus/upload/**', (route) => {
      if (route.request().method() === 'PATCH' && ++patches > 1) return;
      return route.continue();
    });
    await page.getByLabel('Files to upload').setInputFiles(path);
    await expect.poll(() => patches).toBeGreaterThan(1);
    await page.unroute('**/api/v1/tus/upload/**');
    await page.reload();

    const creations: string[] = [];
    const offsets: string[] = [];
    page.on('request', (req) => {
      if (!req.url().includes('/api/v1/tus/upload')) return;
      if (req.method() === 'POST') creations.push(req.url());
      if (req.method() === 'PATCH') offsets.push(req.headers()['upload-offset'] ?? '');
    });
    await page.getByLabel('Files to upload').setInputFiles(path);
    await expect(row(page, 'resume.mp3').getByText('Uploaded')).toBeVisible(UPLOADED);
    // No new upload was created, and the first byte sent again was past the stored chunk.
    expect(creations).toEqual([]);
    expect(Number(offsets[0])).toBe(CHUNK);
  });
});
