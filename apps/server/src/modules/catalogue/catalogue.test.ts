// Both drivers: two creations with one new slug at once (a unique race).
import {
  ADMIN_PERMISSIONS as A,
  albumResponseSchema,
  artistPageResponseSchema,
  channelResponseSchema,
  type NestedChannel,
  PERMISSIONS,
  trackResponseSchema,
} from '@zema/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { tracks } from '#src/modules/catalogue/tables';
import { follows, likes } from '#src/modules/library/tables';
import { plays } from '#src/modules/player/tables';
import { id3ThenText, makeWav } from '#test/catalogue';
import { adminUserId, type Client, createUser, guest, request, sessionFor, useApp } from '#test/helpers';
import { pngClaiming } from '#test/images';

const t = useApp();
let admin: Client;
let user: Client;
let userId: number;

const api = (actor: Client, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  request(t.app, actor, {
    method,
    url: `/api/v1${url}`,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

async function post<T = { id: number }>(url: string, payload: unknown, key: string): Promise<T> {
  const res = await api(admin, 'POST', url, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json()[key] as T;
}

// A small catalogue: Alpha (rock, pop) with two albums, Beta (rock, pop), Gamma (rock), Delta (jazz).
let alpha: number;
let beta: number;
let gamma: number;
let delta: number;
let oldAlbum: number;
let newAlbum: number;
const trackIds: Record<string, number> = {};

beforeAll(async () => {
  admin = await sessionFor(t.db, await adminUserId(t.db));
  const u = await createUser(t.db);
  userId = u.id;
  user = await sessionFor(t.db, u.id);

  alpha = (await post('/artists', { name: 'Alpha', genres: ['Rock', 'Pop'], verified: true }, 'artist')).id;
  beta = (await post('/artists', { name: 'Beta', genres: ['rock', 'pop'] }, 'artist')).id;
  gamma = (await post('/artists', { name: 'Gamma', genres: ['rock'] }, 'artist')).id;
  delta = (await post('/artists', { name: 'Delta', genres: ['Jazz'] }, 'artist')).id;
  oldAlbum = (
    await post(
      '/albums',
      { name: 'Old Times', artist_ids: [alpha], release_date: '2001-01-01', image: '/old.jpg' },
      'album',
    )
  ).id;
  newAlbum = (
    await post(
      '/albums',
      {
        name: 'New Days',
        artist_ids: [alpha, beta],
        release_date: '2024-06-01',
        type: 'ep',
        image: '/new.jpg',
      },
      'album',
    )
  ).id;
  const specs: [string, number | null, number, number[], string[]][] = [
    ['Zebra Song', oldAlbum, 2, [alpha], ['rock']],
    ['Apple Song', oldAlbum, 1, [alpha], ['rock']],
    ['Mango Song', newAlbum, 1, [beta, alpha], ['pop']],
    ['Loose Jazz', null, 1, [delta], ['jazz']],
  ];
  for (const [name, album_id, number, artist_ids, genres] of specs) {
    trackIds[name] = (
      await post('/tracks', { name, album_id, number, artist_ids, genres, duration_ms: 120_000 }, 'track')
    ).id;
  }
  // Popularity: all time Zebra > Mango > Apple; this week only Apple has plays.
  await t.db.update(tracks).set({ plays: 100 }).where(eq(tracks.id, trackIds['Zebra Song']!));
  await t.db.update(tracks).set({ plays: 50 }).where(eq(tracks.id, trackIds['Mango Song']!));
  await t.db.update(tracks).set({ plays: 10 }).where(eq(tracks.id, trackIds['Apple Song']!));
  await t.db.insert(plays).values(
    [1, 2, 3].map((n) => ({
      trackId: trackIds['Apple Song']!,
      listener: `test-${n}`,
      listenId: `listen-${n}-xxxx`,
      secondsListened: 60,
    })),
  );
});

describe('admin writes', () => {
  it('are admin-only: 401 for a guest, 403 for a user', async () => {
    const body = { name: 'Nope', artist_ids: [alpha] };
    for (const [method, url] of [
      ['POST', '/artists'],
      ['PUT', `/artists/${alpha}`],
      ['DELETE', `/artists/${alpha}`],
      ['POST', '/albums'],
      ['POST', '/tracks'],
      ['DELETE', `/tracks/${trackIds['Zebra Song']}`],
      ['POST', '/genres'],
      ['POST', '/channels'],
      ['POST', `/tracks/${trackIds['Zebra Song']}/audio`],
    ] as const) {
      expect((await api(guest(), method, url, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await api(user, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await api(guest(), 'GET', `/artists/${alpha}`)).statusCode).toBe(200);
  });

  it('validate their bodies and references', async () => {
    const missing = await api(admin, 'POST', '/albums', { name: 'X', artist_ids: [999_999] });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.artist_ids).toEqual(['One or more artists do not exist.']);
    expect((await api(admin, 'POST', '/tracks', { name: '', artist_ids: [alpha] })).statusCode).toBe(422);
    expect((await api(admin, 'PUT', '/artists/999999', { name: 'Ghost' })).statusCode).toBe(404);
  });

  it('update and delete', async () => {
    const id = (await post('/artists', { name: 'Temp', genres: ['Temp Genre'] }, 'artist')).id;
    const put = await api(admin, 'PUT', `/artists/${id}`, { name: 'Temp 2', bio: 'Bio', genres: [] });
    expect(put.json().artist).toMatchObject({ name: 'Temp 2', bio: 'Bio', genres: [] });
    expect((await api(admin, 'DELETE', `/artists/${id}`)).statusCode).toBe(200);
    expect((await api(admin, 'GET', `/artists/${id}`)).statusCode).toBe(404);
  });

  it('store uploaded audio after checking its magic bytes, and read its duration', async () => {
    const id = (await post('/tracks', { name: 'Upload', artist_ids: [gamma] }, 'track')).id;
    const notAudio = await request(t.app, admin, {
      method: 'POST',
      url: `/api/v1/tracks/${id}/audio`,
      headers: { 'content-type': 'audio/mpeg' },
      payload: Buffer.from('<html>definitely not audio</html>'),
    });
    expect(notAudio.statusCode).toBe(422);
    // An MP3's magic bytes are three letters: what follows must decode.
    const id3Text = await request(t.app, admin, {
      method: 'POST',
      url: `/api/v1/tracks/${id}/audio`,
      headers: { 'content-type': 'audio/mpeg' },
      payload: id3ThenText(),
    });
    expect(id3Text.statusCode, id3Text.body).toBe(422);
    expect(id3Text.json().errors).toEqual({ file: ['The file could not be decoded as audio.'] });
    const boundary = '----zema-test';
    const wav = makeWav(2.5);
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`,
      ),
      wav,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await request(t.app, admin, {
      method: 'POST',
      url: `/api/v1/tracks/${id}/audio`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    const track = trackResponseSchema.parse(res.json()).track;
    // The name said .mp3; the bytes say WAV.
    expect(track).toMatchObject({ format: 'wav', duration_ms: 2500, bitrate: 64 });
    expect(track.stream_url).toBe(`/api/v1/tracks/${id}/stream`);
    const [row] = await t.db.select().from(tracks).where(eq(tracks.id, id));
    expect(row!.src).toMatch(/^audio\/[a-f0-9]{32}\.wav$/);
    expect(row!.fileSize).toBe(wav.length);
    // Audio is never served by the public storage route, only by the permission-checked stream.
    expect((await t.app.inject({ url: `/storage/${row!.src}` })).statusCode).toBe(404);
    const streamed = await request(t.app, guest(), { url: `/api/v1/tracks/${id}/stream` });
    expect(Buffer.compare(streamed.rawPayload, wav)).toBe(0);
  });
});

describe('POST catalogue/images', () => {
  const upload = (actor: Client, bytes: Buffer) => {
    const boundary = '----zema-image';
    return request(t.app, actor, {
      method: 'POST',
      url: '/api/v1/catalogue/images',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
  };

  it('re-encodes a picture as WebP fitted in 1000 px and returns its URL; refuses non-images', async () => {
    const png = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    expect((await upload(user, png)).statusCode).toBe(403);
    const res = await upload(admin, png);
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(/^\/storage\/images\/[a-f0-9]{32}\.webp$/);
    const served = await t.app.inject({ url });
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 1000,
      height: 500,
    });
    const bad = await upload(admin, Buffer.from('not a picture at all'));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.file).toEqual(['This file type is not allowed']);
    // A picture over the pixel limit is not of the wrong type: it is too large, and says so.
    const huge = await upload(admin, await pngClaiming(7000, 7000));
    expect(huge.statusCode).toBe(422);
    expect(huge.json().errors.file).toEqual(['The image is too large: at most 6400 × 6400 pixels.']);
  });

  it('needs a permission to edit the catalogue: admin.access alone is not enough', async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#3c3' } })
      .png()
      .toBuffer();
    const holding = async (...names: string[]) =>
      sessionFor(
        t.db,
        (await createUser(t.db, { roles: [], permissions: names.map((name) => ({ name })) })).id,
      );
    const areaOnly = await upload(await holding(PERMISSIONS.adminAccess), png);
    expect(areaOnly.statusCode, areaOnly.body).toBe(403);
    for (const permission of [A.artistsUpdate, A.albumsUpdate, A.tracksUpdate, A.genresUpdate]) {
      const res = await upload(await holding(PERMISSIONS.adminAccess, permission), png);
      expect(res.statusCode, `${permission}: ${res.body}`).toBe(200);
    }
    expect((await upload(await holding(A.usersUpdate, A.settingsUpdate), png)).statusCode).toBe(403);
  });
});

describe('catalogue reads', () => {
  it('artist page: popular tracks by plays, albums newest first, similar by shared genres, caller flags', async () => {
    await t.db.insert(likes).values({ userId, likeableType: 'artist', likeableId: alpha });
    await t.db.insert(follows).values({ followerId: userId, followableType: 'artist', followableId: alpha });
    const res = await api(user, 'GET', `/artists/${alpha}`);
    expect(res.statusCode).toBe(200);
    const page = artistPageResponseSchema.parse(res.json());
    expect(page.artist).toMatchObject({
      name: 'Alpha',
      verified: true,
      followers_count: 1,
      liked: true,
      followed: true,
    });
    expect(page.artist.genres.map((g) => g.name)).toEqual(['pop', 'rock']);
    expect(page.popular_tracks.map((x) => x.name)).toEqual(['Zebra Song', 'Mango Song', 'Apple Song']);
    expect(page.albums.map((a) => a.name)).toEqual(['New Days', 'Old Times']);
    expect(page.albums[1]).toMatchObject({ tracks_count: 2, duration_ms: 240_000 });
    expect(page.artist.albums.map((a) => a.id)).toEqual([newAlbum, oldAlbum]);
    // Beta shares two genres, Gamma one; Delta none.
    expect(page.similar.map((a) => a.id)).toEqual([beta, gamma]);
    const asGuest = artistPageResponseSchema.parse((await api(guest(), 'GET', `/artists/${alpha}`)).json());
    expect(asGuest.artist.liked).toBeUndefined();
    expect((await api(guest(), 'GET', '/artists/999999')).statusCode).toBe(404);
  });

  it('artist tracks and albums, paginated', async () => {
    const tracksPage = (await api(guest(), 'GET', `/artists/${alpha}/tracks?perPage=2&page=2`)).json();
    expect(tracksPage).toMatchObject({
      current_page: 2,
      per_page: 2,
      total: 3,
      last_page: 2,
      next_page: null,
    });
    expect(tracksPage.data.map((x: { name: string }) => x.name)).toEqual(['Apple Song']);
    const albumsPage = (await api(guest(), 'GET', `/artists/${beta}/albums`)).json();
    expect(albumsPage.data.map((a: { id: number }) => a.id)).toEqual([newAlbum]);
  });

  it('album with tracks in order; track with credits in order and genres', async () => {
    const album = albumResponseSchema.parse((await api(guest(), 'GET', `/albums/${oldAlbum}`)).json()).album;
    expect(album.tracks!.map((x) => x.name)).toEqual(['Apple Song', 'Zebra Song']);
    expect(album.genres!.map((g) => g.name)).toEqual(['rock']);
    const track = trackResponseSchema.parse(
      (await api(guest(), 'GET', `/tracks/${trackIds['Mango Song']}`)).json(),
    ).track;
    expect(track.artists.map((a) => a.name)).toEqual(['Beta', 'Alpha']);
    expect(track.image).toBe('/new.jpg');
    expect(track.stream_url).toBeNull();
    expect(track.genres!.map((g) => g.name)).toEqual(['pop']);
    expect((await api(guest(), 'GET', '/albums/999999')).statusCode).toBe(404);
  });

  it('genres: list, one, and its tracks, artists and albums', async () => {
    const list = (await api(guest(), 'GET', '/genres?perPage=50')).json();
    expect(list.data.map((g: { name: string }) => g.name)).toEqual(
      expect.arrayContaining(['jazz', 'pop', 'rock']),
    );
    expect((await api(guest(), 'GET', '/genres/Rock')).json().genre).toMatchObject({
      name: 'rock',
      display_name: 'Rock',
    });
    const rockTracks = (await api(guest(), 'GET', '/genres/rock/tracks')).json();
    expect(rockTracks.data.map((x: { name: string }) => x.name)).toEqual(['Zebra Song', 'Apple Song']);
    const rockArtists = (await api(guest(), 'GET', '/genres/rock/artists')).json();
    expect(rockArtists.data.map((a: { id: number }) => a.id).sort()).toEqual([alpha, beta, gamma].sort());
    const popAlbums = (await api(guest(), 'GET', '/genres/pop/albums')).json();
    expect(popAlbums.data.map((a: { id: number }) => a.id)).toEqual([newAlbum]);
    expect((await api(guest(), 'GET', '/genres/nothing-here/tracks')).statusCode).toBe(404);
  });
});

describe('channels', () => {
  const channel = async (slug: string, contentType: string, rule: string, limit = 10, items?: number[]) => {
    const res = await api(admin, 'POST', '/channels', {
      name: slug,
      slug,
      config: { contentType, rule, layout: 'grid', limit },
      ...(items ? { items } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    return channelResponseSchema.parse(res.json());
  };
  const names = (c: { channel: { content: { items: unknown[] } } }) =>
    (c.channel.content.items as { name: string }[]).map((i) => i.name);

  it('fill by rule: popular this week, popular all time, newest, alphabetical', async () => {
    const week = await channel('t-week', 'track', 'popular_week', 3);
    expect(names(week)[0]).toBe('Apple Song');
    expect(names(await channel('t-all', 'track', 'popular_all_time', 3))).toEqual([
      'Zebra Song',
      'Mango Song',
      'Apple Song',
    ]);
    expect(names(await channel('a-new', 'album', 'newest'))).toEqual(['New Days', 'Old Times']);
    expect(names(await channel('ar-abc', 'artist', 'alphabetical')).slice(0, 4)).toEqual([
      'Alpha',
      'Beta',
      'Delta',
      'Gamma',
    ]);
  });

  it('a manual list keeps its order and pages by the limit', async () => {
    const ids = [trackIds['Loose Jazz']!, trackIds['Zebra Song']!, trackIds['Apple Song']!];
    const made = await channel('manual-tracks', 'track', 'manual', 2, ids);
    expect(names(made)).toEqual(['Loose Jazz', 'Zebra Song']);
    expect(made.pagination).toMatchObject({ total: 3, last_page: 2, next_page: 2 });
    const second = channelResponseSchema.parse(
      (await api(guest(), 'GET', '/channels/manual-tracks?page=2')).json(),
    );
    expect(names(second)).toEqual(['Apple Song']);
    const bad = await api(admin, 'POST', '/channels', {
      name: 'x',
      slug: 'bad-items',
      config: { contentType: 'album', rule: 'manual', layout: 'grid', limit: 5 },
      items: [999_999],
    });
    expect(bad.statusCode).toBe(422);
  });

  it('a channel of channels nests its children with their content, one level deep', async () => {
    const rows = await channel('rows', 'album', 'newest', 1);
    const inner = await channel('inner-home', 'channel', 'manual', 5, [rows.channel.id]);
    const home = await channel('home-test', 'channel', 'manual', 5, [inner.channel.id, rows.channel.id]);
    const got = channelResponseSchema.parse(
      (await api(guest(), 'GET', `/channels/${home.channel.id}`)).json(),
    );
    const [first, second] = got.channel.content.items as NestedChannel[];
    expect(second!.slug).toBe('rows');
    expect((second!.content.items as { name: string }[]).map((a) => a.name)).toEqual(['New Days']);
    // The inner channel is listed with its children, but those carry no content of their own.
    expect(first!.slug).toBe('inner-home');
    const grandchildren = first!.content.items as NestedChannel[];
    expect(grandchildren.map((c) => c.slug)).toEqual(['rows']);
    expect(grandchildren[0]!.content.items).toEqual([]);
    expect((await api(guest(), 'GET', '/channels/no-such-channel')).statusCode).toBe(404);
  });

  it('creating with a slug that exists answers 422 on slug and leaves that channel alone', async () => {
    const home = await channel('home-clash', 'album', 'newest', 3);
    for (const attempt of [
      { name: 'Hijack', slug: 'home-clash' },
      { name: 'Hijack', slug: 'home-clash', items: [trackIds['Zebra Song']!] },
    ]) {
      const res = await api(admin, 'POST', '/channels', {
        ...attempt,
        config: { contentType: 'track', rule: 'manual', layout: 'grid', limit: 5 },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: 'This slug is already taken.',
        errors: { slug: ['This slug is already taken.'] },
      });
    }
    const after = channelResponseSchema.parse((await api(guest(), 'GET', '/channels/home-clash')).json());
    expect(after.channel).toMatchObject({ id: home.channel.id, name: 'home-clash' });
    expect(after.channel.content.type).toBe('album');
    // Two creations with one new slug at once: one channel, the other request gets the 422.
    const body = {
      name: 'Raced',
      slug: 'raced-slug',
      config: { contentType: 'album', rule: 'newest', layout: 'grid', limit: 3 },
    };
    const pair = await Promise.all([
      api(admin, 'POST', '/channels', body),
      api(admin, 'POST', '/channels', body),
    ]);
    expect(pair.map((r) => r.statusCode).sort()).toEqual([200, 422]);
  });

  it('update changes the rule; delete removes it', async () => {
    const made = await channel('editable', 'track', 'alphabetical', 2);
    const res = await api(admin, 'PUT', `/channels/${made.channel.id}`, {
      name: 'Edited',
      slug: 'editable',
      config: { contentType: 'genre', rule: 'alphabetical', layout: 'carousel', limit: 2 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().channel.content.type).toBe('genre');
    const clash = await api(admin, 'PUT', `/channels/${made.channel.id}`, {
      name: 'Edited',
      slug: 'rows',
      config: { contentType: 'genre', rule: 'alphabetical', layout: 'carousel', limit: 2 },
    });
    expect(clash.statusCode).toBe(422);
    expect((await api(admin, 'DELETE', `/channels/${made.channel.id}`)).statusCode).toBe(200);
    expect((await api(guest(), 'GET', '/channels/editable')).statusCode).toBe(404);
  });
});
