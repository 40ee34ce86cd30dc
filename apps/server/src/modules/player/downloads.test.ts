// Both drivers: the daily download limit counted under an advisory lock.
import { get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PERMISSIONS, type Track } from '@zema/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { products, subscriptions } from '#src/modules/billing/tables';
import { createAlbum, createArtist, createTrack, setTrackAudioFromFile } from '#src/modules/catalogue/index';
import { albums, artists } from '#src/modules/catalogue/tables';
import { downloads } from '#src/modules/player/tables';
import { makeWav } from '#test/catalogue';
import { createUser, guest, request, sessionFor, useApp } from '#test/helpers';
import { readZip } from '#test/zip';
import { attachmentHeader, safeFileName } from './downloads.service';

const t = useApp();
const DAY = 86_400_000;

const downloader = (restrictions: { name: string; value: number | null }[] = []) =>
  createUser(t.db, { permissions: [{ name: PERMISSIONS.musicDownload, restrictions }] });

async function makeAlbumWithAudio(opts: {
  artist: string;
  album: string;
  tracks: number;
  seconds?: number;
  allow?: boolean;
}) {
  const artistId = await createArtist(t.deps, { name: opts.artist, allow_downloads: opts.allow ?? true });
  const albumId = await createAlbum(t.deps, { name: opts.album, artist_ids: [artistId] });
  const tracks: { id: number; bytes: Buffer; name: string }[] = [];
  for (let i = 1; i <= opts.tracks; i++) {
    const name = `Song ${i}`;
    const id = await createTrack(t.deps, { name, album_id: albumId, number: i, artist_ids: [artistId] });
    // Each file differs, so a swapped entry would be noticed.
    const bytes = makeWav(opts.seconds ?? 1);
    bytes[bytes.length - 1] = i;
    await setTrackAudioFromFile(t.deps, id, bytes);
    tracks.push({ id, bytes, name });
  }
  return { artistId, albumId, tracks };
}

let album: Awaited<ReturnType<typeof makeAlbumWithAudio>>;
let closed: Awaited<ReturnType<typeof makeAlbumWithAudio>>;
beforeAll(async () => {
  album = await makeAlbumWithAudio({ artist: 'Aster Aweke', album: 'Hagere', tracks: 3 });
  closed = await makeAlbumWithAudio({ artist: 'Closed Artist', album: 'Closed', tracks: 1, allow: false });
});

const trackUrl = (id: number) => `/api/v1/tracks/${id}/download`;
const albumUrl = (id: number) => `/api/v1/albums/${id}/download`;

