import { spawnSync } from 'node:child_process';
import { readdir, readlink, truncate } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { PERMISSIONS } from '@zema/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ifRangeMatches, notModified, parseRange } from '#src/http/ranges';
import { AUDIO_CONTENT_TYPES, AUDIO_FORMATS, audioContentType, sniffAudioFormat } from '#src/lib/audio';
import { createArtist, createTrack, setTrackAudioFromFile } from '#src/modules/catalogue/index';
import { GUEST_ROLE_CACHE_KEY } from '#src/modules/users/index';
import { permissionRole, permissions, roles } from '#src/modules/users/tables';
import { makeWav } from '#test/catalogue';
import { createUser, guest, request, sessionFor, type TestApp, useApp } from '#test/helpers';
import { startS3 } from '#test/s3';
import { ACCEL_SIGNED_SECONDS, TRACK_FILE_CACHE_MAX, TrackFileCache } from './stream.http';

describe('range rules', () => {
  it('parses a-b, a- and -n, clamps the end, refuses a start past the end', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ kind: 'partial', start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ kind: 'partial', start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ kind: 'partial', start: 900, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ kind: 'partial', start: 0, end: 999 });
    expect(parseRange('bytes=500-99999', 1000)).toEqual({ kind: 'partial', start: 500, end: 999 });
    expect(parseRange('bytes=999-999', 1000)).toEqual({ kind: 'partial', start: 999, end: 999 });
    expect(parseRange('bytes=1000-', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=1000-2000', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 1000)).toEqual({ kind: 'unsatisfiable' });
  });

  it('ignores bad syntax and multiple ranges (whole file)', () => {
    for (const bad of [
      undefined,
      '',
      'bytes=',
      'bytes=-',
      'bytes=abc',
      'bytes=5-3',
      'items=0-5',
      'bytes 0-5',
      'bytes=0-1,5-6',
      'bytes=1e3-',
      'bytes=0x10-',
      'bytes=99999999999999999999-',
    ]) {
      expect(parseRange(bad, 1000), String(bad)).toEqual({ kind: 'full' });
    }
  });

  it('If-Range needs a strong, equal validator; If-None-Match / If-Modified-Since decide 304', () => {
    const v = { etag: '"abc-10"', lastModified: new Date('2024-01-02T03:04:05Z') };
    expect(ifRangeMatches(undefined, v)).toBe(true);
    expect(ifRangeMatches('"abc-10"', v)).toBe(true);
    expect(ifRangeMatches('"old"', v)).toBe(false);
    expect(ifRangeMatches('W/"abc-10"', v)).toBe(false);
    expect(ifRangeMatches('Tue, 02 Jan 2024 03:04:05 GMT', v)).toBe(true);
    expect(ifRangeMatches('Tue, 02 Jan 2024 03:04:04 GMT', v)).toBe(false);
    expect(ifRangeMatches('garbage', v)).toBe(false);
    expect(notModified('"x", "abc-10"', undefined, v)).toBe(true);
    expect(notModified('W/"abc-10"', undefined, v)).toBe(true);
    expect(notModified('"x"', 'Tue, 02 Jan 2030 00:00:00 GMT', v)).toBe(false);
    expect(notModified(undefined, 'Tue, 02 Jan 2024 03:04:05 GMT', v)).toBe(true);
    expect(notModified(undefined, 'Tue, 02 Jan 2024 03:04:04 GMT', v)).toBe(false);
  });

  it('knows each format by magic bytes and its Content-Type', () => {
    const pad = (head: Buffer | string) =>
      Buffer.concat([Buffer.from(head as string, 'latin1'), Buffer.alloc(64)]);
    expect(sniffAudioFormat(pad('ID3\x04\x00'))).toBe('mp3');
    expect(sniffAudioFormat(pad(Buffer.from([0xff, 0xfb, 0x90, 0x64])))).toBe('mp3');
    expect(sniffAudioFormat(pad('fLaC'))).toBe('flac');
    expect(sniffAudioFormat(pad('OggS\x00\x02'))).toBe('ogg');
    expect(sniffAudioFormat(pad('OggS\x00\x02xxxxxxxxxxxxxxxxxxxxxxOpusHead'))).toBe('opus');
    expect(sniffAudioFormat(makeWav(0.01))).toBe('wav');
    expect(sniffAudioFormat(pad('\x00\x00\x00\x20ftypM4A '))).toBe('m4a');
    expect(sniffAudioFormat(pad(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])))).toBe('webm');
    expect(sniffAudioFormat(pad('<!doctype html>'))).toBeNull();
    expect(sniffAudioFormat(pad(Buffer.from([0xff, 0xd8, 0xff, 0xe0])))).toBeNull(); // JPEG
    expect(AUDIO_FORMATS.map(audioContentType)).toEqual([
      'audio/mpeg',
      'audio/ogg',
      'audio/ogg',
      'audio/flac',
      'audio/mp4',
      'audio/wav',
      'audio/webm',
    ]);
    expect(Object.keys(AUDIO_CONTENT_TYPES)).toHaveLength(AUDIO_FORMATS.length);
  });
});

