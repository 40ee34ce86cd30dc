import { S3ServiceException } from '@aws-sdk/client-s3';
import {
  type FileEntry,
  fileExtension,
  MULTIPART_MAX_PARTS,
  MULTIPART_PART_MIN_BYTES,
  msg,
  UPLOAD_TYPE_NOT_ALLOWED_MESSAGE,
  uploadFileKind,
  uploadTypeAllowed,
} from '@zema/contracts';
import { and, eq, inArray, lt } from 'drizzle-orm';
import { AUDIO_CONTENT_TYPES, sniffAudioFormat } from '#src/lib/audio';
import {
  ConflictError,
  ForbiddenError,
  InvalidInputError,
  invalidInput,
  NotFoundError,
} from '#src/lib/errors';
import { firstAudioDecodes, UNDECODABLE_AUDIO_MESSAGE } from '#src/modules/catalogue/index';
import { pendingUploads } from '#src/modules/uploads/tables';
import type { Deps } from '#src/platform/deps';
import { isS3NotFound, isS3Storage, type S3FileStorage, type UploadedPart } from '#src/platform/s3-storage';
import { generateStorageKey, PRIVATE_UPLOADS_PREFIX } from '#src/platform/storage';
import {
  createFileEntry,
  FILE_ENTRY_MESSAGES,
  fileEntryJson,
  storeUploadedFile,
} from './file-entries.service';
import {
  assertUploadAllowed,
  relativePathProblem,
  reserveUpload,
  UploadRefusedError,
  type UploadUser,
} from './upload-policy';

/**
 * Direct-to-storage uploads (SPEC §7): the browser PUTs the bytes to the bucket with URLs signed
 * here, so they never pass through the app. Everything the browser may do is decided before a URL
 * is signed (the upload settings and the quota, on the size and type it declares), the storage
 * key is generated here, and each presign or multipart upload is recorded in `pending_uploads`:
 * later calls only accept a key (and UploadId) the caller started, the quota counts the bytes in
 * flight, and the cleanup finds what was abandoned. On `s3/entries` the stored object is checked
 * again (its real size, its type from its first bytes) before it becomes a file entry.
 */

export const S3_UPLOAD_MESSAGES = {
  needsS3: msg('Direct uploads need S3 storage.'),
  directOff: msg('Direct uploads are turned off.'),
  notFound: msg('This upload does not exist or has expired.'),
  notUploaded: msg('The file has not been uploaded yet.'),
  partOutOfRange: msg('This part number is beyond the size of the upload.'),
  aborted: msg('Upload aborted.'),
} as const;

/** Presigned PUT and part URLs are valid this long (a request must start before; it may then run long). */
export const SIGNED_URL_SECONDS = 10 * 60;
/** A presigned upload not turned into an entry by then is deleted by the cleanup. */
export const PRESIGN_PENDING_MS = 6 * 60 * 60 * 1000;
/** A multipart upload may be resumed (after a reload, a lost connection) for this long. */
export const MULTIPART_PENDING_MS = 24 * 60 * 60 * 1000;
/** Enough of the head of a file for every magic number sniffed (an Opus head names its codec in 128 bytes). */
const SNIFF_BYTES = 4096;
/** Private direct uploads live here: never served by the public storage route. */
const DIRECT_UPLOAD_FOLDER = `${PRIVATE_UPLOADS_PREFIX}uploads`;
const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

type S3Deps = Pick<Deps, 'db' | 'storage' | 'settings' | 'config' | 'log'>;
type PendingRow = typeof pendingUploads.$inferSelect;

type UploadMetadata = { parentId?: number | null; relativePath?: string | null; [key: string]: unknown };

export type PresignInput = {
  filename: string;
  mime: string;
  size: number;
  extension?: string | null;
  metadata?: UploadMetadata;
};

export type S3EntryInput = {
  clientMime: string;
  clientName: string;
  /** The key returned by presign or multipart/create. */
  filename: string;
  size: number;
  clientExtension?: string | null;
  metadata?: UploadMetadata;
};

