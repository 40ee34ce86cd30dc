// Both drivers: the embeddable player (/embed/{kind}/{id}), who may frame it, what it plays, and oEmbed.
import { beforeAll, describe, expect, it } from 'vitest';
import { createAlbum, createArtist, createTrack } from '#src/modules/catalogue/index';
import { type Client, createUser, FIXTURE_WEB_DIST, guest, signedInClient, useApp } from '#test/helpers';

import { embedTarget } from './embed.service';

const t = useApp(() => ({ WEB_DIST_DIR: FIXTURE_WEB_DIST, APP_URL: 'https://music.example.com' }));
const BASE = 'https://music.example.com';

let albumId: number;
let trackId: number;
let owner: Client;
let publicList: number;
let privateList: number;

/** The data the embed's script reads. */
function embedData(html: string) {
  const m = /<script type="application\/json" id="zema-embed">([\s\S]*?)<\/script>/.exec(html);
  expect(m).not.toBeNull();
  return JSON.parse(m![1]!) as {
    kind: string;
    title: string;
    items: { name: string; stream_url: string | null }[];
  };
}

beforeAll(async () => {
  const artist = await createArtist(t.deps, { name: 'Mulatu <Astatke>' });
  albumId = await createAlbum(t.deps, {
    name: 'Mulatu of Ethiopia',
    artist_ids: [artist],
    release_date: '1972-01-01',
  });
  trackId = await createTrack(t.deps, {
    name: 'Yègellè Tezeta',
    artist_ids: [artist],
    album_id: albumId,
    number: 1,
    duration_ms: 180_000,
  });
  await createTrack(t.deps, {
    name: 'Kasalefkut-Hulu',
    artist_ids: [artist],
    album_id: albumId,
    number: 2,
    duration_ms: 200_000,
  });
  const user = await createUser(t.db, { firstName: 'Hanna', lastName: 'Tesfaye' });
  owner = await signedInClient(t, user.id);
  publicList = (await owner.post('/api/v1/playlists', { name: 'Open list', public: true })).json().playlist
    .id;
  privateList = (await owner.post('/api/v1/playlists', { name: 'Closed list', public: false })).json()
    .playlist.id;
  for (const id of [publicList, privateList]) {
    const res = await owner.post(`/api/v1/playlists/${id}/tracks`, { track_ids: [trackId] });
    expect(res.statusCode, res.body).toBeLessThan(300);
  }
});

describe('the embed page', () => {
  it('may be framed by any site, unlike every other page', async () => {
    const embed = await guest().inject({ url: `/embed/album/${albumId}` }, t.app);
    expect(embed.statusCode).toBe(200);
    expect(embed.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(embed.headers['x-frame-options']).toBeUndefined();

    const page = await guest().inject({ url: `/album/${albumId}` }, t.app);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it("shows an album's artwork, title, tracks, a play button and a link back, escaped", async () => {
    const res = await guest().inject({ url: `/embed/album/${albumId}` }, t.app);
    expect(res.body).toContain('Mulatu &lt;Astatke&gt;');
    expect(res.body).not.toContain('<Astatke>');
    expect(res.body).toContain(`href="${BASE}/album/${albumId}/mulatu-of-ethiopia"`);
    expect(res.body).toContain('aria-label="Play"');
    expect(res.body).toContain('aria-label="Seek"');
    expect(res.body).toContain('<meta name="robots" content="noindex">');
    const data = embedData(res.body);
    expect(data.kind).toBe('album');
    expect(data.items.map((i) => i.name)).toEqual(['Yègellè Tezeta', 'Kasalefkut-Hulu']);
    // The JSON cannot close its script element.
    expect(res.body).not.toMatch(/id="zema-embed">[^<]*<\/(?!script)/);
  });

  it('takes a dark theme when the code asks for one', async () => {
    const light = await guest().inject({ url: `/embed/track/${trackId}` }, t.app);
    const dark = await guest().inject({ url: `/embed/track/${trackId}?theme=dark` }, t.app);
    expect(light.body).toContain('color-scheme:light');
    expect(dark.body).toContain('color-scheme:dark');
  });

  it('a track embed lists its one track; a public playlist its entries', async () => {
    const track = embedData((await guest().inject({ url: `/embed/track/${trackId}` }, t.app)).body);
    expect(track.items).toHaveLength(1);
    const list = await guest().inject({ url: `/embed/playlist/${publicList}` }, t.app);
    expect(list.statusCode).toBe(200);
    expect(embedData(list.body)).toMatchObject({
      kind: 'playlist',
      title: 'Open list',
      items: [{ name: 'Yègellè Tezeta' }],
    });
  });

  it('plays only what the visitor could play on the site: a private playlist is not there for others', async () => {
    const other = await guest().inject({ url: `/embed/playlist/${privateList}` }, t.app);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Closed list');
    expect(other.body).not.toContain('Yègellè');
    // Its owner, signed in on the site, sees it (the Share dialog's preview).
    const own = await owner.get(`/embed/playlist/${privateList}`);
    expect(own.statusCode).toBe(200);
    expect(embedData(own.body).title).toBe('Closed list');
    for (const url of [
      '/embed/album/999999',
      '/embed/song/1',
      '/embed/track/abc',
      '/embed/track/99999999999',
    ]) {
      expect((await guest().inject({ url }, t.app)).statusCode, url).toBe(404);
    }
  });
});

describe('oEmbed', () => {
  const oembed = (query: Record<string, string>) =>
    guest().inject({ url: `/api/v1/oembed?${new URLSearchParams(query)}` }, t.app);

  it("answers a page's player as a 'rich' iframe, and the pages name their oEmbed", async () => {
    const res = await oembed({ url: `${BASE}/album/${albumId}/mulatu-of-ethiopia`, format: 'json' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      version: '1.0',
      type: 'rich',
      provider_name: 'Zema',
      provider_url: `${BASE}/`,
      height: 352,
      author_name: 'Mulatu <Astatke>',
    });
    expect(body.html).toContain(`src="${BASE}/embed/album/${albumId}"`);
    expect(body.html).toContain('title="Mulatu of Ethiopia"');

    const track = (await oembed({ url: `${BASE}/track/${trackId}`, maxheight: '100' })).json();
    expect(track.height).toBe(100);

    const page = await guest().inject({ url: `/track/${trackId}` }, t.app);
    expect(page.body).toContain('type="application/json+oembed"');
  });

  it('refuses other sites, private things, unknown things and other formats', async () => {
    expect((await oembed({ url: `https://elsewhere.example/album/${albumId}` })).statusCode).toBe(404);
    expect((await oembed({ url: `${BASE}/playlist/${privateList}` })).statusCode).toBe(404);
    expect((await oembed({ url: `${BASE}/album/999999` })).statusCode).toBe(404);
    expect((await oembed({ url: 'not a url' })).statusCode).toBe(404);
    expect((await oembed({ url: `${BASE}/album/${albumId}`, format: 'xml' })).statusCode).toBe(422);
    expect((await guest().inject({ url: '/api/v1/oembed' }, t.app)).statusCode).toBe(422);
  });

  it('reads embed targets from page and embed addresses of this site only', () => {
    expect(embedTarget(`${BASE}/track/5/x`, BASE)).toEqual({ kind: 'track', id: 5 });
    expect(embedTarget(`${BASE}/embed/playlist/7`, BASE)).toEqual({ kind: 'playlist', id: 7 });
    expect(embedTarget(`${BASE}/pastor/5/x`, BASE)).toBeNull();
    expect(embedTarget('https://evil.example/track/5', BASE)).toBeNull();
  });
});