/** How many descriptors of this process point at `path`. */
async function handlesOf(path: string) {
  let n = 0;
  for (const fd of await readdir('/proc/self/fd')) {
    const target = await readlink(`/proc/self/fd/${fd}`).catch(() => '');
    if (target === path) n++;
  }
  return n;
}

const hasFfmpeg = spawnSync('ffmpeg', ['-version']).status === 0;
/** STREAMS_PER_IP: a few, so the cap's test holds them all without opening dozens of streams. */
const STREAMS_PER_IP = 3;
const t = useApp({ STREAMS_PER_IP: String(STREAMS_PER_IP) });
let small: { id: number; bytes: Buffer; src: string };
let large: { id: number; bytes: Buffer };
let silent: number;

async function trackWithAudio(app: TestApp, name: string, bytes: Buffer) {
  const artist = await createArtist(app.deps, { name: `${name} artist` });
  const id = await createTrack(app.deps, { name, artist_ids: [artist] });
  const audio = await setTrackAudioFromFile(app.app.deps, id, bytes);
  return { id, bytes, src: audio!.src };
}

/** Removes music.view from the guest role (or gives it back), as an admin editing roles would. */
async function setGuestMusicView(app: TestApp, allowed: boolean) {
  const [role] = await app.deps.db.select({ id: roles.id }).from(roles).where(eq(roles.guests, true));
  const [perm] = await app.deps.db
    .select({ id: permissions.id })
    .from(permissions)
    .where(eq(permissions.name, PERMISSIONS.musicView));
  if (allowed) {
    await app.deps.db
      .insert(permissionRole)
      .values({ roleId: role!.id, permissionId: perm!.id })
      .onConflictDoNothing();
  } else {
    await app.deps.db
      .delete(permissionRole)
      .where(and(eq(permissionRole.roleId, role!.id), eq(permissionRole.permissionId, perm!.id)));
  }
  await app.app.deps.cache.invalidate(GUEST_ROLE_CACHE_KEY);
}

beforeAll(async () => {
  small = await trackWithAudio(t, 'Small', makeWav(3));
  // Over the 1 MB buffered-read limit, so big ranges take the streaming path.
  large = await trackWithAudio(t, 'Large', makeWav(300));
  const artist = await createArtist(t.deps, { name: 'Silent' });
  silent = await createTrack(t.deps, { name: 'No audio', artist_ids: [artist] });
});

