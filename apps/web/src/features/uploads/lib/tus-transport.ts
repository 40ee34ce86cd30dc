import {
  type FileEntry,
  UPLOAD_RETRY_DELAYS_MS,
  type UploadSettings,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '@zema/contracts';
import { TUS_UPLOAD_PATH } from '@zema/contracts/uploads/uploads.operations';
import { DetailedError, Upload, type UploadOptions } from 'tus-js-client';
import { ApiError } from '#src/lib/api-error';
import { getCookie } from '#src/lib/cookies';
import { createTusEntry } from '../api/tus-entry';
import { uploadFingerprint } from './resume-store';
import { uploadMetadataFor } from './upload-metadata';
import { UploadCancelled, type UploadTransport } from './upload-types';

/** The part of tus-js-client's Upload the transport uses (tests pass a stand-in). */
export interface TusUpload {
  url: string | null;
  start(): void;
  abort(shouldTerminate?: boolean): Promise<void>;
  findPreviousUploads(): Promise<Array<Parameters<Upload['resumeFromPreviousUpload']>[0]>>;
  resumeFromPreviousUpload(previous: Parameters<Upload['resumeFromPreviousUpload']>[0]): void;
}
export type TusUploadFactory = (file: File, options: UploadOptions) => TusUpload;

export interface TusTransportOptions {
  settings: () => UploadSettings;
  createUpload?: TusUploadFactory;
  createEntry?: typeof createTusEntry;
}

/**
 * tus 1.0 through tus-js-client (SPEC §7): chunks of the admin's chunk size, retries after 0, 3, 5,
 * 10 and 20 s, the anti-forgery header on every request, the SPEC's metadata keys; the upload URL
 * is kept in local storage by the file's fingerprint so a reload resumes from the server's offset,
 * and dropped once the upload is done. Then POST tus/entries turns it into a file entry.
 */
export function createTusTransport(options: TusTransportOptions): UploadTransport {
  const createUpload = options.createUpload ?? ((file, opts) => new Upload(file, opts));
  const createEntry = options.createEntry ?? createTusEntry;

  return async ({ item, file, metadata, signal, onProgress }): Promise<FileEntry> => {
    const settings = options.settings();
    const meta = uploadMetadataFor(item, metadata);
    const tusMetadata = stringValues({
      name: item.name,
      clientName: item.name,
      clientExtension: item.extension,
      clientMime: item.mime,
      clientSize: item.size,
      disk: meta.disk ?? settings.disk,
      parentId: meta.parentId,
      relativePath: item.relativePath,
      uploadType: meta.uploadType,
    });

    const url = await new Promise<string>((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const upload = createUpload(file, {
        endpoint: TUS_UPLOAD_PATH,
        chunkSize: settings.chunk_size,
        retryDelays: [...UPLOAD_RETRY_DELAYS_MS],
        metadata: tusMetadata,
        storeFingerprintForResuming: true,
        removeFingerprintOnSuccess: true,
        // The folder path is part of who the file is: two "01.mp3" of different albums differ.
        fingerprint: async (f) => `tus-zema-${uploadFingerprint(f as File, item.relativePath)}`,
        // Read at each request: the anti-forgery cookie can change during a long upload.
        onBeforeRequest: (req) => {
          const token = getCookie(XSRF_COOKIE);
          if (token) req.setHeader(XSRF_HEADER, token);
        },
        onProgress: (sent) => onProgress(sent),
        onSuccess: () => {
          if (upload.url) resolve(upload.url);
          else reject(new Error('The tus server gave no upload URL'));
        },
        onError: (err) => reject(signal.aborted ? signal.reason : tusError(err)),
      });
      signal.addEventListener(
        'abort',
        () => {
          // A cancel ends the upload on the server too; a stall or a closing page keep it resumable.
          upload.abort(signal.reason instanceof UploadCancelled).catch(() => undefined);
          reject(signal.reason);
        },
        { once: true },
      );
      upload
        .findPreviousUploads()
        .then((previous) => {
          if (signal.aborted) return;
          const last = previous[0];
          if (last) upload.resumeFromPreviousUpload(last);
          upload.start();
        })
        .catch(reject);
    });

    const uploadKey = decodeURIComponent(new URL(url, 'http://x').pathname.split('/').pop() ?? '');
    return createEntry(uploadKey, signal);
  };
}

/** tus metadata values are strings; absent ones are left out. */
function stringValues(values: Record<string, string | number | boolean | null | undefined>) {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values))
    if (v !== null && v !== undefined && v !== '') out[k] = String(v);
  return out;
}

/** The server's answer (its JSON message) when there was one, so SPEC §8 shows it. */
function tusError(err: Error): unknown {
  if (err instanceof DetailedError && err.originalResponse) {
    const status = err.originalResponse.getStatus();
    let body: unknown = err.originalResponse.getBody();
    try {
      body = JSON.parse(String(body));
    } catch {
      // Not JSON: the default message is shown.
    }
    if (status >= 400) return new ApiError(status, body);
  }
  return err;
}
