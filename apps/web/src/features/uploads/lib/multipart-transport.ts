import {
  type FileEntry,
  MULTIPART_PARTS_IN_FLIGHT,
  MULTIPART_SIGN_BATCH,
  multipartPartSize,
  UPLOAD_CHUNK_RETRIES,
  UPLOAD_RETRY_DELAYS_MS,
} from '@zema/contracts';
import { ApiError } from '#src/lib/api-error';
import { createS3Entry } from '../api/s3-entry';
import { abortMultipartUpload } from '../api/s3-multipart-abort';
import { completeMultipartUpload } from '../api/s3-multipart-complete';
import { createMultipartUpload } from '../api/s3-multipart-create';
import { signMultipartParts } from '../api/s3-multipart-sign-parts';
import { getUploadedParts } from '../api/s3-multipart-uploaded-parts';
import { createResumeStore, type ResumeStore, uploadFingerprint } from './resume-store';
import { uploadMetadataFor } from './upload-metadata';
import {
  realClock,
  UploadCancelled,
  type UploadClock,
  UploadStalled,
  type UploadTransport,
} from './upload-types';
import { xhrRequest } from './xhr-request';

/** The calls a multipart upload makes (SPEC §7), injectable so tests need no network. */
export interface MultipartCalls {
  create: typeof createMultipartUpload;
  signParts: typeof signMultipartParts;
  uploadedParts: typeof getUploadedParts;
  complete: typeof completeMultipartUpload;
  abort: typeof abortMultipartUpload;
  createEntry: typeof createS3Entry;
  /** PUT one part to its signed URL; resolves with the part's ETag. */
  putPart: (req: {
    url: string;
    body: Blob;
    signal: AbortSignal;
    onProgress: (loaded: number) => void;
  }) => Promise<string>;
}

/** PUT to the signed URL without credentials (another origin), reading the ETag S3 answers with. */
export async function putPartToStorage(req: Parameters<MultipartCalls['putPart']>[0]): Promise<string> {
  const res = await xhrRequest({
    method: 'PUT',
    url: req.url,
    body: req.body,
    withCredentials: false,
    signal: req.signal,
    onProgress: req.onProgress,
  });
  const etag = res.header('ETag');
  // Without the bucket's CORS exposing ETag the upload can never be completed: fail loudly.
  if (!etag) throw new Error('The storage did not expose the ETag of an uploaded part');
  return etag;
}

const defaultCalls: MultipartCalls = {
  create: createMultipartUpload,
  signParts: signMultipartParts,
  uploadedParts: getUploadedParts,
  complete: completeMultipartUpload,
  abort: abortMultipartUpload,
  createEntry: createS3Entry,
  putPart: putPartToStorage,
};

export interface MultipartTransportOptions {
  calls?: Partial<MultipartCalls>;
  resumeStore?: ResumeStore;
  clock?: UploadClock;
}

/**
 * S3 multipart (SPEC §4, §7, §9): create — or resume from the record a reload left — sign part
 * URLs 10 at a time, PUT 5 parts at once (3 retries each after 0, 3 and 5 s), complete, create the
 * file entry. A failure or a cancel aborts the upload on the server and forgets the record; a page
 * that merely closes keeps both, so queueing the same file again continues where it stopped.
 */
