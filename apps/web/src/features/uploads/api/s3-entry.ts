import type { FileEntry, s3EntryRequestSchema } from '@zema/contracts';
import { uploads } from '@zema/contracts/uploads/uploads.operations';
import type { z } from 'zod';
import { api } from '#src/lib/api-client';

/** POST s3/entries {clientMime, clientName, filename, size, clientExtension, metadata} → {fileEntry}. */
export async function createS3Entry(
  body: z.input<typeof s3EntryRequestSchema>,
  signal?: AbortSignal,
): Promise<FileEntry> {
  return (await api.call(uploads.s3Entry, { body, signal })).fileEntry;
}