/** The bucket, when this install stores files in S3 and the admin allows direct uploads. */
async function directStorage(deps: Pick<Deps, 'storage' | 'settings'>): Promise<S3FileStorage> {
  const { storage } = deps;
  if (!isS3Storage(storage)) throw new ConflictError(S3_UPLOAD_MESSAGES.needsS3);
  if (!(await deps.settings.getClientSettings()).uploads.direct_upload)
    throw new ConflictError(S3_UPLOAD_MESSAGES.directOff);
  return storage;
}

/** What the browser declares, normalised: the extension from the name when not sent. */
function declared(input: PresignInput) {
  const raw = input.extension?.trim().replace(/^\./, '').toLowerCase();
  const extension = raw ? fileExtension(`f.${raw}`) : fileExtension(input.filename);
  const mime = input.mime.trim().toLowerCase();
  // The type is signed into the PUT URL as a header the browser must send as is: a value that is
  // not a plain media type could not be sent (or could smuggle another header).
  if (mime && !MIME.test(mime)) throw invalidInput({ mime: [UPLOAD_TYPE_NOT_ALLOWED_MESSAGE] });
  return { name: input.filename, size: input.size, mime, extension, purpose: purposeOf(input.metadata) };
}

const purposeOf = (metadata: UploadMetadata | undefined) =>
  typeof metadata?.uploadType === 'string' ? metadata.uploadType : null;

function checkedMetadata(metadata: UploadMetadata | undefined): UploadMetadata {
  const relativePath = metadata?.relativePath;
  if (relativePath) {
    const problem = relativePathProblem(relativePath);
    if (problem) throw invalidInput({ relativePath: [problem] });
  }
  return metadata ?? {};
}

/**
 * POST s3/simple/presign → a URL the browser PUTs the file to, for one generated key. The upload
 * is reserved (quota, the cap on unfinished uploads, under the uploader's lock) before the URL is
 * signed: nothing can be written that would not fit.
 */
export async function presignUpload(
  deps: S3Deps,
  user: UploadUser,
  input: PresignInput,
): Promise<{ url: string; acl: string; key: string }> {
  const storage = await directStorage(deps);
  const file = declared(input);
  const metadata = checkedMetadata(input.metadata);
  await assertUploadAllowed(deps, user, file, { startsUpload: true });
  const key = generateStorageKey(DIRECT_UPLOAD_FOLDER, file.extension ?? 'bin');
  await reserveUpload(deps, user, file, {
    key,
    kind: 'presign',
    uploadId: null,
    size: file.size,
    name: file.name,
    mime: file.mime,
    extension: file.extension,
    metadata,
    expiresAt: new Date(Date.now() + PRESIGN_PENDING_MS),
  });
  const url = await storage.presignPut(key, {
    contentType: file.mime || 'application/octet-stream',
    size: file.size,
    expiresIn: SIGNED_URL_SECONDS,
  });
  return { url, acl: 'private', key };
}

/**
 * POST s3/multipart/create → an S3 multipart upload under a generated key. Checked before the
 * bucket is asked, and reserved (quota and the cap on unfinished uploads again, under the
 * uploader's lock) before its id is handed out; a reservation refused then aborts it.
 */
export async function createMultipartUpload(
  deps: S3Deps,
  user: UploadUser,
  input: PresignInput,
): Promise<{ uploadId: string; key: string }> {
  const storage = await directStorage(deps);
  const file = declared(input);
  const metadata = checkedMetadata(input.metadata);
  await assertUploadAllowed(deps, user, file, { startsUpload: true });
  const key = generateStorageKey(DIRECT_UPLOAD_FOLDER, file.extension ?? 'bin');
  const uploadId = await storage.createMultipart(key, file.mime || 'application/octet-stream');
  try {
    await reserveUpload(deps, user, file, {
      key,
      kind: 'multipart',
      uploadId,
      size: file.size,
      name: file.name,
      mime: file.mime,
      extension: file.extension,
      metadata,
      expiresAt: new Date(Date.now() + MULTIPART_PENDING_MS),
    });
  } catch (err) {
    // Refused or unrecorded, nobody could finish or clean it up: drop it now.
    await storage.abortMultipart(key, uploadId).catch(() => {});
    throw err;
  }
  return { uploadId, key };
}

