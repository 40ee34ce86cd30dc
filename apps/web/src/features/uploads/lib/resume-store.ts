import { z } from 'zod';

/** SPEC §3 upload resume record: what a reload needs to continue a multipart upload. */
export interface UploadResumeRecord {
  /** ms since the epoch. */
  createdAt: number;
  /** The storage key from s3/multipart/create. */
  fileKey: string;
  uploadId: string;
}

const recordSchema = z.object({
  createdAt: z.number(),
  fileKey: z.string().min(1),
  uploadId: z.string().min(1),
});

const PREFIX = 'zema.upload-resume.';

/**
 * Records older than this are dropped unread: the server cleans abandoned multipart uploads up on
 * a schedule, so an old upload id would only cost a failed get-uploaded-parts round trip.
 */
export const UPLOAD_RESUME_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Who the file is, as far as a browser can tell after a reload: the same name, size, type, last
 * change and place in its folder. Two different files alike in all of these are vanishingly rare,
 * and a wrong guess only costs a restart (the server's part list would not match).
 */
export function uploadFingerprint(file: File, relativePath: string | null): string {
  return [file.name, file.size, file.type, file.lastModified, relativePath ?? ''].join('|');
}

export interface ResumeStore {
  get(fingerprint: string): UploadResumeRecord | null;
  set(fingerprint: string, record: UploadResumeRecord): void;
  remove(fingerprint: string): void;
}

/** Resume records in local storage (kept across reloads), expiring after UPLOAD_RESUME_MAX_AGE_MS. */
export function createResumeStore(
  storage: Storage | null = typeof localStorage === 'undefined' ? null : localStorage,
  now: () => number = Date.now,
): ResumeStore {
  const key = (fp: string) => `${PREFIX}${fp}`;
  const store: ResumeStore = {
    get(fp) {
      const raw = safe(() => storage?.getItem(key(fp)) ?? null, null);
      if (!raw) return null;
      const parsed = recordSchema.safeParse(safe(() => JSON.parse(raw), null));
      if (!parsed.success || now() - parsed.data.createdAt > UPLOAD_RESUME_MAX_AGE_MS) {
        store.remove(fp);
        return null;
      }
      return parsed.data;
    },
    set(fp, record) {
      // A full or blocked storage only means this upload cannot resume after a reload.
      safe(() => storage?.setItem(key(fp), JSON.stringify(record)), undefined);
    },
    remove(fp) {
      safe(() => storage?.removeItem(key(fp)), undefined);
    },
  };
  pruneStale(storage, now);
  return store;
}

/** Drops expired records of files that were never queued again. */
function pruneStale(storage: Storage | null, now: () => number) {
  if (!storage) return;
  safe(() => {
    for (let i = storage.length - 1; i >= 0; i--) {
      const k = storage.key(i);
      if (!k?.startsWith(PREFIX)) continue;
      const parsed = recordSchema.safeParse(safe(() => JSON.parse(storage.getItem(k) ?? ''), null));
      if (!parsed.success || now() - parsed.data.createdAt > UPLOAD_RESUME_MAX_AGE_MS) storage.removeItem(k);
    }
  }, undefined);
}

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}
