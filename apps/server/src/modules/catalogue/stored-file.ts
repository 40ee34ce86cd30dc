import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { msg } from '@zema/contracts';
import type { Deps } from '#src/platform/deps';
import { IngestError } from './ingest/index';

/**
 * A stored file's bytes on this machine, for the analysis (which reads a path): the stored file
 * itself on the local driver, a temporary copy from a remote one (removed afterwards). Used by
 * the backstage drafts and the admin's track audio, so both read an upload the same way.
 */
export async function withLocalStoredFile<T>(
  deps: Pick<Deps, 'storage'>,
  key: string,
  use: (path: string) => Promise<T>,
): Promise<T> {
  const local = deps.storage.localPath?.(key);
  if (local) return use(local);
  const file = await deps.storage.get(key);
  if (!file) throw new IngestError('unreadable', msg('The uploaded file is missing.'));
  const dir = await mkdtemp(join(tmpdir(), 'zema-ingest-'));
  try {
    const path = join(dir, 'audio');
    await pipeline(file.stream, createWriteStream(path));
    return await use(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