describe('GET tracks/{id}/download', () => {
  it('refuses visitors (401) and users without music.download (403), in the SPEC §8 shape', async () => {
    const url = trackUrl(album.tracks[0]!.id);
    const anon = await request(t.app, guest(), { method: 'GET', url });
    expect(anon.statusCode).toBe(401);
    const plain = await createUser(t.db);
    const res = await request(t.app, await sessionFor(t.db, plain.id), { method: 'GET', url });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });

  it('sends the stored file as an attachment named "Artist - Title.ext" and counts it', async () => {
    const user = await downloader();
    const track = album.tracks[0]!;
    const res = await request(t.app, await sessionFor(t.db, user.id), {
      method: 'GET',
      url: trackUrl(track.id),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^audio\/(x-)?wav/);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Aster Aweke - Song 1.wav"; filename*=UTF-8''Aster%20Aweke%20-%20Song%201.wav`,
    );
    expect(Number(res.headers['content-length'])).toBe(track.bytes.length);
    expect(res.rawPayload.equals(track.bytes)).toBe(true);
    const rows = await t.db.select().from(downloads).where(eq(downloads.userId, user.id));
    expect(rows).toEqual([expect.objectContaining({ trackId: track.id, albumId: null })]);
  });

  it('refuses (403) a track whose artist does not allow downloads, 404 for an unknown track or bad id', async () => {
    const client = await sessionFor(t.db, (await downloader()).id);
    const res = await request(t.app, client, { method: 'GET', url: trackUrl(closed.tracks[0]!.id) });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/does not allow downloads/);
    expect((await request(t.app, client, { method: 'GET', url: trackUrl(99_999_999) })).statusCode).toBe(404);
    expect(
      (await request(t.app, client, { method: 'GET', url: '/api/v1/tracks/abc/download' })).statusCode,
    ).toBe(422);
  });

  it('needs every credited artist to allow downloads (a featured artist who did not is not overridden)', async () => {
    const guestArtist = await createArtist(t.deps, { name: 'Featured' });
    const id = await createTrack(t.deps, { name: 'Duet', artist_ids: [album.artistId, guestArtist] });
    await setTrackAudioFromFile(t.deps, id, makeWav(1));
    const client = await sessionFor(t.db, (await downloader()).id);
    expect((await request(t.app, client, { method: 'GET', url: trackUrl(id) })).statusCode).toBe(403);
    await t.db.update(artists).set({ allowDownloads: true }).where(eq(artists.id, guestArtist));
    expect((await request(t.app, client, { method: 'GET', url: trackUrl(id) })).statusCode).toBe(200);
  });

  it('is granted by a valid subscription to a plan with music.download (Premium)', async () => {
    const user = await createUser(t.db);
    const client = await sessionFor(t.db, user.id);
    const url = trackUrl(album.tracks[1]!.id);
    expect((await request(t.app, client, { method: 'GET', url })).statusCode).toBe(403);
    const [premium] = await t.db.select().from(products).where(eq(products.name, 'Premium'));
    await t.db.insert(subscriptions).values({
      userId: user.id,
      productId: premium!.id,
      gateway: 'manual',
      status: 'active',
      currentPeriodStart: new Date(Date.now() - DAY),
      currentPeriodEnd: new Date(Date.now() + DAY),
    });
    await t.deps.events.emit('account.changed', { userId: user.id });
    expect((await request(t.app, client, { method: 'GET', url })).statusCode).toBe(200);
  });

  it('limits downloads per day with count_per_day: 429 with Retry-After once used up', async () => {
    const user = await downloader([{ name: 'count_per_day', value: 2 }]);
    const client = await sessionFor(t.db, user.id);
    const url = trackUrl(album.tracks[2]!.id);
    // One from yesterday no longer counts.
    await t.db.insert(downloads).values({
      userId: user.id,
      trackId: album.tracks[2]!.id,
      createdAt: new Date(Date.now() - DAY - 60_000),
    });
    expect((await request(t.app, client, { method: 'GET', url })).statusCode).toBe(200);
    expect((await request(t.app, client, { method: 'GET', url: albumUrl(album.albumId) })).statusCode).toBe(
      200,
    );
    const limited = await request(t.app, client, { method: 'GET', url });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: expect.stringMatching(/limit of 2 downloads a day/) });
    const retry = Number(limited.headers['retry-after']);
    expect(retry).toBeGreaterThan(DAY / 1000 - 120);
    expect(retry).toBeLessThanOrEqual(DAY / 1000);
    // The refused one was not counted.
    const rows = await t.db.select().from(downloads).where(eq(downloads.userId, user.id));
    expect(rows).toHaveLength(3);
  });

  it('puts download_url on tracks and albums the artists allow, null on the others', async () => {
    const res = await request(t.app, guest(), { method: 'GET', url: `/api/v1/albums/${album.albumId}` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().album as { download_url: string | null; tracks: Track[] };
    expect(body.download_url).toBe(albumUrl(album.albumId));
    expect(body.tracks.map((x) => x.download_url)).toEqual(album.tracks.map((x) => trackUrl(x.id)));
    const other = (
      await request(t.app, guest(), { method: 'GET', url: `/api/v1/albums/${closed.albumId}` })
    ).json().album as { download_url: string | null; tracks: Track[] };
    expect(other.download_url).toBeNull();
    expect(other.tracks[0]!.download_url).toBeNull();
  });
});

