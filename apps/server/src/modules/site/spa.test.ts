import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import {
  bootstrapDataSchema,
  DEFAULT_DARK_THEME_VALUES,
  GUEST_LOCALE_COOKIE,
  HOME_CHANNEL_SLUG,
} from '@zema/contracts';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializeForScript } from '#src/lib/html';
import { themes } from '#src/modules/appearance/tables';
import {
  createAlbum,
  createArtist,
  createChannel,
  createTrack,
  deleteChannel,
  updateAlbum,
} from '#src/modules/catalogue/index';
import { channels as channelsTable } from '#src/modules/catalogue/tables';
import {
  adminUserId,
  buildTestApp,
  createUser,
  FIXTURE_WEB_DIST,
  request,
  sessionFor,
  useApp,
} from '#test/helpers';
import { BOOTSTRAP_CACHE_KEYS } from './bootstrap.service';
import { startScriptsAfterFirstPaint } from './spa.service';

/** A hashed asset with the .br and .gz copies the web build writes beside it. */
const ASSET = 'assets/app-C0ffee12.js';
const ASSET_SOURCE = `export const rows = [${Array.from({ length: 400 }, (_, i) => `'row ${i}'`).join(', ')}];\n`;

let distDir: string;
beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'zema-dist-'));
  await cp(FIXTURE_WEB_DIST, distDir, { recursive: true });
  await writeFile(join(distDir, ASSET), ASSET_SOURCE);
  await writeFile(join(distDir, `${ASSET}.br`), brotliCompressSync(ASSET_SOURCE));
  await writeFile(join(distDir, `${ASSET}.gz`), gzipSync(ASSET_SOURCE));
});
afterAll(() => rm(distDir, { recursive: true, force: true }));
const t = useApp(() => ({ WEB_DIST_DIR: distDir }));

/** The body as the browser reads it after undoing the Content-Encoding. */
function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  expect(encoding ?? 'identity').toBe('identity');
  return res.body;
}

/** Reads window.bootstrapData back out of the page the way a browser would evaluate it. */
function inlinedBootstrap(res: LightMyRequestResponse) {
  const match =
    /<script nonce="[0-9a-f]+">window\.bootstrapData = ([\s\S]*?);(?:window\.bootstrapData\.i18n\.lines = [^;]*;)?<\/script>/.exec(
      res.body,
    );
  expect(match).not.toBeNull();
  return bootstrapDataSchema.parse(JSON.parse(match![1]!));
}

