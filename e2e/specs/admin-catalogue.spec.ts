import { mkdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Page, Route } from '@playwright/test';
import { type ApiSession, adminSession } from '../support/accounts';
import { expect, expectAccessible, snapshot, test } from '../support/fixtures';
import { expectPlaying } from '../support/player';
import { dismissCookieNotice, useThemeMode } from '../support/theme';

/**
 * The catalogue manager as an editor uses it: add an artist, an album of theirs
 * and a track with an uploaded MP3, then hear it in the player; every catalogue page passes axe.
 */

// A short MP3 of the demo catalogue (already in the repository): a real file with a real duration.
const MP3 = resolve(import.meta.dirname, '../../apps/server/assets/demo/audio/blue-nile-rising-01.mp3');

/**
 * One API login per worker, its cookies handed to each test's page: the login limit (5 a minute per
 * email and address) is shared by every spec signing in as the admin, and the admin spec proves
 * the login form itself.
 */
let adminApi: ApiSession;
test.beforeAll(async () => {
  adminApi = await adminSession();
});
test.afterAll(async () => adminApi?.dispose());

async function logIn(page: Page) {
  await page.context().addCookies((await adminApi.context.storageState()).cookies);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin$/);
}

/** Picks `name` in a search-as-you-type field labelled `label`, with the keyboard. */
async function pick(page: Page, label: string, name: string) {
  const field = page.getByRole('combobox', { name: label });
  await field.fill(name);
  // The server's answer for the whole name holds only that row (the names are unique).
  await expect(page.getByRole('option')).toHaveText([name]);
  await field.press('ArrowDown');
  await field.press('Enter');
  await expect(page.getByRole('list', { name: `Chosen ${label.toLowerCase()}` })).toContainText(name);
}

test.beforeEach(async ({ context }) => dismissCookieNotice(context));

