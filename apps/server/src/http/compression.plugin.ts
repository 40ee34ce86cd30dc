import { createHash } from 'node:crypto';
import { type BrotliOptions, brotliCompressSync, constants, gzipSync, type ZlibOptions } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fp from 'fastify-plugin';

/**
 * Text a browser gains from compressing: JSON answers, the rendered index.html and any text file
 * of the build that has no precompressed copy. Never audio, images, fonts or octet-stream (the
 * plugin's default would include it): those are already compressed or are byte ranges.
 */
export const COMPRESSIBLE_TYPES =
  /^(?:text\/(?!event-stream)|application\/(?:[\w.+-]*\+)?json|application\/(?:javascript|xml)|image\/svg\+xml)/;

/** Answers below this size go out as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD = 1024;

/** Answers up to this size are compressed in one call (and remembered); larger ones are streamed. */
const BUFFERED_LIMIT = 32 * 1024;

/**
 * The compressed bodies of recent answers, so an answer many clients get byte for byte (a
 * visitor's bootstrap data, a cached artist page) is compressed once rather than per request.
 * An answer is kept from the second time it is seen, so bodies made for one request only (the app
 * shell with its nonce) never push the others out.
 */
export function createCompressionMemo({ maxEntries = 256 } = {}) {
  const kept = new Map<string, Buffer>();
  const seenOnce = new Map<string, true>();
  const put = <V>(map: Map<string, V>, key: string, value: V, max: number) => {
    map.delete(key);
    map.set(key, value);
    if (map.size > max) map.delete(map.keys().next().value as string);
  };
  return {
    compress(encoding: string, input: Buffer, compress: (input: Buffer) => Buffer): Buffer {
      const key = `${encoding}:${createHash('sha1').update(input).digest('base64')}`;
      const hit = kept.get(key);
      if (hit) {
        put(kept, key, hit, maxEntries);
        return hit;
      }
      const output = compress(input);
      if (seenOnce.delete(key)) put(kept, key, output, maxEntries);
      else put(seenOnce, key, true, maxEntries * 4);
      return output;
    },
    get size() {
      return kept.size;
    },
  };
}

/**
 * Compresses answers on the fly by Accept-Encoding (brotli, then gzip), with `Vary:
 * Accept-Encoding`. The built web app's assets are compressed once at build time and served as
 * they are (see the spa feature); an answer that already has a Content-Encoding, a 206 or any
 * Content-Range is left alone by the plugin, and routes that stream media opt out with
 * `compress: false`. Request bodies are not decompressed (no route expects compressed uploads).
 */
export const compressionPlugin = fp(
  async (app) => {
    const memo = createCompressionMemo();
    await app.register(fastifyCompress, {
      global: true,
      globalDecompression: false,
      threshold: COMPRESSION_THRESHOLD,
      syncThreshold: BUFFERED_LIMIT,
      encodings: ['br', 'gzip'],
      customTypes: COMPRESSIBLE_TYPES,
      // Quality 4 and level 6: most of the gain of the top levels at a fraction of their CPU,
      // which matters for answers built per request (the app shell, a signed-in user's data).
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 6 },
      // Only the one-call functions are replaced; streaming and decompression keep node:zlib's.
      zlib: {
        brotliCompressSync: (input: Buffer, options: BrotliOptions) =>
          memo.compress('br', input, (b) => brotliCompressSync(b, options)),
        gzipSync: (input: Buffer, options: ZlibOptions) =>
          memo.compress('gzip', input, (b) => gzipSync(b, options)),
      },
    });
  },
  { name: 'zema-compression' },
);
