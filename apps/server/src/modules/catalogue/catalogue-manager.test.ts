import { AUDIT_ACTIONS } from '@zema/contracts/admin';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#src/modules/audit/tables';
import { channels, tracks } from '#src/modules/catalogue/tables';
import { likes, playlists, playlistTracks } from '#src/modules/library/tables';
import { makeWav } from '#test/catalogue';
import { adminUserId, type Client, createUser, guest, request, sessionFor, useApp } from '#test/helpers';
import { publicChannel } from './channels';

const guestClient = guest();

const t = useApp();
let admin: Client;
let user: Client;

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

type Row = { id: number; name: string };
async function list<R = Row>(path: string, qs = '') {
  const res = await api(admin, 'GET', `/admin/${path}?${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: R[]; total: number; last_page: number };
}
const names = (rows: { name: string }[]) => rows.map((r) => r.name);

// The catalogue of this file: every name carries `tag`, so searches see only these rows.
const tag = 'qzx';
let north: number;
let south: number;
let album1: number;
let album2: number;
const track: Record<string, number> = {};

beforeAll(async () => {
  admin = await sessionFor(t.db, await adminUserId(t.db));
  user = await sessionFor(t.db, (await createUser(t.db, { roles: ['users'] })).id);
  north = (await post('/artists', { name: `${tag} North`, genres: ['Qzx rock'], verified: true }, 'artist'))
    .id;
  south = (await post('/artists', { name: `${tag} south`, genres: ['Qzx jazz'] }, 'artist')).id;
  album1 = (
    await post(
      '/albums',
      { name: `${tag} Alpha`, artist_ids: [north], release_date: '2001-01-01', type: 'ep' },
      'album',
    )
  ).id;
  album2 = (
    await post(
      '/albums',
      { name: `${tag} beta`, artist_ids: [north, south], release_date: '2020-01-01' },
      'album',
    )
  ).id;
  const specs: [string, number | null, number | null, number[], string[], number][] = [
    [`${tag} Cherry`, album1, 1, [north], ['Qzx rock'], 5],
    [`${tag} apple`, album1, 2, [north], ['Qzx rock'], 50],
    [`${tag} Banana`, album2, 1, [south, north], ['Qzx jazz'], 0],
    [`${tag} date`, null, null, [south], [], 7],
  ];
  for (const [name, album_id, number, artist_ids, genres, plays] of specs) {
    const id = (await post('/tracks', { name, album_id, number, artist_ids, genres }, 'track')).id;
    await t.db.update(tracks).set({ plays }).where(eq(tracks.id, id));
    track[name.slice(tag.length + 1).toLowerCase()] = id;
  }
});

describe('GET api/v1/admin/tracks', () => {
  it('searches by name, sorts on a non-key column both ways and pages', async () => {
    const asc = await list('tracks', `query=${tag}&sort=name&order=asc`);
    expect(asc.total).toBe(4);
    expect(names(asc.data)).toEqual([`${tag} apple`, `${tag} Banana`, `${tag} Cherry`, `${tag} date`]);
    const desc = await list('tracks', `query=${tag}&sort=name&order=desc&perPage=2&page=2`);
    expect(desc.last_page).toBe(2);
    expect(names(desc.data)).toEqual([`${tag} Banana`, `${tag} apple`]);
    const byPlays = await list('tracks', `query=${tag}&sort=plays&order=desc`);
    expect(names(byPlays.data)[0]).toBe(`${tag} apple`);
    expect(names(byPlays.data).at(-1)).toBe(`${tag} Banana`);
  });

  it('filters by artist, album (in album order), genre and audio', async () => {
    expect(names((await list('tracks', `artist=${south}`)).data).sort()).toEqual([
      `${tag} Banana`,
      `${tag} date`,
    ]);
    expect(names((await list('tracks', `album=${album1}`)).data)).toEqual([`${tag} Cherry`, `${tag} apple`]);
    const rock = (await list<{ id: number }>('genres', 'query=qzx rock')).data[0]!;
    expect((await list('tracks', `genre=${rock.id}`)).total).toBe(2);
    expect((await list('tracks', `query=${tag}&audio=true`)).total).toBe(0);
  });

  it('answers each row with its credits in order, its album and its audio format', async () => {
    const res = await api(admin, 'POST', `/tracks/${track.banana}/audio`, undefined);
    expect(res.statusCode).toBe(422);
    const upload = await request(t.app, admin, {
      method: 'POST',
      url: `/api/v1/tracks/${track.banana}/audio`,
      headers: { 'content-type': 'audio/wav' },
      payload: makeWav(2),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const [row] = (
      await list<{
        artists: { id: number }[];
        album: { id: number } | null;
        format: string | null;
        duration_ms: number;
      }>('tracks', `query=${tag} banana`)
    ).data;
    expect(row!.artists.map((a) => a.id)).toEqual([south, north]);
    expect(row!.album?.id).toBe(album2);
    expect(row!.format).toBe('wav');
    expect(row!.duration_ms).toBe(2000);
  });

  it('refuses a sort it does not know and a listener without the permission', async () => {
    expect((await api(admin, 'GET', '/admin/tracks?sort=src')).statusCode).toBe(422);
    expect((await api(user, 'GET', '/admin/tracks')).statusCode).toBe(403);
  });
});

describe('CSV exports', () => {
  const lines = (body: string) => body.trimEnd().split('\r\n');

  it("writes every track of the list's filter and sort, not only its page", async () => {
    // page and perPage are not the export's: it writes the whole filter.
    const res = await api(
      admin,
      'GET',
      `/admin/tracks/export?artist=${south}&sort=name&order=asc&page=2&perPage=1`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="tracks-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = lines(res.body);
    expect(header).toBe(
      'id,name,artists,album_id,album,number,duration_ms,explicit,audio,plays,playlists,created_at',
    );
    expect(rows.map((r) => r.split(',')[1])).toEqual([`${tag} Banana`, `${tag} date`]);
    expect(rows[0]).toContain(
      `${track.banana},${tag} Banana,${tag} south; ${tag} North,${album2},${tag} beta,1,`,
    );
  });

  it('exports artists, albums and genres by their filters, channels and an empty filter', async () => {
    const artists = lines((await api(admin, 'GET', `/admin/artists/export?query=${tag}&verified=true`)).body);
    expect(artists).toHaveLength(2);
    expect(artists[1]).toMatch(new RegExp(`^${north},${tag} North,yes,Qzx rock,2,3,0,`));
    const albums = lines((await api(admin, 'GET', `/admin/albums/export?artist=${south}`)).body);
    expect(albums.slice(1).map((r) => r.split(',')[1])).toEqual([`${tag} beta`]);
    const genres = lines((await api(admin, 'GET', '/admin/genres/export?query=qzx jazz')).body);
    expect(genres[0]).toBe('id,name,display_name,artists,tracks,created_at');
    expect(genres.slice(1).map((r) => r.split(',')[2])).toEqual(['Qzx jazz']);
    expect(lines((await api(admin, 'GET', '/admin/channels/export?query=nothing-like-this')).body)).toEqual([
      'id,name,slug,content_type,rule,layout,items,updated_at',
    ]);
  });

  it("takes the list's permission and checks the list's query", async () => {
    expect((await api(user, 'GET', '/admin/tracks/export')).statusCode).toBe(403);
    expect((await api(user, 'GET', '/admin/channels/export')).statusCode).toBe(403);
    expect((await api(guestClient, 'GET', '/admin/artists/export')).statusCode).toBe(401);
    expect((await api(admin, 'GET', '/admin/tracks/export?sort=src')).statusCode).toBe(422);
  });
});

describe('GET api/v1/admin/artists and albums', () => {
  it('lists artists with their genres and what a delete would touch', async () => {
    const res = await list<{
      name: string;
      genres: { name: string }[];
      albums_count: number;
      tracks_count: number;
    }>('artists', `query=${tag}&sort=name`);
    expect(names(res.data)).toEqual([`${tag} North`, `${tag} south`]);
    expect(res.data[0]).toMatchObject({ albums_count: 2, tracks_count: 3, genres: [{ name: 'qzx-rock' }] });
    expect(names((await list('artists', `query=${tag}&verified=true`)).data)).toEqual([`${tag} North`]);
  });

  it('lists albums by release date, by artist and by type', async () => {
    const res = await list<{ name: string; tracks_count: number; artists: { id: number }[] }>(
      'albums',
      `query=${tag}&sort=release_date&order=desc`,
    );
    expect(names(res.data)).toEqual([`${tag} beta`, `${tag} Alpha`]);
    expect(res.data[0]!.artists.map((a) => a.id)).toEqual([north, south]);
    expect(res.data[1]!.tracks_count).toBe(2);
    expect(names((await list('albums', `artist=${south}`)).data)).toEqual([`${tag} beta`]);
    expect(names((await list('albums', `query=${tag}&type=ep`)).data)).toEqual([`${tag} Alpha`]);
  });
});

describe('picker lookups', () => {
  it('answers only the rows of `ids` (a filter picker naming its choice), and refuses a bad list', async () => {
    expect(names((await list('artists', `ids=${south},${north},${south}&sort=name`)).data)).toEqual([
      `${tag} North`,
      `${tag} south`,
    ]);
    expect(names((await list('albums', `ids=${album2}`)).data)).toEqual([`${tag} beta`]);
    const rock = (await list<{ id: number }>('genres', 'query=qzx rock')).data[0]!;
    const byId = await list<{ id: number; display_name: string }>('genres', `ids=${rock.id}`);
    expect(byId.data.map((g) => g.display_name)).toEqual(['Qzx rock']);
    for (const bad of ['ids=', 'ids=1,,2', 'ids=0', 'ids=a'])
      expect((await api(admin, 'GET', `/admin/artists?${bad}`)).statusCode, bad).toBe(422);
  });
});

describe('album track order', () => {
  it('renumbers the album from the order given, and refuses a track of another album', async () => {
    const body = { name: `${tag} Alpha`, artist_ids: [north] };
    const res = await api(admin, 'PUT', `/albums/${album1}`, {
      ...body,
      track_ids: [track.apple, track.cherry],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().album.tracks.map((x: { name: string }) => x.name)).toEqual([
      `${tag} apple`,
      `${tag} Cherry`,
    ]);
    const wrong = await api(admin, 'PUT', `/albums/${album1}`, { ...body, track_ids: [track.banana] });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.track_ids).toBeDefined();
  });
});

describe('audit of single writes', () => {
  type Entry = typeof auditLog.$inferSelect;
  const entries = (type: string, id: number) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, type), eq(auditLog.targetId, String(id))))
      .orderBy(auditLog.id);
  const allCount = async () => (await t.db.select({ id: auditLog.id }).from(auditLog)).length;

  /** Runs one write and answers the one audit entry it left on its target. */
  async function onlyEntry(type: string, id: () => number, write: () => Promise<unknown>): Promise<Entry> {
    const total = await allCount();
    await write();
    expect(await allCount()).toBe(total + 1);
    const rows = await entries(type, id());
    return rows.at(-1)!;
  }

  const ok = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
    const res = await api(admin, method, url, payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  // Artists of their own, so these writes change nothing the other lists of this file count.
  let east = 0;
  let west = 0;
  beforeAll(async () => {
    east = (await ok('POST', '/artists', { name: 'Zqa East' })).artist.id;
    west = (await ok('POST', '/artists', { name: 'Zqa West' })).artist.id;
  });

  it('records who created and changed an artist, with before and after, from where', async () => {
    let id = 0;
    const created = await onlyEntry(
      'artist',
      () => id,
      async () => {
        id = (await ok('POST', '/artists', { name: `Zqa Audited`, genres: ['Qzx rock'] })).artist.id;
      },
    );
    expect(created).toMatchObject({
      action: 'artist.create',
      actorId: admin.userId,
      targetLabel: `Zqa Audited`,
      before: null,
    });
    expect(created.ip).toBeTruthy();
    expect(created.after).toMatchObject({ name: `Zqa Audited`, verified: false, genres: ['Qzx rock'] });

    const updated = await onlyEntry(
      'artist',
      () => id,
      () => ok('PUT', `/artists/${id}`, { name: `Zqa Audited II`, verified: true, genres: [] }),
    );
    expect(updated.action).toBe('artist.update');
    expect(updated.before).toMatchObject({ name: `Zqa Audited`, verified: false, genres: ['Qzx rock'] });
    expect(updated.after).toMatchObject({ name: `Zqa Audited II`, verified: true, genres: [] });
    expect(updated.targetLabel).toBe(`Zqa Audited II`);

    const deleted = await onlyEntry(
      'artist',
      () => id,
      () => ok('DELETE', `/artists/${id}`),
    );
    expect(deleted).toMatchObject({ action: 'artist.delete', after: null });
    expect(deleted.before).toMatchObject({ name: `Zqa Audited II` });
  });

  it('records an album with its credits and its track order before and after a reorder', async () => {
    let id = 0;
    const created = await onlyEntry(
      'album',
      () => id,
      async () => {
        id = (await ok('POST', '/albums', { name: `Zqa Audit LP`, artist_ids: [east, west], type: 'ep' }))
          .album.id;
      },
    );
    expect(created).toMatchObject({ action: 'album.create', before: null });
    expect(created.after).toMatchObject({ name: `Zqa Audit LP`, type: 'ep', artist_ids: [east, west] });

    const one = (
      await ok('POST', '/tracks', { name: `Zqa side a`, album_id: id, number: 1, artist_ids: [east] })
    ).track.id as number;
    const two = (
      await ok('POST', '/tracks', { name: `Zqa side b`, album_id: id, number: 2, artist_ids: [east] })
    ).track.id as number;
    const reordered = await onlyEntry(
      'album',
      () => id,
      () => ok('PUT', `/albums/${id}`, { name: `Zqa Audit LP`, artist_ids: [east], track_ids: [two, one] }),
    );
    expect(reordered.action).toBe('album.update');
    expect(reordered.before).toMatchObject({ artist_ids: [east, west], track_ids: [one, two] });
    expect(reordered.after).toMatchObject({ artist_ids: [east], track_ids: [two, one] });
  });

  it('records a track created, edited and given audio, each once', async () => {
    let id = 0;
    const created = await onlyEntry(
      'track',
      () => id,
      async () => {
        id = (
          await ok('POST', '/tracks', {
            name: `Zqa Audit song`,
            album_id: album1,
            artist_ids: [west],
            genres: ['Qzx jazz'],
          })
        ).track.id;
      },
    );
    expect(created).toMatchObject({ action: 'track.create', before: null });
    expect(created.after).toMatchObject({
      album_id: album1,
      artist_ids: [west],
      genres: ['Qzx jazz'],
      audio: null,
    });

    const edited = await onlyEntry(
      'track',
      () => id,
      () =>
        ok('PUT', `/tracks/${id}`, {
          name: `Zqa Audit song`,
          album_id: null,
          explicit: true,
          artist_ids: [west, east],
        }),
    );
    expect(edited.action).toBe('track.update');
    expect(edited.before).toMatchObject({ album_id: album1, explicit: false, artist_ids: [west] });
    expect(edited.after).toMatchObject({ album_id: null, explicit: true, artist_ids: [west, east] });

    const audio = await onlyEntry(
      'track',
      () => id,
      async () => {
        const res = await request(t.app, admin, {
          method: 'POST',
          url: `/api/v1/tracks/${id}/audio`,
          headers: { 'content-type': 'audio/wav' },
          payload: makeWav(1),
        });
        expect(res.statusCode, res.body).toBe(200);
      },
    );
    expect(audio.action).toBe('track.upload_audio');
    expect(audio.before).toMatchObject({ audio: null, duration_ms: 0 });
    expect(audio.after).toMatchObject({ audio: { format: 'wav', file_size: 8044 }, duration_ms: 1000 });
  });

  it('records genres and channels, and a genre created under a taken name as its update', async () => {
    let genre = 0;
    const created = await onlyEntry(
      'genre',
      () => genre,
      async () => {
        genre = (await ok('POST', '/genres', { name: 'Zqa Audit Folk' })).genre.id;
      },
    );
    expect(created).toMatchObject({ action: 'genre.create', before: null });
    expect(created.after).toEqual({ name: 'zqa-audit-folk', display_name: 'Zqa Audit Folk', image: null });
    const again = await onlyEntry(
      'genre',
      () => genre,
      () => ok('POST', '/genres', { name: 'zqa audit folk', display_name: 'Zqa Folk' }),
    );
    expect(again).toMatchObject({
      action: 'genre.update',
      before: { display_name: 'Zqa Audit Folk' },
      after: { display_name: 'Zqa Folk' },
    });
    const renamed = await onlyEntry(
      'genre',
      () => genre,
      () => ok('PUT', `/genres/${genre}`, { name: 'Zqa Audit Roots' }),
    );
    expect(renamed).toMatchObject({ action: 'genre.update', after: { name: 'zqa-audit-roots' } });

    let channel = 0;
    const config = { contentType: 'track', rule: 'manual', layout: 'track_table', limit: 10 };
    const made = await onlyEntry(
      'channel',
      () => channel,
      async () => {
        channel = (
          await ok('POST', '/channels', {
            name: 'Zqa audit',
            slug: 'zqa-audit',
            config,
            items: [track.cherry],
          })
        ).channel.id;
      },
    );
    expect(made).toMatchObject({
      action: 'channel.create',
      after: { slug: 'zqa-audit', items: [track.cherry] },
    });
    const changed = await onlyEntry(
      'channel',
      () => channel,
      () =>
        ok('PUT', `/channels/${channel}`, {
          name: 'Zqa audit',
          slug: 'zqa-audit',
          config,
          items: [track.apple, track.cherry],
        }),
    );
    expect(changed).toMatchObject({
      action: 'channel.update',
      before: { items: [track.cherry] },
      after: { items: [track.apple, track.cherry] },
    });
  });

  it('leaves no entry when a write is refused (422) or finds nothing (404)', async () => {
    const total = await allCount();
    const refused = async (method: 'POST' | 'PUT', url: string, payload: unknown, status = 422) =>
      expect((await api(admin, method, url, payload)).statusCode).toBe(status);
    await refused('POST', '/albums', { name: `${tag} nobody's`, artist_ids: [999_999] });
    await refused('PUT', `/albums/${album1}`, {
      name: `${tag} Alpha`,
      artist_ids: [north],
      track_ids: [track.date],
    });
    await refused('POST', '/tracks', { name: `${tag} lost`, album_id: 999_999, artist_ids: [north] });
    await refused('PUT', `/tracks/${track.cherry}`, {
      name: `${tag} Cherry`,
      album_id: 999_999,
      artist_ids: [north],
    });
    await refused('POST', '/channels', {
      name: 'Clash',
      slug: 'zqa-audit',
      config: { contentType: 'track', rule: 'manual', layout: 'grid', limit: 5 },
    });
    const rock = (await list<{ id: number }>('genres', 'query=qzx rock')).data[0]!;
    await refused('PUT', `/genres/${rock.id}`, { name: 'Qzx jazz' });
    const notAudio = await request(t.app, admin, {
      method: 'POST',
      url: `/api/v1/tracks/${track.cherry}/audio`,
      headers: { 'content-type': 'audio/wav' },
      payload: Buffer.from('not a wave at all'),
    });
    expect(notAudio.statusCode).toBe(422);
    await refused('PUT', '/artists/999999', { name: 'Nobody' }, 404);
    expect(await allCount()).toBe(total);
  });

  it('writes only actions the audit log filter offers', async () => {
    const written = await t.db.selectDistinct({ action: auditLog.action }).from(auditLog);
    expect(written.length).toBeGreaterThan(10);
    for (const { action } of written) expect(AUDIT_ACTIONS).toContain(action);
  });
});

