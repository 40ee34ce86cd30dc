// Both drivers: robots.txt and the sitemap — what a visitor may see, paged by id, as XML, built by a job.
import { text } from 'node:stream/consumers';
import { PERMISSIONS, pagePaths } from '@zema/contracts';
import type { SaveCustomPageRequest } from '@zema/contracts/pages/pages-admin';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NotFoundError } from '#src/lib/errors';
import { createAlbum, createArtist, createTrack } from '#src/modules/catalogue/index';
import { artists, tracks } from '#src/modules/catalogue/tables';
import { playlists } from '#src/modules/library/tables';
import { GUEST_ROLE_CACHE_KEY } from '#src/modules/users/index';
import { permissionRole, permissions, roles } from '#src/modules/users/tables';
import { INVALIDATION_CHANNEL } from '#src/platform/shared-cache';
import { Client, createUser, sessionFor, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, useApp } from '#test/helpers';
import {
  buildSitemapFile,
  buildSitemapIndex,
  escapeXml,
  SITEMAP_CACHE_PREFIX,
  type SitemapDeps,
} from './sitemap.service';
import { readSitemapManifest, requestSitemap, SITEMAP_MANIFEST_KEY, sitemapFileKey } from './sitemap-store';

const t = useApp();
const BASE = 'http://localhost:8080';
const XMLNS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

let admin: Client;
let listener: Client;

/**
 * Throws unless `xml` is well-formed as far as these documents go: the declaration, then elements
 * that nest and close, attributes in double quotes, and text with no `<` and no `&` but entities.
 */
function assertWellFormed(xml: string) {
  const declaration = '<?xml version="1.0" encoding="UTF-8"?>\n';
  expect(xml.startsWith(declaration)).toBe(true);
  const body = xml.slice(declaration.length);
  const token = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<&]*")*)\s*>|([^<]+)/y;
  const open: string[] = [];
  let roots = 0;
  for (let at = 0; at < body.length; ) {
    token.lastIndex = at;
    const m = token.exec(body);
    if (!m) throw new Error(`not XML at ${at}: ${body.slice(at, at + 60)}`);
    at = token.lastIndex;
    const [, closing, name, , text] = m;
    if (text !== undefined) {
      if (/&(?!(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);)/.test(text))
        throw new Error(`bare & in ${text}`);
      if (!open.length && text.trim()) throw new Error(`text outside the root: ${text}`);
    } else if (closing) {
      if (open.pop() !== name) throw new Error(`</${name}> closes nothing open`);
    } else {
      if (!open.length) roots++;
      open.push(name!);
    }
  }
  expect(open).toEqual([]);
  expect(roots).toBe(1);
}

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** The `<loc>` and `<lastmod>` of every entry (`<url>` or `<sitemap>`), in order. */
function entries(xml: string) {
  assertWellFormed(xml);
  return [
    ...xml.matchAll(
      /<(?:url|sitemap)><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/(?:url|sitemap)>/g,
    ),
  ].map((m) => ({ loc: unescapeXml(m[1]!), lastmod: m[2] ?? null }));
}

const get = (url: string) => t.app.inject({ url });

async function fetchXml(url: string) {
  const res = await get(url);
  expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
  expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
  expect(res.headers['cache-control']).toBe('public, max-age=3600');
  return res.body;
}

/** The file names the index lists (`tracks-1`), each with its lastmod. */
async function indexFiles() {
  const xml = await fetchXml('/sitemap.xml');
  expect(xml).toContain(`<sitemapindex xmlns="${XMLNS}">`);
  return new Map(
    entries(xml).map(({ loc, lastmod }) => {
      const m = /^http:\/\/localhost:8080\/sitemaps\/([a-z]+-\d+)\.xml$/.exec(loc);
      expect(m, loc).not.toBeNull();
      return [m![1]!, lastmod] as const;
    }),
  );
}

async function locsOf(file: string) {
  const xml = await fetchXml(`/sitemaps/${file}.xml`);
  expect(xml).toContain(`<urlset xmlns="${XMLNS}">`);
  return entries(xml);
}

