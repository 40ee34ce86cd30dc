import { constants } from 'node:zlib';
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

/**
 * Compresses answers on the fly by Accept-Encoding (brotli, then gzip), with `Vary:
 * Accept-Encoding`. The built web app's assets are compressed once at build time and served as
 * they are (see the spa feature); an answer that already has a Content-Encoding, a 206 or any
 * Content-Range is left alone by the plugin, and routes that stream media opt out with
 * `compress: false`. Request bodies are not decompressed (no route expects compressed uploads).
 */
export const compressionPlugin = fp(
  async (app) => {
    await app.register(fastifyCompress, {
      global: true,
      globalDecompression: false,
      threshold: COMPRESSION_THRESHOLD,
      encodings: ['br', 'gzip'],
      customTypes: COMPRESSIBLE_TYPES,
      // Quality 4 and level 6: most of the gain of the top levels at a fraction of their CPU,
      // which matters for answers built per request (bootstrap data, the app shell).
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 6 },
    });
  },
  { name: 'zema-compression' },
);
