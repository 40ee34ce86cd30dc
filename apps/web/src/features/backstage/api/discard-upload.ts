import { uploads } from '@zema/contracts/uploads/uploads.operations';
import { api } from '#src/lib/api-client';

/**
 * POST file-entries/delete {entryIds: [id], deleteForever}: an upload whose use was refused (the
 * release would not take it) goes with its bytes, so a refusal leaves no file behind to fill the
 * storage quota.
 */
export async function discardUpload(entryId: number) {
  await api.call(uploads.deleteEntries, { body: { entryIds: [entryId], deleteForever: true } });
}