describe('the SPA shell', () => {
  it('inlines bootstrap data, the theme variables and the title at the markers', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-cache');
    expect(res.body).not.toContain('<!--zema:bootstrap-->');
    expect(res.body).not.toContain('<!--zema:head-->');
    const data = inlinedBootstrap(res);
    expect(data.user).toBeNull();
    expect(data.guest_role?.permissions.map((p) => p.name)).toEqual(['music.view']);
    // One title, the site name's; the build's own <title> is replaced.
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    expect(res.body).toContain('<title>Zema</title>');
    expect(res.body).toMatch(
      /<style nonce="[0-9a-f]+">:root\{[^}]*--be-background:#ffffff[^}]*color-scheme:light\}/,
    );
    // The marker's position is kept: the script comes before the module script of the build.
    expect(res.body.indexOf('window.bootstrapData')).toBeLessThan(res.body.indexOf('</body>'));
  });

  it('describes the page and preloads the landing hero image for visitors of /', async () => {
    const landing = await t.app.inject({ url: '/' });
    expect(landing.body).toContain(
      '<meta name="description" content="Stream artists, albums and trending tracks, build your library',
    );
    expect(landing.body).toContain(
      '<link rel="preload" as="image" href="/images/landing/header.jpg" fetchpriority="high">',
    );
    // Other pages, and a signed-in user's / (the player home), have no hero to preload.
    const discover = await t.app.inject({ url: '/discover' });
    expect(discover.body).toContain('<meta name="description"');
    expect(discover.body).not.toContain('rel="preload" as="image"');
    const actor = await sessionFor(t.db, await adminUserId(t.db));
    const home = await t.app.inject({ url: '/', headers: actor.headers });
    expect(home.body).not.toContain('rel="preload" as="image"');
  });

  it('inlines the signed-in user', async () => {
    const actor = await sessionFor(t.db, await adminUserId(t.db));
    const res = await t.app.inject({ url: '/admin', headers: actor.headers });
    const data = inlinedBootstrap(res);
    expect(data.user?.email).toBe('admin@zema.local');
    expect(data.guest_role).toBeNull();
  });

  it('escapes values so a setting cannot close the script tag', async () => {
    const hostile = "</script><script>alert(1)</script><!-- & \u2028 \u2029 $& $'";
    await t.app.deps.settings.set('site_name', hostile);
    try {
      const res = await t.app.inject({ url: '/discover' });
      expect(res.body).not.toContain('<script>alert(1)</script>');
      // The bootstrap script, the build's inline script and its module script.
      expect(res.body.match(/<\/script>/g)?.length).toBe(3);
      const data = inlinedBootstrap(res);
      expect(data.settings.site_name).toBe(hostile);
      expect(res.body).toContain('<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    } finally {
      await t.app.deps.settings.set('site_name', 'Zema');
    }
  });

  it('uses the default theme from settings for the first paint', async () => {
    const [dark] = await t.db.select().from(themes).where(eq(themes.isDark, true));
    await t.app.deps.settings.set('themes.default_id', dark!.id);
    try {
      const res = await t.app.inject({ url: '/' });
      expect(inlinedBootstrap(res).themes.selectedThemeId).toBe(dark!.id);
      expect(res.body).toContain(`--be-background:${DEFAULT_DARK_THEME_VALUES['--be-background']}`);
      expect(res.body).toContain('color-scheme:dark');
      // The root carries the app's dark class, so the painted frame shows the logo for dark too.
      expect(res.body).toMatch(/<html lang="en" class="dark">/);
      const frame = await t.app.inject({ url: '/login' });
      expect(frame.body).toMatch(/<html lang="en" class="dark">/);
      expect(frame.body).toMatch(/<picture class="dark:hidden">.*<picture class="hidden dark:block">/);
    } finally {
      await t.app.deps.settings.set('themes.default_id', null);
    }
  });

  it('drops theme values that could break out of the style rule', async () => {
    const [light] = await t.db.select().from(themes).where(eq(themes.defaultLight, true));
    await t.db
      .update(themes)
      .set({ values: { ...light!.values, '--be-primary': 'red}</style><script>x()</script>' } })
      .where(eq(themes.id, light!.id));
    await t.app.deps.cache.invalidate(BOOTSTRAP_CACHE_KEYS.themes);
    try {
      const res = await t.app.inject({ url: '/' });
      expect(res.body).not.toContain('</style><script>');
      expect(res.body).toContain('--be-background:#ffffff');
    } finally {
      await t.db.update(themes).set({ values: light!.values }).where(eq(themes.id, light!.id));
      await t.app.deps.cache.invalidate(BOOTSTRAP_CACHE_KEYS.themes);
    }
  });

  it('serves hashed assets as immutable and other files briefly cached', async () => {
    const asset = await t.app.inject({ url: '/assets/index-Bx12abCD.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toContain('javascript');
    expect(asset.body).toContain('zema fixture');
    const icon = await t.app.inject({ url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('sends the precompressed copy the browser accepts, with Vary and immutable caching', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['br;q=0.5, gzip', 'gzip'],
      ['gzip', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
    ] as const) {
      const res = await t.app.inject({
        url: `/${ASSET}`,
        headers: accept ? { 'accept-encoding': accept } : {},
      });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-type'], accept).toContain('javascript');
      expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(decoded(res), accept).toBe(ASSET_SOURCE);
      if (encoding) {
        expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
        expect(res.rawPayload.length).toBeLessThan(ASSET_SOURCE.length / 4);
      }
    }
  });

  it('serves an asset without copies as it is, and ranges of it unencoded', async () => {
    const plain = await t.app.inject({
      url: '/assets/index-Bx12abCD.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(plain.statusCode).toBe(200);
    expect(decoded(plain)).toContain('zema fixture');
    const part = await t.app.inject({
      url: `/${ASSET}`,
      headers: { 'accept-encoding': 'identity', range: 'bytes=0-5' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.body).toBe(ASSET_SOURCE.slice(0, 6));
  });

  it('compresses the rendered page on the fly, revalidated every time, with a working nonce', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      [undefined, undefined],
    ] as const) {
      const res = await t.app.inject({
        url: '/discover',
        headers: accept ? { 'accept-encoding': accept } : {},
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      const html = decoded(res);
      const nonce = /<script nonce="([0-9a-f]+)">window\.bootstrapData/.exec(html)?.[1];
      expect(nonce).toBeDefined();
      expect(res.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
      expect(html).toContain('window.bootstrapData');
    }
    // A signed-in user's page carries their account: not stored at all.
    const actor = await sessionFor(t.db, await adminUserId(t.db));
    const own = await t.app.inject({ url: '/', headers: actor.headers });
    expect(own.headers['cache-control']).toBe('private, no-store');
  });

  it('answers 404 for a missing asset and never serves files outside the build', async () => {
    expect((await t.app.inject({ url: '/assets/missing-123.js' })).statusCode).toBe(404);
    const traversal = await t.app.inject({ url: '/..%2f..%2fpackage.json' });
    expect(traversal.body).not.toContain('"name": "@zema/server"');
    const index = await t.app.inject({ url: '/index.html' });
    expect(index.body).toContain('window.bootstrapData');
  });

  it('answers 404 with noindex where no page of the app is, and 200 on every page it has', async () => {
    const notFound = [
      '/no-such-page',
      '/pastor/7',
      '/library/nothing',
      '/admin/no-such-area',
      '/backstage/artists',
      // No station has this address.
      '/radio/main',
      // Pages of the app whose thing does not exist (nothing is in this test's catalogue).
      '/pastor/7/some-artist',
      '/album/3',
      '/genre/R%26B%2FSoul',
      // No custom page has this address or id.
      '/pages/no-such-page',
      '/pages/999999/about',
    ];
    for (const url of notFound) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      // The app itself still shows its "page not found" screen, with the site's chrome.
      expect(res.body, url).toContain('window.bootstrapData');
      expect(res.body, url).toContain('<meta name="robots" content="noindex">');
    }
    const found = [
      '/',
      '/discover',
      '/contact',
      '/search/rock/artists',
      '/login',
      '/password/reset/abc',
      '/library/songs/',
      '/pricing',
      // The radio's list and the seeded built-in station.
      '/radio',
      '/radio/zema',
      // The seeded custom pages, by address and by id (its slug part is only for people).
      '/pages/about',
      '/pages/privacy-policy',
      '/pages/1/whatever',
      '/checkout/sandbox/zema-tx-1',
      '/admin',
      '/admin/users/5',
      '/admin/settings/billing',
      '/backstage/releases/4',
      '/workspace/join/login?invite=abc',
    ];
    for (const url of found) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('noindex');
    }
  });

  it('serves a built-in page when the web app is not built', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'zema-nodist-'));
    const other = await buildTestApp({ WEB_DIST_DIR: empty });
    try {
      const res = await other.app.inject({ url: '/' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('The web app is not built');
      expect(inlinedBootstrap(res).settings.site_name).toBe('Zema');
    } finally {
      await other.close();
      await rm(empty, { recursive: true, force: true });
    }
  });

  it("gives every inline script and style the nonces of the page's Content Security Policy", async () => {
    const res = await t.app.inject({ url: '/discover' });
    const csp = String(res.headers['content-security-policy']);
    const scriptNonce = /script-src [^;]*'nonce-([0-9a-f]+)'/.exec(csp)?.[1];
    const styleNonce = /style-src [^;]*'nonce-([0-9a-f]+)'/.exec(csp)?.[1];
    expect(scriptNonce).toBeTruthy();
    expect(styleNonce).toBeTruthy();
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(csp).not.toMatch(/style-src [^;]*'unsafe-inline'/);
    // Inline scripts: the bootstrap data, the build's own (the early theme script) and the loader
    // that starts the app's code after the painted first view.
    const inline = [...res.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
    expect(inline).toEqual([` nonce="${scriptNonce}"`, ` nonce="${scriptNonce}"`, ` nonce="${scriptNonce}"`]);
    expect(res.body).toContain("document.documentElement.dataset.fixture = 'inline';");
    const styles = [...res.body.matchAll(/<style([^>]*)>/g)].map((m) => m[1]);
    expect(styles).toEqual([` nonce="${styleNonce}"`]);
    // Where React Aria finds the nonce for the <style> elements it adds at run time.
    expect(res.body).toContain(`<meta property="csp-nonce" nonce="${styleNonce}">`);
    // A fresh nonce per page.
    const again = await t.app.inject({ url: '/discover' });
    expect(again.headers['content-security-policy']).not.toBe(csp);
  });

  it('shows a regular user their own data', async () => {
    const user = await createUser(t.db, { firstName: 'Abebe', lastName: 'Bikila' });
    const actor = await sessionFor(t.db, user.id);
    const data = inlinedBootstrap(await t.app.inject({ url: '/library', headers: actor.headers }));
    expect(data.user?.display_name).toBe('Abebe Bikila');
  });
});

describe('the painted first view', () => {
  /** The markup inside #root, as served. */
  const root = (html: string) => /<div id="root">([\s\S]*?)<\/div>\s*<script/.exec(html)?.[1] ?? '';
  const COOKIE_TEXT = 'This website uses cookies to ensure you get the best experience on our website.';

  it('paints the player frame and the cookie notice, and starts the scripts after it', async () => {
    const res = await t.app.inject({ url: '/discover' });
    const painted = root(res.body);
    expect(painted).toContain('aria-label="Player navigation"');
    expect(painted).toContain('<a href="/search"');
    expect(painted).toContain(COOKIE_TEXT);
    // The module script and its preloads are not in the markup: a loader adds them after the paint.
    expect(res.body).not.toMatch(/<script[^>]*type="module"/);
    expect(res.body).not.toMatch(/<link[^>]*rel="modulepreload"/);
    expect(res.body).toContain('"/assets/index-Bx12abCD.js"');
    expect(res.body).toContain('"/assets/shared-Ab12cdEF.js"');
    expect(res.body).toMatch(
      /<script nonce="[0-9a-f]+">\(\(\)=>\{[^<]*requestAnimationFrame[^<]*<\/script><\/body>/,
    );
    // Once the visitor has accepted the notice, it is not painted.
    const accepted = await t.app.inject({ url: '/discover', cookies: { cookie_notice: 'true' } });
    expect(root(accepted.body)).not.toContain(COOKIE_TEXT);
  });

  it('starts every module script the build wrote after the paint, in order', () => {
    const html =
      '<html><head><script type="module" crossorigin src="/assets/a.js"></script>\n' +
      '<script type="module" crossorigin src="/assets/b.js"></script>\n' +
      '<link rel="modulepreload" crossorigin href="/assets/c.js">\n</head><body></body></html>';
    const out = startScriptsAfterFirstPaint(html, 'n0nce');
    expect(out).not.toMatch(/<script[^>]*type="module"/);
    expect(out).toContain('e=["/assets/a.js","/assets/b.js"]');
    expect(out).toContain('p=["/assets/c.js"]');
  });

  it("paints an artist page's picture and name, escaped", async () => {
    const id = await createArtist(t.deps, {
      name: '<b>Tilahun</b> & Co',
      image_large: '/storage/x/t"1.webp',
    });
    const painted = root((await t.app.inject({ url: `/pastor/${id}/tilahun` })).body);
    expect(painted).toContain('&lt;b&gt;Tilahun&lt;/b&gt; &amp; Co</h1>');
    expect(painted).toContain('src="/storage/x/t&quot;1.webp" alt="" fetchpriority="high"');
    expect(painted).not.toContain('<b>');
    // An artist that does not exist gets the plain frame and a 404; an id past the column's range too.
    for (const url of ['/pastor/999999/none', '/pastor/99999999999/none']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('<meta name="robots" content="noindex">');
      expect(root(res.body)).toContain('aria-label="Player navigation"');
      expect(root(res.body)).not.toContain('<h1');
    }
  });

  it("paints a channel's rows, as guests see them, and follows catalogue writes", async () => {
    const artist = await createArtist(t.deps, { name: 'Painted <Artist>' });
    const album = await createAlbum(t.deps, {
      name: 'Painted & Album',
      artist_ids: [artist],
      release_date: '2024-03-01',
      image: '/storage/x/painted.webp',
    });
    const track = await createTrack(t.deps, {
      name: 'Painted Track',
      artist_ids: [artist],
      album_id: album,
      duration_ms: 61_000,
    });
    await createChannel(t.deps, {
      name: 'Painted albums',
      slug: 'painted-albums',
      description: 'Chosen by hand',
      config: { contentType: 'album', rule: 'manual', layout: 'carousel', limit: 10 },
      items: [album],
    });
    const painted = root((await t.app.inject({ url: '/channel/painted-albums' })).body);
    // A channel page's heading is visible; each card is a real link with its cover and subtitle.
    expect(painted).toContain('<h1 class="text-3xl font-bold">Painted albums</h1>');
    expect(painted).toContain('Chosen by hand');
    expect(painted).toContain(`href="/album/${album}/painted-album"`);
    expect(painted).toContain('src="/storage/x/painted.webp" alt=""');
    expect(painted).toContain('>Painted &amp; Album</a>');
    expect(painted).toContain('2024 · Painted &lt;Artist&gt;</span>');
    expect(painted).not.toContain('<Artist>');
    expect(painted).not.toContain('animate-pulse');
    // The home channel's rows: its heading for screen readers, a section per non-empty child.
    const tracksRow = await createChannel(t.deps, {
      name: 'Painted tracks',
      slug: 'painted-tracks',
      config: { contentType: 'track', rule: 'manual', layout: 'grid', limit: 10 },
      items: [track],
    });
    await createChannel(t.deps, {
      name: 'Discover',
      slug: HOME_CHANNEL_SLUG,
      config: { contentType: 'channel', rule: 'manual', layout: 'grid', limit: 10 },
      items: [tracksRow],
    });
    const home = root((await t.app.inject({ url: '/discover' })).body);
    expect(home).toMatch(/<h1 class="sr-only">[^<]+<\/h1>/);
    expect(home).toMatch(/<section class="flex flex-col gap-3">.*<h2 class="text-xl font-bold">/);
    expect(home).toContain('>Painted Track</a>');
    expect(home).toContain('>1:01</span>');
    // A catalogue write shows on the next page load, not after the cache's lifetime.
    await updateAlbum(t.deps, album, { name: 'Renamed Album', artist_ids: [artist] });
    expect(root((await t.app.inject({ url: '/channel/painted-albums' })).body)).toContain(
      '>Renamed Album</a>',
    );
    // Unknown or malformed channels get the plain frame (the app shows its own error) and a 404.
    for (const url of ['/channel/no-such-channel', '/channel/a%27b', `/channel/${'x'.repeat(300)}`]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(root(res.body)).toContain('aria-label="Player navigation"');
      expect(root(res.body)).not.toContain('<h1');
    }
  });

  it('paints the chosen homepage channel at /, preloads its call, and falls back when it is gone', async () => {
    const admin = await sessionFor(t.db, await adminUserId(t.db));
    const setHomepage = async (homepage: { type: string; value: string | null }) => {
      const res = await request(t.app, admin, {
        method: 'POST',
        url: '/api/v1/settings',
        payload: { homepage },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const artist = await createArtist(t.deps, { name: 'Homepage Artist' });
    const track = await createTrack(t.deps, {
      name: 'Homepage Track',
      artist_ids: [artist],
      duration_ms: 1000,
    });
    const picks = await createChannel(t.deps, {
      name: 'Homepage picks',
      slug: 'homepage-picks',
      description: 'Shown at the root',
      config: { contentType: 'track', rule: 'manual', layout: 'track_table', limit: 10 },
      items: [track],
    });
    const discoverRow = await createChannel(t.deps, {
      name: 'Discover only',
      slug: 'discover-only',
      config: { contentType: 'track', rule: 'manual', layout: 'grid', limit: 10 },
      items: [track],
    });
    // The default home channel, whatever an earlier test left there.
    await t.db.delete(channelsTable).where(eq(channelsTable.slug, HOME_CHANNEL_SLUG));
    await createChannel(t.deps, {
      name: 'Discover',
      slug: HOME_CHANNEL_SLUG,
      config: { contentType: 'channel', rule: 'manual', layout: 'grid', limit: 10 },
      items: [discoverRow],
    });
    await setHomepage({ type: 'channel', value: 'homepage-picks' });
    try {
      const res = await t.app.inject({ url: '/' });
      const painted = root(res.body);
      // The player's home: the chosen channel, one list, so its heading and description show.
      expect(painted).toContain('<h1 class="text-3xl font-bold">Homepage picks</h1>');
      expect(painted).toContain('>Homepage Track</a>');
      expect(painted).toContain('Shown at the root');
      expect(painted).not.toContain('Music that moves with you');
      expect(res.body).toContain('<link rel="preload" as="fetch" href="/api/v1/channels/homepage-picks"');
      // A signed-in user's / is the same channel.
      const signedIn = await t.app.inject({ url: '/', headers: admin.headers });
      expect(root(signedIn.body)).toContain('>Homepage picks</h1>');
      // /discover stays the default home channel.
      expect(root((await t.app.inject({ url: '/discover' })).body)).toContain('>Discover only</h2>');

      // Deleted since it was chosen: the page paints the default home channel, as the app shows
      // it once its first call (still the chosen one, still preloaded) answers 404.
      await deleteChannel(t.deps, picks);
      const gone = await t.app.inject({ url: '/' });
      expect(root(gone.body)).toContain('<h1 class="sr-only">Discover</h1>');
      expect(root(gone.body)).toContain('>Discover only</h2>');
      expect(gone.body).toContain('href="/api/v1/channels/homepage-picks"');
    } finally {
      await setHomepage({ type: 'landing', value: null });
    }
  });

  it('paints the landing hero for visitors of / and the card of the auth pages', async () => {
    const landing = root((await t.app.inject({ url: '/' })).body);
    expect(landing).toMatch(/<h1 [^>]*>Music that moves with you<\/h1>/);
    expect(landing).toContain('src="/images/landing/header.jpg"');
    expect(root((await t.app.inject({ url: '/login' })).body)).toContain('>Sign in to your account</h1>');
    expect(root((await t.app.inject({ url: '/register' })).body)).toContain('>Create a new account</h1>');
  });

  it('paints nothing where the app decides alone, and keeps the module script there', async () => {
    // A visitor's /library goes to /login; the admin area and unknown paths are the app's.
    for (const url of ['/library', '/account-settings', '/no-such-page']) {
      const res = await t.app.inject({ url });
      expect(root(res.body)).toBe('');
      expect(res.body).toContain(
        '<script type="module" crossorigin src="/assets/index-Bx12abCD.js"></script>',
      );
    }
    // A signed-in user's / is the player home.
    const actor = await sessionFor(t.db, await adminUserId(t.db));
    const home = root((await t.app.inject({ url: '/', headers: actor.headers })).body);
    expect(home).toContain('aria-label="Player navigation"');
    expect(home).not.toContain('Music that moves with you');
  });
});

describe('serializeForScript', () => {
  it('escapes every character that could end the script or confuse a parser', () => {
    const out = serializeForScript({ s: '</script><!--&\u2028\u2029' });
    expect(out).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(out)).toEqual({ s: '</script><!--&\u2028\u2029' });
  });
});

describe("a language's lines, a script of their own", () => {
  it('keeps an Amharic page small: the lines come from a script cached under their version', async () => {
    const page = await t.app.inject({ url: '/discover', cookies: { [GUEST_LOCALE_COOKIE]: 'am' } });
    expect(page.statusCode).toBe(200);
    const src = /<script src="(\/i18n\/am\.[0-9a-f]{16}\.js)"><\/script><script nonce/.exec(page.body)?.[1];
    expect(src).toBeDefined();
    const data = inlinedBootstrap(page);
    expect(data.i18n.locale.language).toBe('am');
    expect(data.i18n.lines).toEqual({});
    expect(page.body).toContain('window.bootstrapData.i18n.lines = window.zemaLines || {};</script>');
    // The English page has no lines to load.
    const english = await t.app.inject({ url: '/discover' });
    expect(english.body).not.toContain('/i18n/');

    const script = await t.app.inject({ url: src! });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const lines = JSON.parse(/^window\.zemaLines = ([\s\S]*);\n$/.exec(script.body)![1]!) as Record<
      string,
      string
    >;
    expect(lines['Sign in to your account']).toBe('ወደ መለያዎ ይግቡ');
    expect(script.body).not.toMatch(/<\/script/i);

    // A page cached with an older version still gets today's lines, revalidated.
    const stale = await t.app.inject({ url: '/i18n/am.0123456789abcdef.js' });
    expect(stale.statusCode).toBe(200);
    expect(stale.headers['cache-control']).toBe('no-cache');
    for (const bad of ['/i18n/xx.0123456789abcdef.js', '/i18n/am.js', '/i18n/..%2Fam.0123456789abcdef.js']) {
      expect((await t.app.inject({ url: bad })).statusCode).toBe(404);
    }
  });
});
