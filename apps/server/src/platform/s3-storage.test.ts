import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#src/config';
import { startS3 } from '#test/s3';
import { createS3Storage, type S3FileStorage } from './s3-storage';
import { generateStorageKey } from './storage';

let s3: Awaited<ReturnType<typeof startS3>>;
let storage: S3FileStorage;
let work: string;

beforeAll(async () => {
  s3 = await startS3();
  storage = createS3Storage(loadConfig({ ...s3.env, S3_PUBLIC_URL: 'https://cdn.example.com/' }).s3!);
  work = await mkdtemp(join(tmpdir(), 'zema-s3-driver-'));
});
afterAll(async () => {
  storage?.client.destroy();
  await s3?.close();
  await rm(work, { recursive: true, force: true });
});

const bytesOf = async (stream: Readable) => Buffer.concat(await stream.toArray());

describe('S3 storage driver', () => {
  it('puts, reads whole and by range, stats and deletes an object', async () => {
    const key = generateStorageKey('tests', 'bin');
    const data = randomBytes(64 * 1024);
    await storage.put(key, data, 'application/octet-stream');

    const whole = await storage.get(key);
    expect(whole?.size).toBe(data.length);
    expect((await bytesOf(whole!.stream)).equals(data)).toBe(true);

    const part = await storage.get(key, { start: 100, end: 199 });
    expect(part?.size).toBe(data.length);
    expect((await bytesOf(part!.stream)).equals(data.subarray(100, 200))).toBe(true);

    expect((await storage.stat(key))?.size).toBe(data.length);
    expect((await storage.readStart(key, 10)).equals(data.subarray(0, 10))).toBe(true);

    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.stat(key)).toBeNull();
    // Deleting what is gone, and reading an invalid key, are not errors.
    await storage.delete(key);
    expect(await storage.get('../etc/passwd')).toBeNull();
  });

  it('stores a file and a stream of unknown length (multipart past one part) byte for byte', async () => {
    const path = join(work, 'source.bin');
    const data = randomBytes(9 * 1024 * 1024);
    await writeFile(path, data);
    const fileKey = generateStorageKey('tests', 'bin');
    await storage.putFile(fileKey, path, 'application/octet-stream');
    expect((await bytesOf((await storage.get(fileKey))!.stream)).equals(data)).toBe(true);

    const streamKey = generateStorageKey('tests', 'bin');
    const stored = await storage.putStream(
      streamKey,
      Readable.from([data.subarray(0, 5_000_000), data.subarray(5_000_000)]),
      'application/octet-stream',
    );
    expect(stored).toBe(data.length);
    expect((await bytesOf((await storage.get(streamKey))!.stream)).equals(data)).toBe(true);
  });

  it('signs a short-lived GET URL that reads a private object without credentials', async () => {
    const key = generateStorageKey('private/tests', 'txt');
    await storage.put(key, Buffer.from('secret words'), 'text/plain');
    const url = await storage.signedUrl(key, { expiresIn: 60, disposition: 'attachment; filename="a.txt"' });
    expect(url).toContain('X-Amz-Expires=60');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(await text(Readable.fromWeb(res.body!))).toBe('secret words');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="a.txt"');
  });

  it('maps keys to the CDN URL and back, and refuses other URLs', () => {
    expect(storage.publicUrl('images/a.webp')).toBe('https://cdn.example.com/images/a.webp');
    expect(storage.keyFromUrl('https://cdn.example.com/images/a.webp')).toBe('images/a.webp');
    expect(storage.keyFromUrl('/storage/images/a.webp')).toBe('images/a.webp');
    expect(storage.keyFromUrl('https://evil.example.com/images/a.webp')).toBeNull();
    expect(storage.keyFromUrl('https://cdn.example.com/../x')).toBeNull();
  });

  it('lists the parts of a multipart upload with their ETags and aborts it', async () => {
    const key = generateStorageKey('tests', 'bin');
    const uploadId = await storage.createMultipart(key, 'application/octet-stream');
    // Tiny parts are fine until completion; three parts, each PUT to its signed URL.
    for (const n of [1, 2, 3]) {
      const res = await fetch(await storage.signPart(key, uploadId, n, 60), {
        method: 'PUT',
        body: Buffer.from(`part ${n}`),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    }
    const parts = await storage.listParts(key, uploadId);
    expect(parts.map((p) => p.PartNumber)).toEqual([1, 2, 3]);
    await storage.abortMultipart(key, uploadId);
    await expect(storage.listParts(key, uploadId)).rejects.toThrow();
    // Aborting again is not an error.
    await storage.abortMultipart(key, uploadId);
  });
});