/**
 * The pending upload `key` (+ `uploadId`) the caller started: 404 when there is none (or it
 * expired, or the UploadId is not its own), 403 when another user started it.
 */
async function pendingOf(
  deps: Pick<Deps, 'db'>,
  user: UploadUser,
  ref: { key: string; uploadId?: string },
  kinds: PendingRow['kind'][],
): Promise<PendingRow> {
  const [row] = await deps.db.select().from(pendingUploads).where(eq(pendingUploads.key, ref.key));
  if (!row || !kinds.includes(row.kind) || row.expiresAt.getTime() <= Date.now())
    throw new NotFoundError(S3_UPLOAD_MESSAGES.notFound);
  if (row.userId !== user.id) throw new ForbiddenError();
  if (ref.uploadId !== undefined && row.uploadId !== ref.uploadId)
    throw new NotFoundError(S3_UPLOAD_MESSAGES.notFound);
  return row;
}

/**
 * What the store refuses because of what the client sent (a part too small, a wrong ETag, an
 * upload already completed or aborted) is the client's error: 404 or 422 with the store's reason,
 * never a 500.
 */
async function asClientError<T>(field: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (isS3NotFound(err)) throw new NotFoundError(S3_UPLOAD_MESSAGES.notFound);
    const status = err instanceof S3ServiceException ? (err.$metadata.httpStatusCode ?? 500) : 500;
    if (status >= 400 && status < 500) throw invalidInput({ [field]: [(err as Error).message] });
    throw err;
  }
}

/** Parts an upload of `size` bytes can have: S3's 5 MiB minimum part, at least one (an empty file). */
export const maxPartsFor = (size: number) =>
  Math.min(MULTIPART_MAX_PARTS, Math.max(1, Math.ceil(size / MULTIPART_PART_MIN_BYTES)));

/** POST s3/multipart/batch-sign-part-urls → one signed PUT URL per part number (at most 10, by contract). */
export async function signPartUrls(
  deps: S3Deps,
  user: UploadUser,
  input: { key: string; uploadId: string; partNumbers: number[] },
): Promise<{ urls: { partNumber: number; url: string }[] }> {
  const storage = await directStorage(deps);
  const row = await pendingOf(deps, user, input, ['multipart']);
  const max = maxPartsFor(row.size);
  if (input.partNumbers.some((n) => n > max))
    throw invalidInput({ partNumbers: [S3_UPLOAD_MESSAGES.partOutOfRange] });
  const numbers = [...new Set(input.partNumbers)];
  const urls = await Promise.all(
    numbers.map(async (partNumber) => ({
      partNumber,
      url: await storage.signPart(row.key, input.uploadId, partNumber, SIGNED_URL_SECONDS),
    })),
  );
  return { urls };
}

/** POST s3/multipart/get-uploaded-parts → the parts stored so far (a resumed upload skips them). */
export async function uploadedParts(
  deps: S3Deps,
  user: UploadUser,
  input: { key: string; uploadId: string },
): Promise<{ parts: UploadedPart[] }> {
  const storage = await directStorage(deps);
  const row = await pendingOf(deps, user, input, ['multipart']);
  return { parts: await asClientError('uploadId', () => storage.listParts(row.key, input.uploadId)) };
}

/** POST s3/multipart/complete → S3 joins the parts into the object; s3/entries comes next. */
export async function completeMultipartUpload(
  deps: S3Deps,
  user: UploadUser,
  input: { key: string; uploadId: string; parts: UploadedPart[] },
): Promise<{ location: string | null }> {
  const storage = await directStorage(deps);
  const row = await pendingOf(deps, user, input, ['multipart']);
  const numbers = input.parts.map((p) => p.PartNumber);
  if (new Set(numbers).size !== numbers.length || numbers.some((n) => n > maxPartsFor(row.size)))
    throw invalidInput({ parts: [S3_UPLOAD_MESSAGES.partOutOfRange] });
  await asClientError('parts', () => storage.completeMultipart(row.key, input.uploadId, input.parts));
  // The object is private: its bucket location is of no use to the browser.
  return { location: null };
}

