import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArtist, createTrack, setTrackAudioFromFile } from '#src/modules/catalogue/index';
import { makeWav } from '#test/catalogue';
import { guest, request, useApp } from '#test/helpers';
import { startS3 } from '#test/s3';

let s3: Awaited<ReturnType<typeof startS3>>;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3?.close();
});

const t = useApp(() => s3.env);
let track: { id: number; bytes: Buffer };

beforeAll(async () => {
  const bytes = makeWav(3);
  const artist = await createArtist(t.deps, { name: 'Remote artist' });
  const id = await createTrack(t.deps, { name: 'Remote', artist_ids: [artist] });
  await setTrackAudioFromFile(t.deps, id, bytes);
  track = { id, bytes };
});

const stream = (headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  request(t.app, guest(), { method, url: `/api/v1/tracks/${track.id}/stream`, headers });

describe('track streaming from S3', () => {
  it('keeps the audio in the bucket, not on this disk', async () => {
    expect(t.deps.storage.driver).toBe('s3');
    expect(t.deps.storage.localPath).toBeUndefined();
  });

  it('answers ranges (a-b, a-, -n) with 206 and the bytes the store holds there', async () => {
    const size = track.bytes.length;
    for (const [range, start, end] of [
      ['bytes=100-199', 100, 199],
      ['bytes=1000-', 1000, size - 1],
      ['bytes=-500', size - 500, size - 1],
    ] as const) {
      const res = await stream({ range });
      expect(res.statusCode, range).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
      expect(res.rawPayload.equals(track.bytes.subarray(start, end + 1)), range).toBe(true);
    }
  });

  it('sends the whole file with Accept-Ranges and validators, 416 past the end, 304 when unchanged', async () => {
    const whole = await stream();
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(track.bytes)).toBe(true);
    const head = await stream({}, 'HEAD');
    expect(Number(head.headers['content-length'])).toBe(track.bytes.length);

    const past = await stream({ range: `bytes=${track.bytes.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${track.bytes.length}`);

    const again = await stream({ 'if-none-match': String(whole.headers.etag) });
    expect(again.statusCode).toBe(304);
  });
});