describe('bulk delete', () => {
  it('deletes tracks with their likes, playlist entries and audio file; audited; caches dropped', async () => {
    const userId = user.userId!;
    await t.db.insert(likes).values({ userId, likeableType: 'track', likeableId: track.banana! });
    const [pl] = await t.db.insert(playlists).values({ name: 'Mine', ownerId: userId }).returning();
    await t.db.insert(playlistTracks).values({ playlistId: pl!.id, trackId: track.banana!, position: 0 });
    const [withAudio] = await t.db
      .select({ src: tracks.src })
      .from(tracks)
      .where(eq(tracks.id, track.banana!));
    expect(await t.deps.storage.get(withAudio!.src!)).not.toBeNull();
    // The artist page is cached; the delete must drop it.
    expect((await api(admin, 'GET', `/artists/${south}`)).json().popular_tracks).toHaveLength(2);

    const res = await api(admin, 'POST', '/admin/tracks/bulk-delete', { ids: [track.banana, 999_999] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Deleted 1 track.', count: 1 });
    expect(await t.deps.storage.get(withAudio!.src!)).toBeNull();
    expect(await t.db.select().from(likes).where(eq(likes.likeableId, track.banana!))).toHaveLength(0);
    expect(
      await t.db.select().from(playlistTracks).where(eq(playlistTracks.playlistId, pl!.id)),
    ).toHaveLength(0);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'track.delete'), eq(auditLog.targetId, String(track.banana))));
    expect(entry?.targetLabel).toBe(`${tag} Banana`);
    expect(entry?.before).toMatchObject({
      name: `${tag} Banana`,
      artist_ids: [south, north],
      genres: ['Qzx jazz'],
    });
    expect(entry?.after).toBeNull();
    expect((await api(admin, 'GET', `/artists/${south}`)).json().popular_tracks).toHaveLength(1);
  });

  it('never deletes the home page channel', async () => {
    let [home] = await t.db.select().from(channels).where(eq(channels.slug, 'discover'));
    home ??= (
      await t.db
        .insert(channels)
        .values({
          name: 'Discover',
          slug: 'discover',
          config: { contentType: 'channel', rule: 'manual', layout: 'grid', limit: 10 },
        })
        .returning()
    )[0];
    const res = await api(admin, 'POST', '/admin/channels/bulk-delete', { ids: [home.id] });
    expect(res.statusCode).toBe(422);
  });
});

