// Both drivers: the title, description, canonical link, Open Graph, Twitter and JSON-LD tags the
// served HTML carries for each kind of page, in the page's language; nothing for private things.
import { GUEST_LOCALE_COOKIE } from '@zema/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAlbum, createArtist, createChannel, createTrack } from '#src/modules/catalogue/index';
import {
  Client,
  createUser,
  FIXTURE_WEB_DIST,
  guest,
  signedInClient,
  TEST_ADMIN_EMAIL,
  TEST_ADMIN_PASSWORD,
  useApp,
} from '#test/helpers';
import { isoDuration, plainSummary } from './share-tags';

const t = useApp(() => ({ WEB_DIST_DIR: FIXTURE_WEB_DIST, APP_URL: 'https://music.example.com' }));
const BASE = 'https://music.example.com';

/** The served head, as a link-preview checker reads it: meta tags by property or name. */
async function head(url: string, cookies?: Record<string, string>) {
  const res = await guest().inject({ url, cookies }, t.app);
  const html = res.body;
  const metas = new Map<string, string[]>();
  for (const m of html.matchAll(/<meta (property|name)="([^"]+)" content="([^"]*)">/g)) {
    metas.set(m[2]!, [...(metas.get(m[2]!) ?? []), m[3]!]);
  }
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
  return {
    status: res.statusCode,
    html,
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    canonical: /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1],
    meta: (key: string) => metas.get(key)?.[0],
    all: (key: string) => metas.get(key) ?? [],
    jsonLd,
    noindex: html.includes('<meta name="robots" content="noindex">'),
  };
}

let artistId: number;
let albumId: number;
let trackId: number;

beforeAll(async () => {
  artistId = await createArtist(t.deps, {
    name: 'Aster & "Friends"',
    image_large: '/storage/artists/aster.webp',
    bio: '<p>Ethio-jazz from <b>Addis Ababa</b>.</p>',
  });
  albumId = await createAlbum(t.deps, {
    name: 'Yekatit',
    artist_ids: [artistId],
    release_date: '2021-02-19',
    image: '/storage/albums/yekatit.webp',
  });
  trackId = await createTrack(t.deps, {
    name: 'Tizita',
    artist_ids: [artistId],
    album_id: albumId,
    number: 2,
    duration_ms: 205_000,
    genres: ['Ethio Jazz'],
  });
});