test('create an artist, an album and a track with an uploaded MP3, and play it in the player', async ({
  page,
}, info) => {
  const tag = `${info.project.name} ${Date.now().toString(36)}`;
  const artist = `Tizita Ensemble ${tag}`;
  const album = `Rainy Season ${tag}`;
  const track = `Blue Nile ${tag}`;
  await logIn(page);

  await page.goto('/admin/artists');
  await page.getByRole('link', { name: 'New artist' }).click();
  await page.getByLabel('Name', { exact: true }).fill(artist);
  await page.getByText('Verified artist', { exact: true }).click();
  await page.getByLabel('Biography').fill('A band from Addis Ababa.');
  await page.getByRole('button', { name: 'Create artist' }).click();
  await expect(page.getByRole('heading', { level: 1, name: artist })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/artists\/\d+$/);

  await page.goto('/admin/albums/new');
  await page.getByLabel('Name', { exact: true }).fill(album);
  await pick(page, 'Artists', artist);
  await page.getByRole('button', { name: 'Create album' }).click();
  await expect(page.getByRole('heading', { level: 1, name: album })).toBeVisible();

  // From the album: a track on it, with the file chosen before it exists.
  await page.getByRole('link', { name: 'Add track' }).click();
  await expect(page).toHaveURL(/\/admin\/tracks\/new\?album=\d+$/);
  await page.getByLabel('Title', { exact: true }).fill(track);
  // The file goes up through the upload queue at once (one plain request at this size); the track
  // takes it by its file entry once it exists.
  const audioCard = page.getByRole('region', { name: 'Audio file' });
  await audioCard.locator('input[type="file"]').setInputFiles(MP3);
  await expect(audioCard.getByRole('list', { name: 'Upload' }).getByText('Uploaded')).toBeVisible();
  await expect(audioCard.getByText('blue-nile-rising-01.mp3')).toHaveCount(2);
  await page.getByRole('button', { name: 'Create track' }).click();
  await expect(page.getByRole('heading', { level: 1, name: track })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/tracks\/\d+$/);
  // The file is analysed as a job after the answer: the page follows it until it has ended. The
  // length comes from the file, not from a typed value.
  await expect(page.getByText(/^MP3 · \d+:\d\d/)).toBeVisible({ timeout: 60_000 });
  await expect(audioCard.getByText('Processing…')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Replace audio' })).toBeVisible();

  // The tracks table finds it by name.
  await page.goto('/admin/tracks');
  await page.getByRole('searchbox', { name: 'Search tracks by name' }).fill(track);
  const table = page.getByRole('table', { name: 'Tracks' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByText(artist)).toBeVisible();

  // The listener's album page has it, and it plays.
  await table.getByRole('link', { name: new RegExp(track) }).click();
  await page.getByRole('link', { name: 'View in the player' }).click();
  await expect(page.getByRole('heading', { level: 1, name: track })).toBeVisible();
  await page
    .getByRole('button', { name: `Play ${track}` })
    .first()
    .click();
  await expectPlaying(page);
});

/**
 * A WAV of `seconds` (16-bit mono 44.1 kHz, a 440 Hz tone) on disk: above 4 MB it goes up with tus
 * in 5 MB chunks, and the server reads its length, waveform and loudness from the bytes.
 */
function wavOnDisk(name: string, seconds: number): string {
  const rate = 44_100;
  const samples = rate * seconds;
  const data = Buffer.alloc(44 + samples * 2);
  data.write('RIFF', 0, 'latin1');
  data.writeUInt32LE(36 + samples * 2, 4);
  data.write('WAVEfmt ', 8, 'latin1');
  data.writeUInt32LE(16, 16);
  data.writeUInt16LE(1, 20);
  data.writeUInt16LE(1, 22);
  data.writeUInt32LE(rate, 24);
  data.writeUInt32LE(rate * 2, 28);
  data.writeUInt16LE(2, 32);
  data.writeUInt16LE(16, 34);
  data.write('data', 36, 'latin1');
  data.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++)
    data.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  const dir = join(test.info().outputDir, 'uploads');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  writeFileSync(path, data);
  return path;
}

test("a track's audio goes up through the upload queue (tus, with progress), then the track plays it", async ({
  page,
}, info) => {
  const tag = `${info.project.name} ${Date.now().toString(36)}`;
  type Made<K extends string> = Record<K, { id: number }>;
  const artistId = (await adminApi.postOk<Made<'artist'>>('/api/v1/artists', { name: `Queue Artist ${tag}` }))
    .artist.id;
  const trackName = `Long Master ${tag}`;
  const trackId = (
    await adminApi.postOk<Made<'track'>>('/api/v1/tracks', { name: trackName, artist_ids: [artistId] })
  ).track.id;
  await logIn(page);
  await page.goto(`/admin/tracks/${trackId}`);
  await expect(page.getByRole('heading', { level: 1, name: trackName })).toBeVisible();
  const card = page.getByRole('region', { name: 'Audio file' });
  await expect(card.getByText('No audio file yet')).toBeVisible();

  // The chunks are held back until the page has been looked at mid-upload.
  const held: Route[] = [];
  let holding = true;
  await page.route('**/api/v1/tus/upload/**', (route) => {
    if (holding && route.request().method() === 'PATCH') held.push(route);
    else return route.continue();
  });
  await card.getByLabel('Audio file').setInputFiles(wavOnDisk(`master-${info.project.name}.wav`, 72));
  await expect.poll(() => held.length).toBeGreaterThan(0);
  const upload = card.getByRole('list', { name: 'Upload' });
  await expect(upload.getByText(/^Uploading/)).toBeVisible();
  await expect(upload.getByRole('button', { name: /^Cancel master-/ })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Choose audio file' })).toBeDisabled();
  await expectAccessible(page);
  await snapshot(page, 'admin-track-audio-uploading');
  holding = false;
  // A chunk the client gave up on meanwhile (a stall on a loaded runner) is retried by tus.
  for (const route of held) await route.continue().catch(() => undefined);

  // Several chunks through a loaded runner, then the analysis (a job: the card says Processing…
  // until it has ended): upper bounds, not waits.
  await expect(upload.getByText('Uploaded')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText('Audio saved (1:12)')).toBeVisible({ timeout: 60_000 });
  await expect(card.getByText('Processing…')).toBeHidden();
  await expect(card.getByText(/^WAV · 1:12/)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Replace audio' })).toBeEnabled();
  await snapshot(page, 'admin-track-audio-done');

  // Dark: a small replacement (one plain request), looked at while it goes up.
  await useThemeMode(page, 'dark');
  await expect(card.getByText(/^WAV · 1:12/)).toBeVisible();
  const plain: Route[] = [];
  await page.route('**/api/v1/file-entries', (route) => {
    if (plain.length === 0 && route.request().method() === 'POST') plain.push(route);
    else return route.continue();
  });
  await card.getByLabel('Audio file').setInputFiles(MP3);
  await expect.poll(() => plain.length).toBe(1);
  await expect(upload.getByText(/^Uploading/)).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, 'admin-track-audio-uploading-dark');
  await plain[0]!.continue();
  // The previous audio stays listed while the new file is analysed; the toast comes when it ends.
  await expect(page.getByText(/^Audio saved \(\d+:\d\d\)$/).last()).toBeVisible({ timeout: 60_000 });
  await expect(card.getByText('Processing…')).toBeHidden();
  await expect(card.getByText(/^MP3 · \d+:\d\d/)).toBeVisible();
  await snapshot(page, 'admin-track-audio-done-dark');
});

test('filter pickers narrow the tracks table, live in the URL and survive a reload', async ({
  page,
}, info) => {
  // A catalogue of this test's own: two artists, an album, a genre, three tracks sharing `tag`.
  const tag = `fx${info.project.name} ${Date.now().toString(36)}`;
  const api = adminApi;
  type Made<K extends string> = Record<K, { id: number }>;
  const artist = async (name: string) =>
    (await api.postOk<Made<'artist'>>('/api/v1/artists', { name })).artist.id;
  const meklit = await artist(`Meklit ${tag}`);
  const tsehay = await artist(`Tsehay ${tag}`);
  const album = (
    await api.postOk<Made<'album'>>('/api/v1/albums', { name: `Harar Nights ${tag}`, artist_ids: [meklit] })
  ).album.id;
  const genre = `Ethio Groove ${tag}`;
  const track = (name: string, body: object) =>
    api.postOk('/api/v1/tracks', { name: `${name} ${tag}`, ...body });
  await track('Dawn', { artist_ids: [meklit], album_id: album, number: 1, genres: [genre] });
  await track('Noon', { artist_ids: [meklit] });
  await track('Dusk', { artist_ids: [tsehay], genres: [genre] });

  await logIn(page);
  await page.goto(`/admin/tracks?query=${encodeURIComponent(tag)}`);
  const table = page.getByRole('table', { name: 'Tracks' });
  const rows = () => table.getByRole('row').filter({ hasText: tag });
  /** The table shows exactly the tracks named `names`. */
  const showing = async (...names: string[]) => {
    await expect(rows()).toHaveCount(names.length);
    for (const name of names) await expect(rows().filter({ hasText: `${name} ${tag}` })).toHaveCount(1);
  };
  await showing('Dawn', 'Noon', 'Dusk');

  /** Types into the picker labelled `label` and takes the option `name` with the keyboard. */
  async function filterBy(label: string, name: string) {
    const field = page.getByRole('combobox', { name: label, exact: true });
    await field.fill(name);
    // The server's answer for the whole name holds only that row (the names are unique).
    await expect(page.getByRole('option')).toHaveCount(1);
    await expect(page.getByRole('option')).toContainText(name);
    await field.press('ArrowDown');
    await field.press('Enter');
    await expect(field).toHaveValue(name);
  }

  await filterBy('Artist', `Meklit ${tag}`);
  await expect(page).toHaveURL(new RegExp(`[?&]artist=${meklit}(&|$)`));
  await showing('Dawn', 'Noon');

  // Export CSV downloads the rows of the current filter (search and artist), not the whole catalogue.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^tracks-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  const [header, ...lines] = csv.trimEnd().split('\r\n');
  expect(header?.split(',').slice(0, 3)).toEqual(['id', 'name', 'artists']);
  expect(lines.map((l) => l.split(',')[1]).sort()).toEqual([`Dawn ${tag}`, `Noon ${tag}`]);
  for (const line of lines) expect(line.split(',')[2]).toBe(`Meklit ${tag}`);
  await filterBy('Genre', genre);
  await showing('Dawn');

  // A reload keeps the filters and names the chosen artist and genre again (the URL holds ids).
  await page.reload();
  await showing('Dawn');
  await expect(page.getByRole('combobox', { name: 'Artist', exact: true })).toHaveValue(`Meklit ${tag}`);
  await expect(page.getByRole('combobox', { name: 'Genre', exact: true })).toHaveValue(genre);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectAccessible(page);
  await snapshot(page, 'admin-catalogue-tracks-filtered');

  // The album picker tells albums apart by their artists; one filter cleared, then all.
  await page.getByRole('button', { name: 'Clear the genre filter' }).click();
  await showing('Dawn', 'Noon');
  await filterBy('Album', `Harar Nights ${tag}`);
  await expect(page).toHaveURL(new RegExp(`[?&]album=${album}(&|$)`));
  await showing('Dawn');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await showing('Dawn', 'Noon', 'Dusk');
  await expect(page.getByRole('combobox', { name: 'Artist', exact: true })).toHaveValue('');
  expect(new URL(page.url()).searchParams.has('artist')).toBe(false);
});

// One test per page and theme: axe over a full admin table takes many seconds on a busy runner,
// and a walk of seven pages came near the per-test limit with both cores loaded.
const CATALOGUE_PAGES: [string, string][] = [
  ['/admin/artists', 'Artists'],
  ['/admin/artists/new', 'New artist'],
  ['/admin/albums', 'Albums'],
  ['/admin/albums/new', 'New album'],
  ['/admin/tracks', 'Tracks'],
  ['/admin/tracks/new', 'New track'],
  ['/admin/genres', 'Genres'],
];
for (const mode of ['light', 'dark'] as const) {
  for (const [path, heading] of CATALOGUE_PAGES) {
    test(`${path} passes axe, ${mode}, with a screenshot`, { tag: '@visual' }, async ({ page }) => {
      // Signed in by cookie straight onto the page (the heading proves it): no dashboard first.
      await page.context().addCookies((await adminApi.context.storageState()).cookies);
      await page.goto(path);
      if (mode === 'dark') await useThemeMode(page, 'dark');
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await expectAccessible(page);
      await snapshot(page, `admin-catalogue${path.replace(/[/?=]/g, '-')}-${mode}`);
    });
  }
}
