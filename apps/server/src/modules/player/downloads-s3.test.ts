import { PERMISSIONS } from '@zema/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlbum, createArtist, createTrack, setTrackAudioFromFile } from '#src/modules/catalogue/index';
import { makeWav } from '#test/catalogue';
import { createUser, request, sessionFor, useApp } from '#test/helpers';
import { startS3 } from '#test/s3';
import { readZip } from '#test/zip';

let s3: Awaited<ReturnType<typeof startS3>>;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3?.close();
});

const t = useApp(() => s3.env);

describe('downloads from S3 (the same storage interface as local files)', () => {
  it('sends a track and streams an album zip read from the bucket', async () => {
    expect(t.deps.storage.driver).toBe('s3');
    const artistId = await createArtist(t.deps, { name: 'Bucket Band', allow_downloads: true });
    const albumId = await createAlbum(t.deps, { name: 'Cloud', artist_ids: [artistId] });
    const files: Buffer[] = [];
    const ids: number[] = [];
    for (let i = 1; i <= 2; i++) {
      const id = await createTrack(t.deps, {
        name: `Rain ${i}`,
        album_id: albumId,
        number: i,
        artist_ids: [artistId],
      });
      const bytes = makeWav(1);
      bytes[bytes.length - 1] = i;
      await setTrackAudioFromFile(t.deps, id, bytes);
      files.push(bytes);
      ids.push(id);
    }
    const user = await createUser(t.db, { permissions: [{ name: PERMISSIONS.musicDownload }] });
    const client = await sessionFor(t.db, user.id);

    const track = await request(t.app, client, { method: 'GET', url: `/api/v1/tracks/${ids[0]}/download` });
    expect(track.statusCode, track.body).toBe(200);
    expect(track.rawPayload.equals(files[0]!)).toBe(true);

    const zip = await request(t.app, client, { method: 'GET', url: `/api/v1/albums/${albumId}/download` });
    expect(zip.statusCode, zip.body).toBe(200);
    const entries = readZip(zip.rawPayload);
    expect(entries.map((e) => e.name)).toEqual(['01 - Rain 1.wav', '02 - Rain 2.wav']);
    expect(entries[0]!.data.equals(files[0]!)).toBe(true);
    expect(entries[1]!.data.equals(files[1]!)).toBe(true);
  });
});