describe('channels in the manager', () => {
  it('lists, opens with the chosen items in order, and searches items for the picker', async () => {
    const created = await post<{ id: number }>(
      '/channels',
      {
        name: `${tag} picks`,
        slug: `${tag}-picks`,
        config: { contentType: 'track', rule: 'manual', layout: 'track_table', limit: 10 },
        items: [track.date, track.cherry],
      },
      'channel',
    );
    const rows = await list<{ slug: string; items_count: number }>('channels', `query=${tag}`);
    expect(rows.data).toEqual([expect.objectContaining({ slug: `${tag}-picks`, items_count: 2 })]);
    const open = await api(admin, 'GET', `/admin/channels/${created.id}`);
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().channel.items.map((i: { id: number }) => i.id)).toEqual([track.date, track.cherry]);
    expect(open.json().channel.items[0].subtitle).toBe(`${tag} south`);
    // Most played first (Banana went in the delete above).
    const found = await api(admin, 'GET', `/admin/channel-items?type=track&query=${tag}`);
    expect(found.json().items.map((i: { name: string }) => i.name)).toEqual([
      `${tag} apple`,
      `${tag} date`,
      `${tag} Cherry`,
    ]);
    const artistsFound = await api(admin, 'GET', `/admin/channel-items?type=artist&query=${tag}`);
    expect(artistsFound.json().items).toHaveLength(2);
  });

  it('previews unsaved settings: the chosen items in order up to the limit, or what a rule picks now', async () => {
    const preview = async (body: unknown) => {
      const res = await api(admin, 'POST', '/admin/channels/preview', body);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().content as { type: string; items: { id: number; name: string }[] };
    };
    const manual = { contentType: 'track', rule: 'manual', layout: 'track_table', limit: 2 } as const;
    const chosen = await preview({ config: manual, items: [track.date, track.apple, track.cherry] });
    expect(chosen.type).toBe('track');
    expect(chosen.items.map((i) => i.id)).toEqual([track.date, track.apple]);
    // A rule ignores any chosen list: the most played tracks of all time come first.
    const popular = await preview({
      config: { ...manual, rule: 'popular_all_time', limit: 100 },
      items: [track.date],
    });
    const ours = popular.items.filter((i) => i.name.startsWith(tag)).map((i) => i.name);
    expect(ours).toEqual([`${tag} apple`, `${tag} date`, `${tag} Cherry`]);
    // Artists, by hand, with the names the cards show.
    const artistsPreview = await preview({
      config: { contentType: 'artist', rule: 'manual', layout: 'grid', limit: 10 },
      items: [south, north],
    });
    expect(artistsPreview.items.map((i) => i.name)).toEqual([`${tag} south`, `${tag} North`]);
    // A channel of channels never lists the channel being edited, by hand or by rule.
    const [self] = (await list<{ id: number }>('channels', `query=${tag}`)).data;
    const rows = { contentType: 'channel', rule: 'manual', layout: 'grid', limit: 50 } as const;
    expect((await preview({ id: self!.id, config: rows, items: [self!.id] })).items).toEqual([]);
    const byRule = await preview({ id: self!.id, config: { ...rows, rule: 'alphabetical' } });
    expect(byRule.items.map((i) => i.id)).not.toContain(self!.id);
  });

  it('keeps the preview to holders of channels.update and checks its body', async () => {
    const body = { config: { contentType: 'track', rule: 'newest', layout: 'grid', limit: 5 } };
    expect((await api(user, 'POST', '/admin/channels/preview', body)).statusCode).toBe(403);
    const bad = await api(admin, 'POST', '/admin/channels/preview', {
      config: { ...body.config, limit: 0 },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['config.limit']);
  });

  it('saves a channel so the next page load shows it, and answers field errors by name', async () => {
    const config = { contentType: 'album', rule: 'manual', layout: 'grid', limit: 10 } as const;
    const created = await post<{ id: number; slug: string }>(
      '/channels',
      { name: `${tag} albums`, slug: `${tag}-albums`, config, items: [album1] },
      'channel',
    );
    // The API's answer, and the cached copy the served page paints (dropped by every save).
    const shown = async () => {
      const api1 = (await api(guestClient, 'GET', `/channels/${tag}-albums`)).json().channel.content.items;
      const painted = (await publicChannel(t.deps, `${tag}-albums`))!.content.items;
      const ids = (items: { id: number }[]) => items.map((i) => i.id);
      expect(ids(painted)).toEqual(ids(api1));
      return ids(api1);
    };
    expect(await shown()).toEqual([album1]);
    const res = await api(admin, 'PUT', `/channels/${created.id}`, {
      name: `${tag} albums`,
      slug: `${tag}-albums`,
      config,
      items: [album2, album1],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await shown()).toEqual([album2, album1]);
    const clash = await api(admin, 'POST', '/channels', {
      name: 'Another',
      slug: `${tag}-albums`,
      config,
    });
    expect(clash.statusCode).toBe(422);
    expect(Object.keys(clash.json().errors)).toEqual(['slug']);
    const unknown = await api(admin, 'PUT', `/channels/${created.id}`, {
      name: `${tag} albums`,
      slug: `${tag}-albums`,
      config,
      items: [999_999],
    });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toEqual(['items']);
  });
});
