import type { FileEntry } from '@zema/contracts';
import { uploads } from '@zema/contracts/uploads/uploads.operations';
import { api } from '#src/lib/api-client';

/** POST tus/entries {uploadKey} → {fileEntry}: a finished tus upload becomes a file entry (SPEC §7). */
export async function createTusEntry(uploadKey: string, signal?: AbortSignal): Promise<FileEntry> {
  return (await api.call(uploads.tusEntry, { body: { uploadKey }, signal })).fileEntry;
}