const stream = (id: number, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  request(t.app, guest(), { method, url: `/api/v1/tracks/${id}/stream`, headers });

describe('GET tracks/{id}/stream', () => {
  it('sends the whole file with validators and Accept-Ranges', async () => {
    const res = await stream(small.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-type']).toBe('audio/wav');
    expect(res.headers['content-length']).toBe(String(small.bytes.length));
    expect(res.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(new Date(res.headers['last-modified'] as string).getTime()).toBeGreaterThan(0);
    expect(Buffer.compare(res.rawPayload, small.bytes)).toBe(0);
  });

  it('answers a-b, a- and -n with 206 and the exact bytes', async () => {
    const len = small.bytes.length;
    for (const [range, start, end] of [
      ['bytes=0-99', 0, 99],
      ['bytes=1000-', 1000, len - 1],
      ['bytes=-300', len - 300, len - 1],
      ['bytes=20000-99999999', 20000, len - 1],
    ] as const) {
      const res = await stream(small.id, { range });
      expect(res.statusCode, range).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${len}`);
      expect(res.headers['content-length']).toBe(String(end - start + 1));
      expect(Buffer.compare(res.rawPayload, small.bytes.subarray(start, end + 1)), range).toBe(0);
    }
  });

  it('is never compressed, whole or in ranges, whatever the client accepts', async () => {
    const accept = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    const whole = await stream(large.id, accept);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.headers['content-length']).toBe(String(large.bytes.length));
    expect(Buffer.compare(whole.rawPayload, large.bytes)).toBe(0);
    const part = await stream(small.id, { ...accept, range: 'bytes=100-4099' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.headers['content-range']).toBe(`bytes 100-4099/${small.bytes.length}`);
    expect(Buffer.compare(part.rawPayload, small.bytes.subarray(100, 4100))).toBe(0);
  });

  it('416 with bytes */len for a start past the end', async () => {
    const res = await stream(small.id, { range: `bytes=${small.bytes.length}-` });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${small.bytes.length}`);
    expect(res.rawPayload.length).toBe(0);
  });

  it('bad syntax and multiple ranges get the whole file', async () => {
    for (const range of ['bytes=abc', 'bytes=5-3', 'pages=1-2', 'bytes=0-1,10-20']) {
      const res = await stream(small.id, { range });
      expect(res.statusCode, range).toBe(200);
      expect(res.rawPayload.length).toBe(small.bytes.length);
    }
  });

  it('If-Range: a stale validator gets the whole file, a current one the range', async () => {
    const { etag, 'last-modified': lastModified } = (await stream(small.id)).headers;
    const stale = await stream(small.id, { range: 'bytes=0-9', 'if-range': '"stale-1"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(small.bytes.length);
    const current = await stream(small.id, { range: 'bytes=0-9', 'if-range': etag as string });
    expect(current.statusCode).toBe(206);
    const byDate = await stream(small.id, { range: 'bytes=0-9', 'if-range': lastModified as string });
    expect(byDate.statusCode).toBe(206);
    const oldDate = await stream(small.id, {
      range: 'bytes=0-9',
      'if-range': 'Mon, 01 Jan 2001 00:00:00 GMT',
    });
    expect(oldDate.statusCode).toBe(200);
  });

  it('304 on a matching If-None-Match or If-Modified-Since', async () => {
    const { etag, 'last-modified': lastModified } = (await stream(small.id)).headers;
    const byTag = await stream(small.id, { 'if-none-match': etag as string });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.headers.etag).toBe(etag);
    expect(byTag.rawPayload.length).toBe(0);
    expect((await stream(small.id, { 'if-modified-since': lastModified as string })).statusCode).toBe(304);
    expect((await stream(small.id, { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('HEAD answers the headers without a body', async () => {
    const full = await stream(small.id, {}, 'HEAD');
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-length']).toBe(String(small.bytes.length));
    expect(full.headers['accept-ranges']).toBe('bytes');
    expect(full.rawPayload.length).toBe(0);
    const part = await stream(small.id, { range: 'bytes=0-9' }, 'HEAD');
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-9/${small.bytes.length}`);
    expect(part.rawPayload.length).toBe(0);
  });

  it('issues no XSRF cookie with audio, which a media element never echoes (other answers do)', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await t.app.inject({ method, url: `/api/v1/tracks/${small.id}/stream` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['set-cookie'], method).toBeUndefined();
    }
    const page = await t.app.inject({ method: 'GET', url: '/api/v1/bootstrap-data' });
    expect(String(page.headers['set-cookie'])).toMatch(/^XSRF-TOKEN=/);
  });

  it('streams ranges larger than the buffered-read limit', async () => {
    const start = 100_000;
    const end = start + 1_500_000;
    const res = await stream(large.id, { range: `bytes=${start}-${end}` });
    expect(res.statusCode).toBe(206);
    expect(Buffer.compare(res.rawPayload, large.bytes.subarray(start, end + 1))).toBe(0);
    const whole = await stream(large.id);
    expect(Buffer.compare(whole.rawPayload, large.bytes)).toBe(0);
  });

  it('404 for a track without audio or no track at all', async () => {
    expect((await stream(silent)).statusCode).toBe(404);
    expect((await stream(999_999)).statusCode).toBe(404);
    expect((await request(t.app, guest(), { url: '/api/v1/tracks/abc/stream' })).statusCode).toBe(404);
  });

  it('422 in the error shape for a transcoding ask it cannot take (GET and HEAD)', async () => {
    for (const query of ['format=wma', 'maxBitRate=-1', 'maxBitRate=9999', 'maxBitRate=abc']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await request(t.app, guest(), {
          method,
          url: `/api/v1/tracks/${small.id}/stream?${query}`,
        });
        expect(res.statusCode, `${method} ${query}`).toBe(422);
        if (method === 'GET')
          expect(res.json()).toMatchObject({ message: expect.any(String), errors: expect.any(Object) });
      }
    }
  });

  it.skipIf(!hasFfmpeg)(
    'Data saver: ?format=opus&maxBitRate=96 streams an Opus transcode; the kept copy then answers ranges',
    async () => {
      const url = `/api/v1/tracks/${small.id}/stream?format=opus&maxBitRate=96`;
      const first = await request(t.app, guest(), { url });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('audio/ogg');
      // Made as it streams: no length known, so no ranges on this first answer.
      expect(first.headers['accept-ranges']).toBeUndefined();
      expect(first.rawPayload.subarray(0, 4).toString('latin1')).toBe('OggS');
      // 3 s at 96 kbps, with room for Ogg's pages and headers.
      expect(first.rawPayload.length).toBeLessThan((96_000 / 8) * 3 * 1.5);
      const dir = join(t.deps.config.dataDir, 'transcodes');
      await expect
        .poll(async () => (await readdir(dir).catch(() => [] as string[])).some((f) => f.endsWith('.bin')))
        .toBe(true);
      const whole = await request(t.app, guest(), { url });
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(whole.rawPayload.equals(first.rawPayload)).toBe(true);
      const part = await request(t.app, guest(), { url, headers: { range: 'bytes=100-199' } });
      expect(part.statusCode).toBe(206);
      expect(part.rawPayload.equals(first.rawPayload.subarray(100, 200))).toBe(true);
      // raw, or nothing asked: the stored file as it is.
      const raw = await request(t.app, guest(), { url: `/api/v1/tracks/${small.id}/stream?format=raw` });
      expect(raw.rawPayload.equals(small.bytes)).toBe(true);
    },
  );

  it('follows the guest role: a guest without music.view is refused, a user still listens', async () => {
    const user = await sessionFor(t.db, (await createUser(t.db)).id);
    await setGuestMusicView(t, false);
    try {
      expect((await stream(small.id)).statusCode).toBe(401);
      const asUser = await request(t.app, user, { url: `/api/v1/tracks/${small.id}/stream` });
      expect(asUser.statusCode).toBe(200);
      const noRoles = await sessionFor(t.db, (await createUser(t.db, { roles: [] })).id);
      expect((await request(t.app, noRoles, { url: `/api/v1/tracks/${small.id}/stream` })).statusCode).toBe(
        403,
      );
    } finally {
      await setGuestMusicView(t, true);
    }
    expect((await stream(small.id)).statusCode).toBe(200);
  });

  it('an aborted download releases its file handle', async () => {
    const huge = await trackWithAudio(t, 'Huge', makeWav(3));
    const path = t.app.deps.storage.localPath!(huge.src)!;
    // Grown (sparsely) past what loopback socket buffers can hold (tcp_rmem + tcp_wmem maxima are
    // tens of MB), so the server cannot have finished sending when the client stops reading.
    await truncate(path, 256 * 1024 * 1024);
    const openHandles = () => handlesOf(path);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const req = httpRequest({ host: '127.0.0.1', port, path: `/api/v1/tracks/${huge.id}/stream` });
    const firstChunk = new Promise<void>((resolve, reject) => {
      req.on('response', (res) => {
        expect(res.statusCode).toBe(200);
        res.once('data', () => {
          // Stop reading: the rest stays unsent on the server's side until the client goes away.
          res.pause();
          resolve();
        });
      });
      req.on('error', reject);
    });
    req.end();
    await firstChunk;
    // The client has not read past the first chunk, so the file is still being sent.
    expect(await openHandles()).toBe(1);
    req.destroy();
    const deadline = Date.now() + 5000;
    while ((await openHandles()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await openHandles()).toBe(0);
  });
});

describe('audio streams per address', () => {
  it('refuses one more stream than STREAMS_PER_IP with 429 while they are open, and frees a slot when one ends', async () => {
    const huge = await trackWithAudio(t, 'Held', makeWav(3));
    // Larger than loopback socket buffers hold: a paused reader keeps its answer open.
    await truncate(t.app.deps.storage.localPath!(huge.src)!, 256 * 1024 * 1024);
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    /** Opens the stream and stops reading after its first bytes: the answer stays open. */
    const hold = () =>
      new Promise<ReturnType<typeof httpRequest>>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, path: `/api/v1/tracks/${huge.id}/stream` });
        req.on('response', (res) => {
          expect(res.statusCode).toBe(200);
          res.once('data', () => {
            res.pause();
            resolve(req);
          });
        });
        req.on('error', reject);
        req.end();
      });
    const held = [];
    for (let i = 0; i < STREAMS_PER_IP; i++) held.push(await hold());
    try {
      /** A request on a connection of its own, closed after the answer's head (and its body, if small). */
      const get = (path: string, headers: Record<string, string> = {}) =>
        new Promise<{ status: number; retryAfter: string | undefined; body: string }>((resolve, reject) => {
          const req = httpRequest({ host: '127.0.0.1', port, path, agent: false, headers });
          req.on('response', (res) => {
            if ((res.statusCode ?? 0) < 400) {
              req.destroy();
              resolve({ status: res.statusCode ?? 0, retryAfter: undefined, body: '' });
              return;
            }
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              body += chunk;
            });
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], body }),
            );
          });
          req.on('error', reject);
          req.end();
        });
      // The next streamed answer to this address gets 429 in the SPEC §8 shape.
      const refused = await get(`/api/v1/tracks/${huge.id}/stream`);
      expect(refused.status).toBe(429);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      expect(JSON.parse(refused.body)).toEqual({
        message: 'Too many streams are open from your address. Close one and try again.',
      });
      if (hasFfmpeg) {
        // A transcode holds its connection too.
        expect((await get(`/api/v1/tracks/${small.id}/stream?format=mp3&maxBitRate=64`)).status).toBe(429);
      }
      // A range read into memory ends at once and needs no slot; nor does another address.
      expect((await stream(small.id, { range: 'bytes=0-999' })).statusCode).toBe(206);
      const other = await t.app.inject({
        url: `/api/v1/tracks/${huge.id}/stream`,
        headers: { range: 'bytes=0-2999999' },
        remoteAddress: '192.0.2.7',
      });
      expect(other.statusCode).toBe(206);
      // One ends: its slot is free again.
      held.pop()!.destroy();
      await expect
        .poll(
          async () => (await get(`/api/v1/tracks/${huge.id}/stream`, { range: 'bytes=0-2999999' })).status,
        )
        .toBe(206);
    } finally {
      for (const req of held) req.destroy();
    }
  });
});

describe('track file cache', () => {
  it('keeps one open handle for concurrent range reads and closes it when the entry is dropped', async () => {
    const cache = new TrackFileCache(t.deps);
    const file = (await cache.get(small.id))!;
    expect(file.path).toBeTruthy();
    // The app's own cache may hold the file open from earlier requests.
    const before = await handlesOf(file.path!);
    const starts = [0, 100, 5000, 20_000];
    const reads = await Promise.all(starts.map((start) => cache.read(file, start, 1000)));
    reads.forEach((buf, i) => {
      expect(Buffer.compare(buf, small.bytes.subarray(starts[i]!, starts[i]! + 1000))).toBe(0);
    });
    expect(await handlesOf(file.path!)).toBe(before + 1);
    cache.forget(small.id);
    await cache.settled();
    expect(await handlesOf(file.path!)).toBe(before);
    // A read through a dropped entry still works, opening and closing the file itself.
    expect((await cache.read(file, 0, 10)).length).toBe(10);
    expect(await handlesOf(file.path!)).toBe(before);
  });

  it('is capped far below the descriptor limit', () => {
    expect(TRACK_FILE_CACHE_MAX).toBeLessThanOrEqual(256);
  });

  describe('with a clock moved by hand', () => {
    // Only the sweeper's interval is faked: the database and the file system keep real timers.
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    /** Three tracks with their own files, so descriptors can be told apart. */
    async function threeFiles() {
      const made = await Promise.all(
        ['One', 'Two', 'Three'].map((name) => trackWithAudio(t, `Cache ${name}`, makeWav(1))),
      );
      return made.map((m) => ({ id: m.id, path: t.app.deps.storage.localPath!(m.src)! }));
    }

    it('closes the files of expired entries without any further request', async () => {
      let now = 1_000_000;
      const cache = new TrackFileCache(t.deps, { ttlMs: 10_000, now: () => now });
      const [a, b] = await threeFiles();
      const fileA = (await cache.get(a!.id))!;
      await cache.read(fileA, 0, 100);
      now += 4_000;
      const fileB = (await cache.get(b!.id))!;
      await cache.read(fileB, 0, 100);
      expect(await handlesOf(a!.path)).toBe(1);
      expect(await handlesOf(b!.path)).toBe(1);

      // A's ten seconds are up, B's are not: the sweep closes A only.
      now += 6_000;
      vi.advanceTimersByTime(10_000);
      await cache.settled();
      expect(await handlesOf(a!.path)).toBe(0);
      expect(await handlesOf(b!.path)).toBe(1);
      expect(cache.size).toBe(1);

      now += 4_000;
      vi.advanceTimersByTime(10_000);
      await cache.settled();
      expect(await handlesOf(b!.path)).toBe(0);
      expect(cache.size).toBe(0);
      // Nothing left to sweep: the interval is gone, so an idle server wakes for nothing.
      expect(vi.getTimerCount()).toBe(0);
    });

    it('an expired entry keeps its file open until the read in flight ends, then closes it', async () => {
      let now = 0;
      const cache = new TrackFileCache(t.deps, { ttlMs: 10_000, now: () => now });
      const [a] = await threeFiles();
      const file = (await cache.get(a!.id))!;
      const reading = cache.read(file, 0, 1000);
      now += 10_000;
      cache.sweep();
      await cache.settled();
      expect(cache.size).toBe(0);
      // The read holds the handle: it completes with the right bytes.
      expect((await reading).length).toBe(1000);
      await cache.settled();
      expect(await handlesOf(a!.path)).toBe(0);
    });

    it('at the cap, drops the least recently used entry and closes its file', async () => {
      const cache = new TrackFileCache(t.deps, { max: 2, now: () => 0 });
      const [a, b, c] = await threeFiles();
      for (const track of [a!, b!]) await cache.read((await cache.get(track.id))!, 0, 10);
      // A is used again, so B is now the least recently used.
      await cache.read((await cache.get(a!.id))!, 10, 10);
      await cache.read((await cache.get(c!.id))!, 0, 10);
      await cache.settled();
      expect(cache.size).toBe(2);
      expect(await handlesOf(b!.path)).toBe(0);
      expect(await handlesOf(a!.path)).toBe(1);
      expect(await handlesOf(c!.path)).toBe(1);
      cache.clear();
      await cache.settled();
      expect((await Promise.all([a!, c!].map((x) => handlesOf(x.path)))).every((n) => n === 0)).toBe(true);
    });
  });
});

describe('X-Accel-Redirect mode', () => {
  const accel = useApp({ STREAM_X_ACCEL_PREFIX: '/protected-audio/' });
  let track: { id: number; src: string };
  beforeAll(async () => {
    track = await trackWithAudio(accel, 'Accel', makeWav(1));
  });

  it('authorises, then hands the file to nginx without a body', async () => {
    const res = await request(accel.app, guest(), {
      url: `/api/v1/tracks/${track.id}/stream`,
      headers: { range: 'bytes=0-10' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-accel-redirect']).toBe(`/protected-audio/${track.src}`);
    expect(res.headers['content-type']).toBe('audio/wav');
    expect(res.rawPayload.length).toBe(0);
    await setGuestMusicView(accel, false);
    try {
      const denied = await request(accel.app, guest(), { url: `/api/v1/tracks/${track.id}/stream` });
      expect(denied.statusCode).toBe(401);
      expect(denied.headers['x-accel-redirect']).toBeUndefined();
    } finally {
      await setGuestMusicView(accel, true);
    }
  });
});

describe('X-Accel-Redirect mode with S3 storage', () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(async () => {
    await s3?.close();
  });
  const prefix = '/protected-s3/';
  const accel = useApp(() => ({ ...s3.env, STREAM_X_ACCEL_PREFIX: prefix }));
  let track: { id: number; src: string; bytes: Buffer };
  beforeAll(async () => {
    track = await trackWithAudio(accel, 'Accel S3', makeWav(1));
  });

  /** What nginx's internal location does: the rest of the target, asked of the store itself. */
  const fromStore = (target: string, headers: Record<string, string> = {}) =>
    fetch(`${s3.endpoint}/${target.slice(prefix.length)}`, { headers });

  it('authorises, then hands nginx a presigned object URL the store honours, with ranges', async () => {
    expect(accel.deps.storage.driver).toBe('s3');
    const res = await request(accel.app, guest(), {
      url: `/api/v1/tracks/${track.id}/stream`,
      headers: { range: 'bytes=0-10' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/wav');
    expect(res.rawPayload.length).toBe(0);
    const target = String(res.headers['x-accel-redirect']);
    expect(target.startsWith(`${prefix}${s3.bucket}/${track.src}?`), target).toBe(true);
    expect(target).toContain('X-Amz-Signature=');

    const ranged = await fromStore(target, { range: 'bytes=100-199' });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(track.bytes.subarray(100, 200))).toBe(true);
    const whole = await fromStore(target);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(track.bytes)).toBe(true);
    // Valid for a few minutes, signed for the store's Host, which nginx's internal location must
    // send (s3rver does not check V4 signatures; real stores refuse another Host).
    const signed = new URL(`${s3.endpoint}/${target.slice(prefix.length)}`).searchParams;
    expect(signed.get('X-Amz-Expires')).toBe(String(ACCEL_SIGNED_SECONDS));
    expect(signed.get('X-Amz-SignedHeaders')).toBe('host');
  });

  it('answers HEAD itself (a presigned GET does not cover it), and refuses without music.view', async () => {
    const head = await request(accel.app, guest(), {
      method: 'HEAD',
      url: `/api/v1/tracks/${track.id}/stream`,
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['x-accel-redirect']).toBeUndefined();
    expect(Number(head.headers['content-length'])).toBe(track.bytes.length);
    expect(head.headers['accept-ranges']).toBe('bytes');

    await setGuestMusicView(accel, false);
    try {
      const denied = await request(accel.app, guest(), { url: `/api/v1/tracks/${track.id}/stream` });
      expect(denied.statusCode).toBe(401);
      expect(denied.headers['x-accel-redirect']).toBeUndefined();
    } finally {
      await setGuestMusicView(accel, true);
    }
  });
});
