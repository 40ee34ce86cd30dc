// Both drivers: a cached page dropped over the shared cache's pub/sub, and full-text search.
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { artistPageResponseSchema } from '@zema/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { artists } from '#src/modules/catalogue/tables';
import { follows, likes } from '#src/modules/library/tables';
import { seedSmallCatalogue } from '#test/catalogue';
import { adminUserId, type Client, createUser, guest, request, sessionFor, useApp } from '#test/helpers';
import { updateArtist } from './catalogue.writes';

const t = useApp();
let admin: Client;
let user: Client;
let userId: number;
let artistId: number;
let albumId: number;
let trackIds: number[];

const get = (actor: Client, id: number, headers: Record<string, string> = {}) =>
  request(t.app, actor, { method: 'GET', url: `/api/v1/artists/${id}`, headers });
const page = async (actor: Client, id = artistId) =>
  artistPageResponseSchema.parse((await get(actor, id)).json());

beforeAll(async () => {
  admin = await sessionFor(t.db, await adminUserId(t.db));
  const u = await createUser(t.db);
  userId = u.id;
  user = await sessionFor(t.db, u.id);
  ({ artistId, albumId, trackIds } = await seedSmallCatalogue(t.deps, 'Cached', 3));
});

describe('artist page cache', () => {
  it('serves the public part from the cache until a catalogue write drops it', async () => {
    expect((await page(guest())).artist.name).toBe('Cached Artist');
    // A change behind the API's back is not seen while the page is cached (bounded by the TTL)…
    await t.db.update(artists).set({ name: 'Renamed Quietly' }).where(eq(artists.id, artistId));
    expect((await page(guest())).artist.name).toBe('Cached Artist');
    // …while any admin write drops every cached page, here a track's rename.
    const put = await request(t.app, admin, {
      method: 'PUT',
      url: `/api/v1/tracks/${trackIds[0]}`,
      payload: { name: 'New Title', artist_ids: [artistId], album_id: albumId },
    });
    expect(put.statusCode, put.body).toBe(200);
    const fresh = await page(guest());
    expect(fresh.artist.name).toBe('Renamed Quietly');
    expect(fresh.popular_tracks.map((x) => x.name)).toContain('New Title');
  });

  it('drops the cached pages after a write made by calling a service directly (no HTTP route)', async () => {
    expect((await page(guest())).artist.name).toBe('Renamed Quietly');
    // What a script, a job or the demo seeder does: the write announces itself (catalogue.changed).
    await updateArtist(t.deps, artistId, { name: 'Renamed By A Script' });
    expect((await page(guest())).artist.name).toBe('Renamed By A Script');
    // A search cached before the write is dropped too.
    const artistsFound = async (query: string) => {
      const url = `/api/v1/search?query=${encodeURIComponent(query)}&types=artist`;
      const body = (await request(t.app, guest(), { method: 'GET', url })).json();
      return (body.results.artist?.data ?? []).map((a: { name: string }) => a.name);
    };
    expect(await artistsFound('Renamed By A Script')).toContain('Renamed By A Script');
    await updateArtist(t.deps, artistId, { name: 'Cached Artist' });
    expect(await artistsFound('Renamed By A Script')).not.toContain('Renamed By A Script');
  });

  it('lays the caller’s flags and a fresh followers count over the cached page', async () => {
    const before = await page(user);
    expect(before.artist).toMatchObject({ liked: false, followed: false, followers_count: 0 });
    expect(before.popular_tracks.every((x) => x.liked === false)).toBe(true);
    await t.db.insert(likes).values([
      { userId, likeableType: 'artist', likeableId: artistId },
      { userId, likeableType: 'track', likeableId: trackIds[1]! },
      { userId, likeableType: 'album', likeableId: albumId },
    ]);
    await t.db
      .insert(follows)
      .values({ followerId: userId, followableType: 'artist', followableId: artistId });
    const after = await page(user);
    expect(after.artist).toMatchObject({ liked: true, followed: true, followers_count: 1 });
    expect(after.popular_tracks.filter((x) => x.liked).map((x) => x.id)).toEqual([trackIds[1]]);
    expect(after.albums.map((a) => a.liked)).toEqual([true]);
    // The shared page kept no flags: a guest sees none, another user sees their own (none).
    const asGuest = await page(guest());
    expect(asGuest.artist.liked).toBeUndefined();
    expect(asGuest.popular_tracks.some((x) => 'liked' in x)).toBe(false);
    const other = await sessionFor(t.db, (await createUser(t.db)).id);
    expect((await page(other)).artist).toMatchObject({ liked: false, followed: false, followers_count: 1 });
  });

  it('shows a guest the new followers count right after a follow or unfollow', async () => {
    const followers = async () =>
      (await t.db.select().from(follows).where(eq(follows.followableId, artistId))).length;
    const fan = await sessionFor(t.db, (await createUser(t.db)).id);
    const put = await request(t.app, fan, { method: 'PUT', url: `/api/v1/me/follows/artist/${artistId}` });
    expect(put.statusCode, put.body).toBe(200);
    expect((await page(guest())).artist.followers_count).toBe(await followers());
    const del = await request(t.app, fan, { method: 'DELETE', url: `/api/v1/me/follows/artist/${artistId}` });
    expect(del.statusCode, del.body).toBe(200);
    expect((await page(guest())).artist.followers_count).toBe(await followers());
  });

  it('answers a guest’s repeated request with 304 when the ETag matches', async () => {
    const first = await get(guest(), artistId);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const again = await get(guest(), artistId, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get(guest(), artistId, { 'if-none-match': 'W/"other"' })).statusCode).toBe(200);
    // Signed-in answers carry flags, so no shared ETag.
    expect((await get(user, artistId)).headers.etag).toBeUndefined();
  });

  it('sends a guest the page serialised once: the contract’s JSON, its hash as ETag, compressed on request', async () => {
    const a = await get(guest(), artistId);
    const b = await get(guest(), artistId);
    expect(a.statusCode).toBe(200);
    expect(a.headers['content-type']).toBe('application/json; charset=utf-8');
    // Exactly what the response schema lets out, in the order it writes it.
    expect(a.body).toBe(JSON.stringify(artistPageResponseSchema.parse(JSON.parse(a.body))));
    expect(b.body).toBe(a.body);
    const hash = createHash('sha1').update(a.rawPayload).digest('base64url');
    expect(a.headers.etag).toBe(`W/"${hash}"`);
    const gz = await get(guest(), artistId, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(a.body);
    expect(gz.headers.etag).toBe(a.headers.etag);
  });

  it('does not cache a missing artist: created afterwards, it is found', async () => {
    const next = artistId + 1000;
    expect((await get(guest(), next)).statusCode).toBe(404);
    await t.db.insert(artists).values({ id: next, name: 'Late Arrival' });
    expect((await page(guest(), next)).artist.name).toBe('Late Arrival');
  });
});