/** The newest change of `ids` in `table`, as the sitemap writes it. */
async function newestChange(
  table: PgTable & { id: PgColumn; createdAt: PgColumn; updatedAt: PgColumn },
  ids: number[],
) {
  const [row] = await t.db
    .select({
      at: sql<string>`to_char(max(greatest(${table.createdAt}, ${table.updatedAt})) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
    })
    .from(table)
    .where(inArray(table.id, ids));
  return row!.at;
}

async function createPage(patch: Partial<SaveCustomPageRequest>) {
  const res = await admin.post('/api/v1/admin/custom-pages', {
    slug: `page-${Math.random().toString(36).slice(2, 8)}`,
    title: 'A page',
    body: '<p>Words.</p>',
    ...patch,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().page as { id: number; slug: string };
}

async function createPlaylist(name: string, isPublic: boolean) {
  const res = await listener.post('/api/v1/playlists', { name, public: isPublic });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().playlist as { id: number; name: string };
}

/** Removes music.view from the guest role (or gives it back), as an admin editing roles would. */
async function setGuestMusicView(allowed: boolean) {
  const [role] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.guests, true));
  const [perm] = await t.db
    .select({ id: permissions.id })
    .from(permissions)
    .where(eq(permissions.name, PERMISSIONS.musicView));
  if (allowed) {
    await t.db
      .insert(permissionRole)
      .values({ roleId: role!.id, permissionId: perm!.id })
      .onConflictDoNothing();
  } else {
    await t.db
      .delete(permissionRole)
      .where(and(eq(permissionRole.roleId, role!.id), eq(permissionRole.permissionId, perm!.id)));
  }
  await t.deps.cache.invalidate(GUEST_ROLE_CACHE_KEY);
}

let artist: { id: number; name: string };
let amharic: { id: number; name: string };
let album: { id: number; name: string };
let track: { id: number; name: string };
let publicList: { id: number; name: string };
let privateList: { id: number; name: string };
let page: { id: number; slug: string };
let hiddenPage: { id: number; slug: string };
let membersPage: { id: number; slug: string };

beforeAll(async () => {
  // A change's job runs at once here, so a test can wait for it (jobs.flush).
  t.deps.tuning.sitemapCoalesceMs = 0;
  admin = new Client(t.app);
  const login = await admin.post('/auth/login', { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD });
  expect(login.statusCode).toBe(200);
  const user = await createUser(t.db);
  const session = await sessionFor(t.db, user.id);
  listener = new Client(t.app, { userId: user.id, cookies: Object.fromEntries(session.cookies) });

  const named = async (name: string) => ({ id: await createArtist(t.deps, { name }), name });
  artist = await named('Rock & <Roll> "Band"');
  amharic = await named('ቴዲ አፍሮ');
  album = { name: 'Yaz <Yaz> & Co', id: 0 };
  album.id = await createAlbum(t.deps, { name: album.name, artist_ids: [artist.id] });
  track = { name: "Don't <stop> & go", id: 0 };
  track.id = await createTrack(t.deps, { name: track.name, artist_ids: [artist.id, amharic.id] });
  publicList = await createPlaylist('Road & <trip>', true);
  privateList = await createPlaylist('Only mine', false);
  page = await createPage({ slug: 'press-kit' });
  hiddenPage = await createPage({ slug: 'draft-page', hidden: true });
  membersPage = await createPage({ slug: 'members-only', audience: 'signed-in' });
});

/**
 * Drops the kept documents and waits for the invalidation to come back over pub/sub (the cache
 * drops them again then, and would not keep a document whose reading began before).
 */
async function dropSitemapCache() {
  let arrived = () => {};
  const echoed = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  const off = await t.deps.pubsub.subscribe(`${t.deps.busNamespace}${INVALIDATION_CHANNEL}`, () => arrived());
  try {
    await t.deps.cache.invalidatePrefix(SITEMAP_CACHE_PREFIX);
    await echoed;
  } finally {
    await off();
  }
}

/** Runs the sitemap job on what the database holds now (rows some tests write without events). */
async function regenerate() {
  await t.deps.jobs.flush();
  await requestSitemap(t.deps);
  await t.deps.jobs.flush();
}

// Documents are stored and kept; each test reads what the database holds now.
beforeEach(async () => {
  await dropSitemapCache();
  await regenerate();
});

describe('robots.txt', () => {
  it('lets crawlers in, keeps them out of private areas and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of [
      '/admin',
      '/api/v1/admin',
      '/api/v1/tracks/*/stream',
      '/backstage',
      '/account-settings',
      '/billing',
      '/checkout/',
    ])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines.filter((l) => l.startsWith('Disallow: /embed'))).toEqual([]);
    // The API's public reads stay open: a crawler that runs the app renders pages from them.
    expect(lines).not.toContain('Disallow: /api/');
    expect(lines).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  });
});

describe('sitemap.xml', () => {
  it('is an index of one file per kind, each with its newest change', async () => {
    const files = await indexFiles();
    expect([...files.keys()]).toEqual([
      'static-1',
      'pages-1',
      'artists-1',
      'albums-1',
      'tracks-1',
      'playlists-1',
    ]);
    expect(files.get('static-1')).toBeNull();
    const allArtists = (await t.db.select({ id: artists.id }).from(artists)).map((r) => r.id);
    expect(files.get('artists-1')).toBe(await newestChange(artists, allArtists));
    expect(files.get('artists-1')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    for (const lastmod of files.values()) if (lastmod) expect(Date.parse(lastmod)).not.toBeNaN();
  });

  it('lists the pages at the addresses the web app links to, with their changes', async () => {
    const artistLocs = await locsOf('artists-1');
    expect(artistLocs).toContainEqual({
      loc: BASE + pagePaths.artist(artist),
      lastmod: await newestChange(artists, [artist.id]),
    });
    // A slug in Ge'ez script is percent-encoded, as a browser sends it.
    expect(artistLocs.map((e) => e.loc)).toContain(new URL(pagePaths.artist(amharic), BASE).href);
    expect((await locsOf('albums-1')).map((e) => e.loc)).toContain(BASE + pagePaths.album(album));
    const trackLocs = await locsOf('tracks-1');
    expect(trackLocs).toContainEqual({
      loc: BASE + pagePaths.track(track),
      lastmod: await newestChange(tracks, [track.id]),
    });
    expect((await locsOf('playlists-1')).map((e) => e.loc)).toEqual([BASE + pagePaths.playlist(publicList)]);
    expect((await locsOf('pages-1')).map((e) => e.loc)).toContain(BASE + pagePaths.customPage(page));
  });

  it('leaves out private playlists, hidden pages and pages not written for everyone', async () => {
    const playlistLocs = (await locsOf('playlists-1')).map((e) => e.loc).join('\n');
    expect(playlistLocs).not.toContain(`/playlist/${privateList.id}/`);
    const pageLocs = (await locsOf('pages-1')).map((e) => e.loc);
    expect(pageLocs).toContain(`${BASE}/pages/privacy-policy`);
    expect(pageLocs).not.toContain(BASE + pagePaths.customPage(hiddenPage));
    expect(pageLocs).not.toContain(BASE + pagePaths.customPage(membersPage));
  });

  it('lists no music when visitors may not open it', async () => {
    await setGuestMusicView(false);
    try {
      expect([...(await indexFiles()).keys()]).toEqual(['static-1', 'pages-1']);
      for (const file of ['artists-1', 'albums-1', 'tracks-1', 'playlists-1'])
        expect((await get(`/sitemaps/${file}.xml`)).statusCode).toBe(404);
      expect((await locsOf('static-1')).map((e) => e.loc)).not.toContain(`${BASE}/discover`);
    } finally {
      await setGuestMusicView(true);
    }
  });

  it('lists the landing page, pricing while billing is on, contact, and the radio with its public stations', async () => {
    const locs = async () => (await locsOf('static-1')).map((e) => e.loc);
    const rest = [`${BASE}/contact`, `${BASE}/radio`, `${BASE}/radio/zema`];
    expect(await locs()).toEqual([`${BASE}/`, `${BASE}/discover`, `${BASE}/pricing`, ...rest]);
    await t.deps.settings.set('billing.enable', false);
    try {
      expect(await locs()).toEqual([`${BASE}/`, `${BASE}/discover`, ...rest]);
    } finally {
      await t.deps.settings.set('billing.enable', true);
    }
  });

  it('escapes what it writes, so odd names and addresses stay well-formed XML', async () => {
    expect(escapeXml(`a&b<c>"d'`)).toBe('a&amp;b&lt;c&gt;&quot;d&#39;');
    // The names above hold & < > " '; their slugs do not, but the site's own address may.
    const settings = await t.deps.settings.getClientSettings();
    const deps: SitemapDeps = {
      ...t.deps,
      settings: {
        ...t.deps.settings,
        getClientSettings: async () => ({ ...settings, base_url: 'https://r&d.test/a<b>/' }),
      },
    };
    const xml = await buildSitemapFile(deps, 'tracks-1');
    expect(xml).toContain(`<loc>https://r&amp;d.test/a&lt;b&gt;${pagePaths.track(track)}</loc>`);
    expect(entries(xml).map((e) => e.loc)).toContain(`https://r&d.test/a<b>${pagePaths.track(track)}`);
    expect(entries(await buildSitemapIndex(deps))[0]!.loc).toBe(
      'https://r&d.test/a<b>/sitemaps/static-1.xml',
    );
  });

  /** Every file of `kind` cut for `perFile` addresses: the ids each holds, and its lastmod. */
  async function filesOf(kind: string, perFile: number, idIn: RegExp) {
    const index = entries(await buildSitemapIndex(t.deps, { perFile }))
      .map((e) => ({ name: /\/sitemaps\/(.+)\.xml$/.exec(e.loc)![1]!, lastmod: e.lastmod }))
      .filter((e) => e.name.startsWith(`${kind}-`));
    expect(index.map((e) => e.name)).toEqual(index.map((_, i) => `${kind}-${i + 1}`));
    const files = [];
    for (const { name, lastmod } of index) {
      const ids = entries(await buildSitemapFile(t.deps, name, { perFile })).map((e) =>
        Number(idIn.exec(e.loc)![1]),
      );
      files.push({ ids, lastmod });
    }
    await expect(buildSitemapFile(t.deps, `${kind}-${index.length + 1}`, { perFile })).rejects.toThrow(
      NotFoundError,
    );
    return files;
  }

  it('pages by id: each file continues where the last ended, none over the limit', async () => {
    for (let i = 0; i < 5; i++) await createArtist(t.deps, { name: `Filler ${i}` });
    const all = (await t.db.select({ id: artists.id }).from(artists).orderBy(artists.id)).map((r) => r.id);
    const files = await filesOf('artists', 2, /\/pastor\/(\d+)\//);
    expect(files).toHaveLength(Math.ceil(all.length / 2));
    for (const [i, { ids, lastmod }] of files.entries()) {
      // Full but for the last; the index's lastmod is the newest change of the file's rows.
      expect(ids.length).toBe(i < files.length - 1 ? 2 : all.length - 2 * i);
      expect(lastmod).toBe(await newestChange(artists, ids));
    }
    expect(files.flatMap((f) => f.ids)).toEqual(all);
  });

  it('pages by id over the visible rows only, private ones in between', async () => {
    const made = [];
    for (let i = 0; i < 9; i++) made.push(await createPlaylist(`Mixtape ${i}`, i % 3 !== 1));
    const visible = (
      await t.db
        .select({ id: playlists.id })
        .from(playlists)
        .where(eq(playlists.public, true))
        .orderBy(playlists.id)
    ).map((r) => r.id);
    expect(visible).not.toContain(made[1]!.id);
    const perFile = 3;
    const files = await filesOf('playlists', perFile, /\/playlist\/(\d+)\//);
    for (const { ids } of files) {
      expect(ids.length).toBeGreaterThan(0);
      expect(ids.length).toBeLessThanOrEqual(perFile);
    }
    expect(files.flatMap((f) => f.ids)).toEqual(visible);
  });

  it('answers 404 for a file that is not there', async () => {
    for (const url of [
      '/sitemaps/tracks-0.xml',
      '/sitemaps/tracks-2.xml',
      '/sitemaps/tracks-01.xml',
      '/sitemaps/static-2.xml',
      '/sitemaps/songs-1.xml',
      '/sitemaps/tracks-1.txt',
      '/sitemaps/tracks-1',
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
    // The files of a kind with no visible rows are not there either.
    const hidden = await t.db
      .update(playlists)
      .set({ public: false })
      .where(eq(playlists.public, true))
      .returning({ id: playlists.id });
    try {
      await regenerate();
      expect((await indexFiles()).has('playlists-1')).toBe(false);
      expect((await get('/sitemaps/playlists-1.xml')).statusCode).toBe(404);
    } finally {
      const ids = hidden.map((p) => p.id);
      await t.db.update(playlists).set({ public: true }).where(inArray(playlists.id, ids));
      await regenerate();
    }
  });
});

describe('the sitemap job', () => {
  /** Sitemap jobs run to the end so far (the queue's count). */
  const sitemapJobs = async () =>
    (await t.deps.jobs.engine.overview()).find((q) => q.name === 'sitemap')?.completed ?? 0;

  it('stores every file, and the routes serve them: the same bytes a request builds from the rows', async () => {
    const manifest = await readSitemapManifest(t.deps);
    expect(manifest).not.toBeNull();
    const index = await fetchXml('/sitemap.xml');
    const names = [...(await indexFiles()).keys()];
    expect(names).toContain('tracks-1');
    const served = new Map<string, string>();
    for (const name of names) served.set(name, await fetchXml(`/sitemaps/${name}.xml`));
    // What the job stored is what is served (static-1 is built at each request, as before).
    for (const name of names.filter((n) => n !== 'static-1')) {
      const file = await t.deps.storage.get(sitemapFileKey(manifest!.id, name));
      expect(file, name).not.toBeNull();
      expect(await text(file!.stream)).toBe(served.get(name));
    }
    // Byte for byte what a request builds from the same rows (the answer before the job existed).
    await dropSitemapCache();
    expect(index).toBe(await buildSitemapIndex(t.deps));
    for (const name of names) expect(served.get(name)).toBe(await buildSitemapFile(t.deps, name));
  });

  it('before the first run, a request builds the answer and sends the job; the stored one is served after', async () => {
    await t.deps.storage.delete(SITEMAP_MANIFEST_KEY);
    await dropSitemapCache();
    const before = await sitemapJobs();
    const built = await fetchXml('/sitemap.xml');
    await t.deps.jobs.flush();
    expect(await sitemapJobs()).toBe(before + 1);
    expect(await readSitemapManifest(t.deps)).not.toBeNull();
    expect(await fetchXml('/sitemap.xml')).toBe(built);
  });

  it('a catalogue change makes one job and the new sitemap; the old files are removed', async () => {
    const old = (await readSitemapManifest(t.deps))!;
    const before = await sitemapJobs();
    const id = await createArtist(t.deps, { name: 'Newcomer' });
    await t.deps.jobs.flush();
    expect(await sitemapJobs()).toBe(before + 1);
    expect(await fetchXml('/sitemaps/artists-1.xml')).toContain(`/pastor/${id}/newcomer</loc>`);
    const current = (await readSitemapManifest(t.deps))!;
    expect(current.id).not.toBe(old.id);
    expect(await t.deps.storage.stat(sitemapFileKey(old.id, 'artists-1'))).toBeNull();
  });

  it('a burst of changes makes one job', async () => {
    const quiet = await createArtist(t.deps, { name: 'Quiet one' });
    await t.deps.jobs.flush();
    const before = await sitemapJobs();
    const renamed = { id: quiet, name: `Renamed ${Math.random().toString(36).slice(2, 8)}` };
    await t.db
      .update(artists)
      .set({ name: renamed.name, updatedAt: new Date() })
      .where(eq(artists.id, quiet));
    // Three writers announce their changes at once: the second and third find the job pending.
    await Promise.all([1, 2, 3].map(() => t.deps.events.emit('catalogue.changed', {})));
    await t.deps.jobs.flush();
    expect(await sitemapJobs()).toBe(before + 1);
    expect((await locsOf('artists-1')).map((e) => e.loc)).toContain(BASE + pagePaths.artist(renamed));
  });
});
