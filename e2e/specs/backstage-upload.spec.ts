import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signInWith } from '../support/accounts';
import { approvedArtist } from '../support/backstage';
import { expect, expectAccessible, snapshot, test } from '../support/fixtures';
import { expectPlaying } from '../support/player';
import { dismissCookieNotice, useThemeMode } from '../support/theme';

/**
 * The backstage's upload flow end to end, as a new artist tries it: asked to become an artist and approved (through
 * the API; backstage.spec.ts drives those screens), they drop a folder of tagged MP3s on
 * /backstage/upload, fix a title in the draft, publish, and hear the album in the player.
 */

let dir: string;
let albumDir: string;

/** A 4-second tagged MP3 made with ffmpeg (installed by .ci/run), never a binary in the repo. */
function mp3(path: string, tags: Record<string, string>, frequency: number) {
  const meta = Object.entries(tags).flatMap(([k, v]) => ['-metadata', `${k}=${v}`]);
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${frequency}:duration=4`,
    ...meta,
    '-id3v2_version',
    '3',
    '-b:a',
    '64k',
    path,
  ]);
}

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'zema-e2e-upload-'));
  // Bytes of their own for each run (a unique comment tag): the desktop and mobile runs share one
  // server, and a file identical to another run's published track is flagged as a duplicate.
  const run = randomUUID();
  albumDir = join(dir, 'Night Drive');
  mkdirSync(albumDir);
  const album = {
    album: 'Night Drive',
    artist: 'Tag Artist',
    date: '2024',
    genre: 'Synthwave',
    comment: run,
  };
  // Named out of order on purpose: the album follows the tags' track numbers, not file names.
  mp3(join(albumDir, 'b.mp3'), { ...album, title: 'Neon Avenue', track: '2/3' }, 330);
  mp3(join(albumDir, 'a.mp3'), { ...album, title: 'Midnight Intro', track: '1/3' }, 220);
  mp3(join(albumDir, 'c.mp3'), { ...album, title: 'Dawn Outro', track: '3/3' }, 440);
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('a new artist drops a folder, fixes a title, publishes and hears the album', async ({
  page,
  context,
}) => {
  test.slow();
  await dismissCookieNotice(context);
  const { user } = await approvedArtist('uploader');
  await signInWith(page, user);
  await page.goto('/backstage/upload');
  await expect(page.getByRole('heading', { name: 'Upload music', level: 1 })).toBeVisible();

  await page.getByLabel('Folder to upload').setInputFiles(albumDir);

  const release = page.getByRole('region', { name: 'Night Drive' });
  await expect(release).toBeVisible();
  const tracks = release.getByRole('list', { name: 'Tracks' }).getByRole('listitem');
  await expect(tracks).toHaveCount(3);
  await expect(release.getByText('Ready', { exact: true })).toHaveCount(3);
  await expect(release.getByText(/already published as/)).toHaveCount(0);
  const titles = release.getByRole('textbox', { name: /^Title of track/ });
  for (const [i, title] of ['Midnight Intro', 'Neon Avenue', 'Dawn Outro'].entries())
    await expect(titles.nth(i)).toHaveValue(title);
  await expect(release.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Night Drive');

  await expectAccessible(page);
  await snapshot(page, 'backstage-upload-draft');

  const second = release.getByRole('textbox', { name: 'Title of track 2' });
  await second.fill('Neon Avenue (Radio Edit)');
  await second.blur();
  await expect(release.getByRole('textbox', { name: 'Title of track 2' })).toHaveValue(
    'Neon Avenue (Radio Edit)',
  );

  await release.getByRole('button', { name: 'Publish' }).click();
  await expect(release.getByText('Published', { exact: true })).toBeVisible();
  await release.getByRole('link', { name: 'Open the album' }).click();

  await expect(page.getByRole('heading', { name: 'Night Drive', level: 1 })).toBeVisible();
  await expect(page.getByText('Neon Avenue (Radio Edit)')).toBeVisible();
  await page.getByRole('button', { name: /^Play/ }).first().click();
  await expectPlaying(page);
});

test('the draft page reads well in light and dark', { tag: '@visual' }, async ({ page, context }) => {
  await dismissCookieNotice(context);
  const { user } = await approvedArtist('uploader');
  await signInWith(page, user);
  for (const mode of ['light', 'dark'] as const) {
    await useThemeMode(page, mode);
    await page.goto('/backstage/upload');
    await expect(page.getByRole('heading', { name: 'Upload music', level: 1 })).toBeVisible();
    await expectAccessible(page);
    await snapshot(page, `backstage-upload-empty-${mode}`);
  }
});