describe('share tags in the served HTML', () => {
  it('an artist page: title, description, canonical, og:image and a MusicGroup, all escaped', async () => {
    const h = await head(`/pastor/${artistId}/whatever`);
    expect(h.status).toBe(200);
    expect(h.title).toBe('Aster &amp; &quot;Friends&quot; - Zema');
    expect(h.meta('description')).toBe('Ethio-jazz from Addis Ababa.');
    expect(h.canonical).toBe(`${BASE}/pastor/${artistId}/aster-friends`);
    expect(h.meta('og:title')).toBe('Aster &amp; &quot;Friends&quot;');
    expect(h.meta('og:type')).toBe('profile');
    expect(h.meta('og:image')).toBe(`${BASE}/storage/artists/aster.webp`);
    expect(h.meta('twitter:card')).toBe('summary_large_image');
    expect(h.meta('og:locale')).toBe('en_US');
    expect(h.noindex).toBe(false);
    expect(h.jsonLd).toEqual([
      expect.objectContaining({
        '@context': 'https://schema.org',
        '@type': 'MusicGroup',
        name: 'Aster & "Friends"',
        url: `${BASE}/pastor/${artistId}/aster-friends`,
        album: [expect.objectContaining({ '@type': 'MusicAlbum', name: 'Yekatit' })],
      }),
    ]);
    // One title only: the build's own is replaced.
    expect(h.html.match(/<title>/g)).toHaveLength(1);
  });

  it('an album page: music.album with its musician, release date and songs, and a MusicAlbum', async () => {
    const h = await head(`/album/${albumId}`);
    expect(h.title).toBe('Yekatit - album by Aster &amp; &quot;Friends&quot; - Zema');
    expect(h.meta('description')).toBe('Album by Aster &amp; &quot;Friends&quot; · 2021 · 1 song');
    expect(h.meta('og:type')).toBe('music.album');
    expect(h.meta('music:musician')).toBe(`${BASE}/pastor/${artistId}/aster-friends`);
    expect(h.meta('music:release_date')).toBe('2021-02-19');
    expect(h.all('music:song')).toEqual([`${BASE}/track/${trackId}/tizita`]);
    expect(h.meta('music:song:track')).toBe('2');
    expect(h.jsonLd[0]).toMatchObject({
      '@type': 'MusicAlbum',
      numTracks: 1,
      datePublished: '2021-02-19',
      track: [{ '@type': 'MusicRecording', name: 'Tizita', duration: 'PT3M25S', position: 1 }],
    });
  });

  it('a track page: music.song with duration, album and musician, and a MusicRecording', async () => {
    const h = await head(`/track/${trackId}/tizita`);
    expect(h.title).toBe('Tizita - song by Aster &amp; &quot;Friends&quot; - Zema');
    expect(h.meta('og:type')).toBe('music.song');
    expect(h.meta('music:duration')).toBe('205');
    expect(h.meta('music:album')).toBe(`${BASE}/album/${albumId}/yekatit`);
    expect(h.meta('music:album:track')).toBe('2');
    expect(h.meta('og:image')).toBe(`${BASE}/storage/albums/yekatit.webp`);
    // No audio file: no og:audio.
    expect(h.meta('og:audio')).toBeUndefined();
    expect(h.jsonLd[0]).toMatchObject({
      '@type': 'MusicRecording',
      name: 'Tizita',
      duration: 'PT3M25S',
      inAlbum: { '@type': 'MusicAlbum', name: 'Yekatit' },
    });
  });

  it('a public playlist has tags and a MusicPlaylist; a private one has none and is noindex', async () => {
    const owner = await createUser(t.db, { firstName: 'Selam', lastName: 'Bekele' });
    const client = await signedInClient(t, owner.id);
    const open = (await client.post('/api/v1/playlists', { name: 'Sunday mix', public: true })).json()
      .playlist;
    const closed = (await client.post('/api/v1/playlists', { name: 'Secret mix', public: false })).json()
      .playlist;

    const pub = await head(`/playlist/${open.id}/sunday-mix`);
    expect(pub.title).toBe('Sunday mix - playlist by Selam Bekele - Zema');
    expect(pub.meta('og:type')).toBe('music.playlist');
    expect(pub.meta('music:creator')).toBe(`${BASE}/user/${owner.id}/selam-bekele`);
    expect(pub.jsonLd[0]).toMatchObject({ '@type': 'MusicPlaylist', name: 'Sunday mix', numTracks: 0 });

    // To a guest it does not exist; its owner gets the page, but the tags stay out either way.
    expect((await head(`/playlist/${closed.id}/secret-mix`)).status).toBe(404);
    const res = await client.get(`/playlist/${closed.id}/secret-mix`);
    const priv = {
      status: res.statusCode,
      html: res.body,
      title: /<title>([^<]*)<\/title>/.exec(res.body)?.[1],
    };
    expect(priv.status).toBe(200);
    expect(priv.html).toContain('<meta name="robots" content="noindex">');
    expect(priv.title).toBe('Zema');
    expect(priv.html).not.toContain('og:title');
    expect(priv.html).not.toContain('application/ld+json');
  });

  it('a profile, a genre and a channel are named; the landing page speaks for the site', async () => {
    const user = await createUser(t.db, { firstName: 'Dawit', lastName: 'Haile' });
    const profile = await head(`/user/${user.id}/dawit`);
    expect(profile.title).toBe('Dawit Haile - Zema');
    expect(profile.meta('og:type')).toBe('profile');

    const genre = await head('/genre/ethio-jazz');
    expect(genre.status).toBe(200);
    expect(genre.title).toBe('Ethio Jazz - Zema');
    expect(genre.meta('description')).toBe('Listen to Ethio Jazz music on Zema.');
    const none = await head('/genre/no-such-genre');
    expect(none.status).toBe(404);
    expect(none.noindex).toBe(true);

    await createChannel(t.deps, {
      name: 'Shared channel',
      slug: 'shared-channel',
      description: 'Picked for sharing',
      config: { contentType: 'album', rule: 'manual', layout: 'carousel', limit: 10 },
      items: [albumId],
    });
    const channel = await head('/channel/shared-channel');
    expect(channel.title).toBe('Shared channel - Zema');
    expect(channel.meta('description')).toBe('Picked for sharing');

    const landing = await head('/');
    expect(landing.title).toBe('Zema');
    expect(landing.canonical).toBe(`${BASE}/`);
    expect(landing.meta('og:type')).toBe('website');
    expect(landing.meta('description')).toBeTruthy();
  });

  it('a custom page uses its SEO title and description, in the reader’s language; a hidden one is noindex', async () => {
    const en = await head('/pages/privacy-policy');
    expect(en.status).toBe(200);
    expect(en.title).toMatch(/ - Zema$/);
    expect(en.meta('description')).toBeTruthy();
    expect(en.canonical).toBe(`${BASE}/pages/privacy-policy`);
    expect(en.meta('og:type')).toBe('article');

    const am = await head('/pages/privacy-policy', { [GUEST_LOCALE_COOKIE]: 'am' });
    expect(am.html).toMatch(/<html[^>]* lang="am"/);
    expect(am.meta('og:locale')).toBe('am_ET');
    expect(am.title).not.toBe(en.title);

    const admin = new Client(t.app);
    await admin.post('/auth/login', { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD });
    const created = await admin.post('/api/v1/admin/custom-pages', {
      slug: 'staff-only-notes',
      title: 'Staff only notes',
      body: '<p>Internal.</p>',
      hidden: true,
    });
    expect(created.statusCode, created.body).toBe(200);
    const hidden = await head('/pages/staff-only-notes');
    expect(hidden.noindex).toBe(true);
    expect(hidden.html).not.toContain('Staff only notes');
  });

  it('unknown things answer 404 with noindex and no tags', async () => {
    for (const url of ['/album/999999/x', '/track/999999', '/playlist/999999/x', '/user/999999/x']) {
      const h = await head(url);
      expect(h.status, url).toBe(404);
      expect(h.noindex, url).toBe(true);
      expect(h.meta('og:title'), url).toBeUndefined();
    }
  });
});

describe('helpers', () => {
  it('plainSummary strips tags and entities and cuts at a word', () => {
    expect(plainSummary('<p>One &amp; <b>two</b></p>')).toBe('One & two');
    const long = plainSummary('word '.repeat(100), 30);
    expect(long.length).toBeLessThanOrEqual(30);
    expect(long.endsWith('word…')).toBe(true);
  });

  it('isoDuration writes schema.org durations', () => {
    expect(isoDuration(205_000)).toBe('PT3M25S');
    expect(isoDuration(3_600_000 + 1000)).toBe('PT1H1S');
    expect(isoDuration(0)).toBe('PT0S');
  });
});