/** POST s3/multipart/abort → the parts are dropped and the upload forgotten. */
export async function abortMultipartUpload(
  deps: S3Deps,
  user: UploadUser,
  input: { key: string; uploadId: string },
): Promise<{ message: string }> {
  const storage = await directStorage(deps);
  const row = await pendingOf(deps, user, input, ['multipart']);
  await storage.abortMultipart(row.key, input.uploadId);
  await deps.db.delete(pendingUploads).where(eq(pendingUploads.key, row.key));
  return { message: S3_UPLOAD_MESSAGES.aborted };
}

/** Deletes the object and forgets the upload: what a refused s3/entries leaves (nothing). */
async function discard(deps: S3Deps, storage: S3FileStorage, row: PendingRow) {
  await storage.delete(row.key);
  await deps.db.delete(pendingUploads).where(eq(pendingUploads.key, row.key));
}

/**
 * POST s3/entries → the uploaded object becomes a file entry. The object must be there with the
 * size announced when the upload started, within the limits and quota, and of an allowed type by
 * its bytes: audio by its magic bytes (stored as uploaded), images decoded and re-encoded into a
 * new object (a served picture is always our own encoding), PDFs by their header. A refused file
 * is deleted from the bucket; no entry, no orphaned bytes.
 */
export async function createEntryFromUpload(
  deps: S3Deps,
  user: UploadUser,
  input: S3EntryInput,
  /** The workspace the entry belongs to (0: the uploader's personal space). */
  workspaceId = 0,
): Promise<{ fileEntry: FileEntry }> {
  const storage = await directStorage(deps);
  const row = await pendingOf(deps, user, { key: input.filename }, ['presign', 'multipart']);
  const object = await storage.head(row.key);
  if (!object) throw invalidInput({ file: [S3_UPLOAD_MESSAGES.notUploaded] });
  if (object.size !== row.size || input.size !== row.size) {
    await discard(deps, storage, row);
    throw invalidInput({ file: [FILE_ENTRY_MESSAGES.sizeMismatch] });
  }
  const declaredFile = {
    name: row.name,
    size: object.size,
    mime: row.mime,
    extension: row.extension,
    purpose: purposeOf(row.metadata as UploadMetadata),
  };
  try {
    await assertUploadAllowed(deps, user, declaredFile, { exceptPendingKey: row.key });
  } catch (err) {
    if (err instanceof UploadRefusedError) await discard(deps, storage, row);
    throw err;
  }
  const metadata = row.metadata as UploadMetadata;
  const placement = {
    parentId: typeof metadata.parentId === 'number' ? metadata.parentId : null,
    relativePath: typeof metadata.relativePath === 'string' ? metadata.relativePath : null,
  };
  const kind = uploadFileKind(row.mime);

  if (kind === 'image') {
    // Re-encoded through the same pipeline as the other upload paths; the raw upload then goes.
    const source = await storage.get(row.key);
    if (!source) throw invalidInput({ file: [S3_UPLOAD_MESSAGES.notUploaded] });
    try {
      const entry = await storeUploadedFile(deps, {
        ownerId: user.id,
        workspaceId,
        name: row.name,
        mime: row.mime,
        extension: row.extension,
        size: row.size,
        ...placement,
        stream: source.stream,
        alongside: async (tx) => {
          const taken = await tx
            .delete(pendingUploads)
            .where(eq(pendingUploads.key, row.key))
            .returning({ key: pendingUploads.key });
          if (!taken.length) throw new NotFoundError(S3_UPLOAD_MESSAGES.notFound);
        },
      });
      await storage.delete(row.key);
      return { fileEntry: fileEntryJson(deps, entry) };
    } catch (err) {
      // Bytes refused (an upload rule, an unreadable image) never become a file.
      if (err instanceof InvalidInputError) await discard(deps, storage, row);
      throw err;
    }
  }

  const head = await storage.readStart(row.key, SNIFF_BYTES);
  let mime = MIME.test(row.mime) ? row.mime : 'application/octet-stream';
  let extension = row.extension;
  let refused = false;
  let undecodable = false;
  if (kind === 'audio') {
    // Stored as uploaded (byte-identical), but only when its bytes are audio: the magic bytes
    // name a format and its first second decodes (read from the bucket until it does).
    const format = sniffAudioFormat(head);
    if (format) {
      mime = AUDIO_CONTENT_TYPES[format];
      extension = format;
      const source = await storage.get(row.key);
      undecodable = !source || !(await firstAudioDecodes(source.stream, format));
    } else refused = true;
  } else if (mime === 'application/pdf' && head.subarray(0, 5).toString('latin1') !== '%PDF-') {
    refused = true;
  }
  const settings = (await deps.settings.getClientSettings()).uploads;
  // The settings again, on what the bytes turned out to be.
  if (refused || !uploadTypeAllowed(settings.allowed_types, { mime, extension })) {
    await discard(deps, storage, row);
    throw new UploadRefusedError('type', UPLOAD_TYPE_NOT_ALLOWED_MESSAGE);
  }
  if (undecodable) {
    await discard(deps, storage, row);
    throw new UploadRefusedError('type', UNDECODABLE_AUDIO_MESSAGE);
  }

  const entry = await deps.db.transaction(async (tx) => {
    // Taken once: of two concurrent calls for one upload, one makes the entry, the other gets 404.
    const taken = await tx
      .delete(pendingUploads)
      .where(eq(pendingUploads.key, row.key))
      .returning({ key: pendingUploads.key });
    if (!taken.length) throw new NotFoundError(S3_UPLOAD_MESSAGES.notFound);
    return createFileEntry(
      deps,
      {
        type: 'file',
        name: row.name,
        fileName: row.key.slice(row.key.lastIndexOf('/') + 1),
        mime,
        size: object.size,
        extension,
        disk: 's3',
        path: row.key,
        ...placement,
        ownerId: user.id,
        workspaceId,
        public: false,
        // The bucket does not hash what browsers PUT (a multipart ETag is no content hash); the
        // bytes never pass through here to be hashed.
        checksum: null,
      },
      tx,
    );
  });
  return { fileEntry: fileEntryJson(deps, entry) };
}

