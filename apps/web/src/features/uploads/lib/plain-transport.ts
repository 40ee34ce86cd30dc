import { createFileEntry } from '../api/create-file-entry';
import { uploadMetadataFor } from './upload-metadata';
import type { UploadTransport } from './upload-types';

/** One multipart request to POST file-entries (SPEC §7), for files below the chunked size. */
export function createPlainTransport(send = createFileEntry): UploadTransport {
  return ({ item, file, metadata, signal, onProgress }) =>
    send({
      file,
      clientMime: item.mime,
      clientExtension: item.extension,
      metadata: uploadMetadataFor(item, metadata),
      signal,
      onProgress,
    });
}
