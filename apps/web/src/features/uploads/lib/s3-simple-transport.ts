import type { FileEntry, UploadSettings } from '@zema/contracts';
import { createS3Entry } from '../api/s3-entry';
import { presignS3Upload } from '../api/s3-presign';
import { uploadMetadataFor } from './upload-metadata';
import type { UploadTransport } from './upload-types';
import { xhrRequest } from './xhr-request';

export interface S3SimpleTransportOptions {
  settings: () => UploadSettings;
  presign?: typeof presignS3Upload;
  createEntry?: typeof createS3Entry;
  put?: typeof xhrRequest;
}

/**
 * Direct to storage in one request (SPEC §7): presign, PUT the bytes to the signed URL (another
 * origin: no cookies, no anti-forgery token), then s3/entries records the file entry.
 */
export function createS3SimpleTransport(options: S3SimpleTransportOptions): UploadTransport {
  const presign = options.presign ?? presignS3Upload;
  const createEntry = options.createEntry ?? createS3Entry;
  const put = options.put ?? xhrRequest;
  return async ({ item, file, metadata, signal, onProgress }): Promise<FileEntry> => {
    const meta = uploadMetadataFor(item, metadata);
    const { url, key } = await presign(
      {
        filename: item.name,
        mime: item.mime,
        disk: meta.disk ?? options.settings().disk,
        size: item.size,
        extension: item.extension,
        metadata: meta,
      },
      signal,
    );
    // The signature covers the content type the presign call named, so the PUT sends the same.
    await put({ method: 'PUT', url, body: file, headers: { 'Content-Type': item.mime }, signal, onProgress });
    return createEntry(
      {
        clientMime: item.mime,
        clientName: item.name,
        filename: key,
        size: item.size,
        clientExtension: item.extension,
        metadata: meta,
      },
      signal,
    );
  };
}