/** Pending uploads looked at per cleanup round (the job runs again for the rest). */
const CLEANUP_BATCH = 200;

/**
 * Aborts the multipart uploads and deletes the presigned objects whose pending row expired (the
 * browser went away before s3/entries), then forgets them. Resolves with how many were cleaned.
 * Scheduled by the job queue; safe to run on several instances (each row is taken once).
 */
export async function cleanUpAbandonedMultipartUploads(
  deps: Pick<Deps, 'db' | 'storage' | 'log'>,
  now: Date = new Date(),
): Promise<number> {
  const expired = await deps.db
    .select()
    .from(pendingUploads)
    .where(and(inArray(pendingUploads.kind, ['presign', 'multipart']), lt(pendingUploads.expiresAt, now)))
    .limit(CLEANUP_BATCH);
  let cleaned = 0;
  for (const row of expired) {
    const taken = await deps.db
      .delete(pendingUploads)
      .where(and(eq(pendingUploads.key, row.key), lt(pendingUploads.expiresAt, now)))
      .returning({ key: pendingUploads.key });
    if (!taken.length) continue;
    if (isS3Storage(deps.storage)) {
      try {
        if (row.uploadId) await deps.storage.abortMultipart(row.key, row.uploadId);
        // A presigned PUT (or a completed multipart upload) left an object without an entry.
        await deps.storage.delete(row.key);
      } catch (err) {
        // Put back, so the next round tries again rather than leaving bytes nobody tracks.
        await deps.db.insert(pendingUploads).values(row).onConflictDoNothing();
        deps.log.warn({ err, key: row.key }, 'could not clean up an abandoned direct upload');
        continue;
      }
    }
    cleaned++;
  }
  return cleaned;
}
