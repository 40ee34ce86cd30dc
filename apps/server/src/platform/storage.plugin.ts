import { join } from 'node:path';
import { msg } from '@zema/contracts';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '#src/config';
import { createS3Storage } from './s3-storage';
import {
  contentTypeOf,
  createLocalStorage,
  type FileStorage,
  isPubliclyServable,
  STORAGE_URL_PREFIX,
  sweepAbandonedTempFiles,
} from './storage';

export type StoragePluginOptions = { storage: FileStorage };

/**
 * The file storage: the one given (tests), the S3-compatible bucket when S3_BUCKET is set, or the
 * embedded default in DATA_DIR/storage, swept of what an interrupted write left behind.
 */
export async function openStorage(
  config: Pick<Config, 'dataDir' | 's3'>,
  log: FastifyBaseLogger,
  given?: FileStorage,
): Promise<FileStorage> {
  if (given) return given;
  if (config.s3) {
    log.info({ bucket: config.s3.bucket, endpoint: config.s3.endpoint ?? 'AWS' }, 'files are stored in S3');
    return createS3Storage(config.s3);
  }
  const root = join(config.dataDir, 'storage');
  // What a crash left half-written: never served (keys never start with a dot), but it fills
  // the disk. Files of this process's own writes are newer than its start, so they are kept.
  const removed = await sweepAbandonedTempFiles(root, performance.timeOrigin);
  if (removed > 0) log.info({ removed }, 'removed temporary files left by an interrupted write');
  return createLocalStorage(root);
}

/**
 * `app.deps.storage` and the public route serving its files. Stored names are random and never
 * reused, so a year of caching is safe.
 */
export const storagePlugin = fp<StoragePluginOptions>(
  async (app, opts) => {
    const { storage } = opts;

    app.get(`${STORAGE_URL_PREFIX}*`, { config: { access: 'guest' } }, async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      // Audio is only streamed through tracks/{id}/stream, which checks music.view; private
      // uploads only through file-entries/{id}/download, which checks the owner.
      if (!isPubliclyServable(key)) return reply.code(404).send({ message: msg('Not found.') });
      const file = await storage.get(key);
      if (!file) return reply.code(404).send({ message: msg('Not found.') });
      return reply
        .header('content-type', contentTypeOf(key))
        .header('content-length', file.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    });
  },
  { name: 'zema-storage', dependencies: ['zema-access'] },
);