export function createMultipartTransport(options: MultipartTransportOptions = {}): UploadTransport {
  const calls = { ...defaultCalls, ...options.calls };
  const clock = options.clock ?? realClock;
  let store = options.resumeStore;

  return async ({ item, file, metadata, signal, onProgress }): Promise<FileEntry> => {
    store ??= createResumeStore();
    const resume = store;
    const fingerprint = uploadFingerprint(file, item.relativePath);
    const meta = uploadMetadataFor(item, metadata);
    const partSize = multipartPartSize(item.size);
    // An empty file still has one (empty) part: S3 completes nothing without parts.
    const partCount = Math.max(1, Math.ceil(item.size / partSize));
    const partLength = (n: number) => Math.min(partSize, item.size - (n - 1) * partSize);
    const etags = new Map<number, string>();

    let ref: { key: string; uploadId: string } | null = null;
    const record = resume.get(fingerprint);
    if (record) {
      try {
        const parts = await calls.uploadedParts({ key: record.fileKey, uploadId: record.uploadId }, signal);
        ref = { key: record.fileKey, uploadId: record.uploadId };
        for (const p of parts) {
          if (
            p.PartNumber >= 1 &&
            p.PartNumber <= partCount &&
            (p.Size === undefined || p.Size === partLength(p.PartNumber))
          ) {
            etags.set(p.PartNumber, p.ETag);
          }
        }
      } catch (err) {
        if (signal.aborted) throw signal.reason;
        // The server no longer knows that upload (expired, cleaned up): start a new one.
        if (!(err instanceof ApiError) || err.status >= 500) throw err;
        resume.remove(fingerprint);
      }
    }
    if (!ref) {
      ref = await calls.create(
        { filename: item.name, mime: item.mime, size: item.size, extension: item.extension, metadata: meta },
        signal,
      );
      resume.set(fingerprint, { createdAt: clock.now(), fileKey: ref.key, uploadId: ref.uploadId });
    }
    const upload = ref;

    // Stops the other parts as soon as one fails for good, and follows the queue's cancel/stall.
    const inner = new AbortController();
    const onOuterAbort = () => inner.abort(signal.reason);
    signal.addEventListener('abort', onOuterAbort, { once: true });

    try {
      let storedBytes = 0;
      for (const n of etags.keys()) storedBytes += partLength(n);
      const inFlight = new Map<number, number>();
      const report = () => {
        let sending = 0;
        for (const b of inFlight.values()) sending += b;
        onProgress(storedBytes + sending);
      };
      report();

      const todo: number[] = [];
      for (let n = 1; n <= partCount; n++) if (!etags.has(n)) todo.push(n);

      const urls = new Map<number, Promise<string>>();
      const urlFor = (n: number): Promise<string> => {
        const known = urls.get(n);
        if (known) return known;
        // Sign this part and the next unsigned ones, MULTIPART_SIGN_BATCH per call.
        const batch = todo
          .slice(todo.indexOf(n))
          .filter((m) => !urls.has(m))
          .slice(0, MULTIPART_SIGN_BATCH);
        const signed = calls.signParts({ ...upload, partNumbers: batch }, inner.signal);
        for (const m of batch) {
          const url = signed.then((list) => {
            const found = list.find((u) => u.partNumber === m)?.url;
            if (!found) throw new Error(`No signed URL for part ${m}`);
            return found;
          });
          // Parts of a failed batch that no worker reached yet must not surface as unhandled.
          url.catch(() => undefined);
          urls.set(m, url);
        }
        return urls.get(n) as Promise<string>;
      };

      const sendPart = async (n: number): Promise<string> => {
        const start = (n - 1) * partSize;
        const body = file.slice(start, start + partLength(n));
        for (let attempt = 0; ; attempt++) {
          try {
            const url = await urlFor(n);
            return await calls.putPart({
              url,
              body,
              signal: inner.signal,
              onProgress: (loaded) => {
                inFlight.set(n, loaded);
                report();
              },
            });
          } catch (err) {
            if (inner.signal.aborted) throw inner.signal.reason;
            inFlight.delete(n);
            report();
            if (attempt >= UPLOAD_CHUNK_RETRIES) throw err;
            // An expired or refused signature will not get better: sign this part again.
            if (err instanceof ApiError && (err.status === 403 || err.status === 400)) urls.delete(n);
            await wait(UPLOAD_RETRY_DELAYS_MS[attempt] ?? 0, inner.signal, clock);
          }
        }
      };

      let cursor = 0;
      const worker = async () => {
        while (cursor < todo.length) {
          const n = todo[cursor++] as number;
          const etag = await sendPart(n);
          etags.set(n, etag);
          inFlight.delete(n);
          storedBytes += partLength(n);
          report();
        }
      };
      await Promise.all(
        Array.from({ length: Math.min(MULTIPART_PARTS_IN_FLIGHT, todo.length) }, () =>
          worker().catch((err: unknown) => {
            inner.abort(err);
            throw err;
          }),
        ),
      );

      const parts = [...etags.entries()]
        .sort(([a], [b]) => a - b)
        .map(([PartNumber, ETag]) => ({ PartNumber, ETag }));
      await calls.complete({ ...upload, parts }, signal);
      const entry = await calls.createEntry(
        {
          clientMime: item.mime,
          clientName: item.name,
          filename: upload.key,
          size: item.size,
          clientExtension: item.extension,
          metadata: meta,
        },
        signal,
      );
      resume.remove(fingerprint);
      return entry;
    } catch (err) {
      const reason = signal.aborted ? signal.reason : err;
      const closing =
        signal.aborted && !(reason instanceof UploadCancelled || reason instanceof UploadStalled);
      if (!closing) {
        // SPEC §4: a failed (or cancelled) multipart upload is aborted so its parts stop costing storage.
        resume.remove(fingerprint);
        calls.abort(upload).catch(() => undefined);
      }
      throw reason;
    } finally {
      signal.removeEventListener('abort', onOuterAbort);
    }
  };
}

function wait(ms: number, signal: AbortSignal, clock: UploadClock): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    if (ms <= 0) return resolve();
    const onAbort = () => {
      clock.clearTimeout(handle);
      reject(signal.reason);
    };
    const handle = clock.setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
