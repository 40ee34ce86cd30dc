import { type FileEntry, fileEntryResponseSchema } from '@zema/contracts';
import { uploads } from '@zema/contracts/uploads/uploads.operations';
import { buildRequest } from '#src/lib/api-client';
import type { UploadMetadata } from '../lib/upload-types';
import { xhrRequest } from '../lib/xhr-request';

export interface CreateFileEntryInput {
  file: File;
  clientMime: string;
  clientExtension: string | null;
  metadata: UploadMetadata;
  signal?: AbortSignal;
  onProgress?: (loaded: number) => void;
}

/**
 * POST file-entries multipart {file, clientMime, clientExtension, metadata} → {fileEntry}
 * (SPEC §7, the plain path). Sent by XHR for its upload progress; the URL and headers (XSRF,
 * workspaceId) come from the API client so the conventions stay in one place.
 */
export async function createFileEntry(input: CreateFileEntryInput): Promise<FileEntry> {
  const form = new FormData();
  // The bare name: a browser sends a folder-picked file's path inside the folder as its file name,
  // which the server refuses; that path travels in the metadata (relativePath) instead.
  form.append('file', input.file, input.file.name);
  form.append('clientMime', input.clientMime);
  if (input.clientExtension) form.append('clientExtension', input.clientExtension);
  form.append('metadata', JSON.stringify(input.metadata));
  const req = buildRequest(uploads.createEntry.path, { method: uploads.createEntry.method, body: form });
  const res = await xhrRequest({
    method: 'POST',
    url: req.url,
    body: form,
    headers: req.headers,
    withCredentials: true,
    signal: input.signal,
    onProgress: input.onProgress,
  });
  return fileEntryResponseSchema.parse(res.body).fileEntry;
}