describe('GET albums/{id}/download', () => {
  it('streams a zip of "NN - Title.ext" entries, stored uncompressed, with the cover', async () => {
    const key = 'images/albums/download-test-cover.jpg';
    const cover = Buffer.from('not really a jpeg, but bytes to compare');
    await t.deps.storage.put(key, cover, 'image/jpeg');
    await t.db
      .update(albums)
      .set({ image: t.deps.storage.publicUrl(key) })
      .where(eq(albums.id, album.albumId));
    const client = await sessionFor(t.db, (await downloader()).id);
    const res = await request(t.app, client, { method: 'GET', url: albumUrl(album.albumId) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('filename="Aster Aweke - Hagere.zip"');
    const entries = readZip(res.rawPayload);
    expect(entries.map((e) => e.name)).toEqual([
      '01 - Song 1.wav',
      '02 - Song 2.wav',
      '03 - Song 3.wav',
      'cover.jpg',
    ]);
    for (const [i, track] of album.tracks.entries()) {
      expect(entries[i]!.method).toBe(0);
      expect(entries[i]!.data.equals(track.bytes), track.name).toBe(true);
    }
    expect(entries[3]!.data.equals(cover)).toBe(true);
  });

  it('refuses an album whose artist does not allow downloads (403) and an unknown one (404)', async () => {
    const client = await sessionFor(t.db, (await downloader()).id);
    expect((await request(t.app, client, { method: 'GET', url: albumUrl(closed.albumId) })).statusCode).toBe(
      403,
    );
    expect((await request(t.app, client, { method: 'GET', url: albumUrl(99_999_999) })).statusCode).toBe(404);
  });

  it('streams: the first bytes leave before the album is read, and reading never runs far ahead of the client', async () => {
    const big = await makeAlbumWithAudio({ artist: 'Big', album: 'Twenty', tracks: 20, seconds: 64 });
    const size = big.tracks[0]!.bytes.length; // 512 KB each, 10 MB in all
    const client = await sessionFor(t.db, (await downloader()).id);

    // Observe the storage reads: when each file is opened, how much the client had received.
    const storage = t.deps.storage;
    const realGet = storage.get.bind(storage);
    let received = 0;
    const receivedAtOpen: number[] = [];
    storage.get = (key, range) => {
      if (key.startsWith('audio/')) receivedAtOpen.push(received);
      return realGet(key, range);
    };
    let firstByteOpens = -1;
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const zip = await new Promise<Buffer>((resolve, reject) => {
        httpGet({ host: '127.0.0.1', port, path: albumUrl(big.albumId), headers: client.headers }, (res) => {
          if (res.statusCode !== 200) reject(new Error(`status ${res.statusCode}`));
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => {
            if (firstByteOpens < 0) firstByteOpens = receivedAtOpen.length;
            received += chunk.length;
            chunks.push(chunk);
          });
          res.on('end', () => resolve(Buffer.concat(chunks)));
          res.on('error', reject);
        }).on('error', reject);
      });
      expect(readZip(zip).map((e) => e.name)).toHaveLength(20);
    } finally {
      storage.get = realGet;
    }
    expect(receivedAtOpen).toHaveLength(20);
    // The first bytes arrived while most of the album was still unopened.
    expect(firstByteOpens).toBeGreaterThan(0);
    expect(firstByteOpens).toBeLessThan(5);
    // File k is opened only once the client has taken about k-1 files: what the server holds
    // (buffers and the socket) stays bounded, it does not grow with the album.
    const slack = 6 * size;
    receivedAtOpen.forEach((got, k) => {
      expect(got, `file ${k + 1}`).toBeGreaterThanOrEqual(k * size - slack);
    });
  });
});

describe('file names', () => {
  it('removes separators and reserved characters, keeps letters of any script', () => {
    expect(safeFileName('AC/DC: "Back" in <Black>?')).toBe('AC DC Back in Black');
    expect(safeFileName('..hidden. ')).toBe('hidden');
    expect(safeFileName('ጥላሁን ገሠሠ - ትዝታ')).toBe('ጥላሁን ገሠሠ - ትዝታ');
    expect(safeFileName('///')).toBe('download');
    expect(attachmentHeader('ትዝታ.mp3')).toBe(
      `attachment; filename="___.mp3"; filename*=UTF-8''%E1%89%B5%E1%8B%9D%E1%89%B3.mp3`,
    );
  });
});
