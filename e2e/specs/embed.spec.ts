import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Album } from '@zema/contracts';
import { type ApiSession, adminSession } from '../support/accounts';
import { expect, expectDialogAccessible, snapshot, test } from '../support/fixtures';
import { dismissCookieNotice, useThemeMode } from '../support/theme';

/**
 * Embeds (issue 31): the Share → Embed dialog gives an iframe's code, and that code, pasted into a
 * plain page of another origin, plays the album there. The served HTML of an artist page carries
 * its share tags.
 */
let admin: ApiSession;
let album: Album;
test.beforeAll(async () => {
  admin = await adminSession();
  const list = await admin.getOk<{ data: { id: number }[] }>('/api/v1/admin/albums?perPage=10');
  for (const { id } of list.data) {
    const found = (await admin.getOk<{ album: Album }>(`/api/v1/albums/${id}`)).album;
    if (found.tracks?.some((t) => t.stream_url)) {
      album = found;
      break;
    }
  }
  expect(album, 'the demo catalogue has an album that plays').toBeDefined();
});
test.afterAll(async () => admin.dispose());
test.beforeEach(async ({ context }) => dismissCookieNotice(context));

/** A plain page on another port (another origin) holding `html`. */
async function otherSite(html: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="en"><head><title>A blog</title></head><body><h1>Our favourite album</h1>${html}</body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

test('the oEmbed code of an album plays on a page of another origin', async ({ page, baseURL }) => {
  const oembed = await page.request.get(
    `/api/v1/oembed?${new URLSearchParams({ url: `${baseURL}/album/${album.id}`, format: 'json' })}`,
  );
  expect(oembed.ok()).toBe(true);
  const { html } = (await oembed.json()) as { html: string };
  const site = await otherSite(html);
  try {
    await page.goto(site.url);
    const player = page.frameLocator(`iframe[title="${album.name}"]`);
    await expect(player.getByRole('link', { name: album.name })).toHaveAttribute(
      'href',
      new RegExp(`/album/${album.id}/`),
    );
    await player.getByRole('button', { name: 'Play', exact: true }).click();
    await expect(player.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
    const frame = page.frames().find((f) => f.url().includes(`/embed/album/${album.id}`));
    expect(frame).toBeDefined();
    // The audio really plays: its clock moves.
    await expect
      .poll(() => frame!.evaluate(() => document.querySelector('audio')?.currentTime ?? 0))
      .toBeGreaterThan(0.3);
    await expect(player.getByRole('listitem').first().getByRole('button')).toHaveAttribute(
      'aria-current',
      'true',
    );
    await player.getByRole('button', { name: 'Pause', exact: true }).click();
    await expect(player.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  } finally {
    site.server.close();
  }
});

test('a custom page shows the player of the album it embeds', async ({ page }) => {
  const slug = `listen-${Date.now().toString(36)}`;
  await admin.postOk('/api/v1/admin/custom-pages', {
    slug,
    title: 'Album of the week',
    body: `<p>This week:</p><div data-zema-embed="album" data-id="${album.id}"></div>`,
  });
  await page.goto(`/pages/${slug}`);
  const player = page.getByRole('main').frameLocator('iframe[title="Player"]');
  await expect(player.getByRole('link', { name: album.name })).toBeVisible();
  await expect(player.getByRole('button', { name: 'Play', exact: true })).toBeEnabled();
});

test("an artist page's served HTML carries its title, description and picture", async ({ page }) => {
  const artist = album.artists[0]!;
  const res = await page.request.get(`/pastor/${artist.id}/x`);
  const html = await res.text();
  expect(res.status()).toBe(200);
  const escaped = artist.name.replace(/&/g, '&amp;');
  expect(html).toContain(`<title>${escaped} - `);
  expect(html).toMatch(/<meta name="description" content="[^"]+">/);
  expect(html).toMatch(/<meta property="og:image" content="http[^"]+">/);
  expect(html).toContain(`<meta property="og:title" content="${escaped}">`);
});

for (const mode of ['light', 'dark'] as const) {
  test(`Share → Embed gives the player's code, with a preview (${mode})`, { tag: '@visual' }, async ({
    page,
  }) => {
    await page.goto(`/album/${album.id}`);
    if (mode === 'dark') await useThemeMode(page, 'dark');
    await page.getByRole('button', { name: `Share ${album.name}` }).click();
    await page.getByRole('menuitem', { name: 'Embed' }).click();
    const dialog = page.getByRole('dialog', { name: `Embed ${album.name}` });
    await expect(dialog).toBeVisible();
    const code = dialog.getByRole('textbox', { name: 'Embed code' });
    await expect(code).toHaveValue(
      new RegExp(`<iframe title="[^"]*" src="http[^"]+/embed/album/${album.id}"`),
    );
    if (mode === 'dark') {
      // The label is what a person clicks (the input itself is visually hidden).
      await dialog.getByText('Dark theme', { exact: true }).click();
      await expect(dialog.getByRole('checkbox', { name: 'Dark theme' })).toBeChecked();
      await expect(code).toHaveValue(new RegExp(`/embed/album/${album.id}\\?theme=dark"`));
    }
    const preview = dialog.frameLocator('iframe[title="Preview of the player"]');
    await expect(preview.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    await expectDialogAccessible(page);
    await snapshot(page, `embed-dialog-${mode}`, { fullPage: false });
  });
}
