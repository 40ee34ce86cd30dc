import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '#test/helpers';
import { COMPRESSION_THRESHOLD, createCompressionMemo } from './compression.plugin';

const BROWSER = 'gzip, deflate, br, zstd';

/** A JSON answer of exactly `size` bytes. */
function jsonOfSize(size: number) {
  const overhead = JSON.stringify({ pad: '' }).length;
  return { pad: 'x'.repeat(size - overhead) };
}

function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  return res.body;
}

const t = useApp();
beforeAll(async () => {
  const guest = { config: { access: 'guest' as const } };
  t.app.get('/api/v1/test/json/:size', guest, async (request) =>
    jsonOfSize(Number((request.params as { size: string }).size)),
  );
  // What an answer of an already compressed kind would look like to the plugin.
  for (const type of ['audio/mpeg', 'application/octet-stream', 'image/webp', 'font/woff2']) {
    t.app.get(`/api/v1/test/media/${type}`, guest, async (_request, reply) =>
      reply.type(type).send(Buffer.alloc(64 * 1024, 1)),
    );
  }
});

describe('compression of answers', () => {
  it('compresses JSON from the threshold on, by Accept-Encoding, with Vary', async () => {
    for (const [accept, encoding] of [
      [BROWSER, 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const size = COMPRESSION_THRESHOLD;
      const res = await t.app.inject({
        url: `/api/v1/test/json/${size}`,
        headers: { 'accept-encoding': accept },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(size / 4);
      expect(JSON.parse(decoded(res))).toEqual(jsonOfSize(size));
    }
  });

  it('leaves JSON below the threshold, and clients that accept nothing, alone', async () => {
    const small = await t.app.inject({
      url: `/api/v1/test/json/${COMPRESSION_THRESHOLD - 1}`,
      headers: { 'accept-encoding': BROWSER },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.rawPayload.length).toBe(COMPRESSION_THRESHOLD - 1);
    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const res = await t.app.inject({ url: '/api/v1/test/json/4000', headers });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.rawPayload.length).toBe(4000);
    }
  });

  it('compresses the bootstrap data a browser asks for', async () => {
    const plain = await t.app.inject({ url: '/api/v1/bootstrap-data' });
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    const res = await t.app.inject({
      url: '/api/v1/bootstrap-data',
      headers: { 'accept-encoding': BROWSER },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decoded(res))).toEqual(JSON.parse(plain.body));
  });

  it('never compresses media, fonts or octet-streams', async () => {
    for (const type of ['audio/mpeg', 'application/octet-stream', 'image/webp', 'font/woff2']) {
      const res = await t.app.inject({
        url: `/api/v1/test/media/${type}`,
        headers: { 'accept-encoding': BROWSER },
      });
      expect(res.statusCode, type).toBe(200);
      expect(res.headers['content-encoding'], type).toBeUndefined();
      expect(res.rawPayload.length, type).toBe(64 * 1024);
    }
  });
});

describe('the compression memo', () => {
  const counting = () => {
    let calls = 0;
    const compress = (input: Buffer) => {
      calls++;
      return Buffer.concat([Buffer.from('z:'), input]);
    };
    return { compress, calls: () => calls };
  };

  it('compresses an answer seen again once, and keeps encodings apart', () => {
    const memo = createCompressionMemo();
    const c = counting();
    const body = Buffer.from('{"same":"answer"}');
    for (let i = 0; i < 5; i++) {
      expect(memo.compress('br', Buffer.from(body), c.compress).toString()).toBe('z:{"same":"answer"}');
    }
    // The first sighting is compressed and not kept, the second is kept, the rest are hits.
    expect(c.calls()).toBe(2);
    memo.compress('gzip', body, c.compress);
    expect(c.calls()).toBe(3);
  });

  it('keeps nothing of answers made for one request, so they never push the others out', () => {
    const memo = createCompressionMemo({ maxEntries: 2 });
    const c = counting();
    const shared = Buffer.from('shared');
    memo.compress('br', shared, c.compress);
    memo.compress('br', shared, c.compress);
    for (let i = 0; i < 50; i++) memo.compress('br', Buffer.from(`page with nonce ${i}`), c.compress);
    expect(memo.size).toBe(1);
    const before = c.calls();
    memo.compress('br', shared, c.compress);
    expect(c.calls()).toBe(before);
  });
});
