import { z } from 'zod';
import { msg } from '../i18n/messages';

// The upload settings live in a module of their own: the site settings (which every page reads)
// import them without the rest of the uploads' schemas.
export * from './upload-settings';

/**
 * Uploads (decision 0028; SPEC §3 file entry and upload item, §4 upload states and queue, §7 the calls,
 * §8 errors, §9 the numbers). The server and the browser's upload queue read the same constants.
 */

const MB = 1024 * 1024;

/** SPEC §9: files from this size go through tus in chunks (unless chunking is off). */
export const CHUNKED_UPLOAD_MIN_BYTES = 4 * MB;
/** SPEC §9: with direct upload on an S3 driver, files from this size use S3 multipart. */
export const MULTIPART_UPLOAD_MIN_BYTES = 100 * MB;
/** SPEC §9: a multipart part is at least 20 MB and at least size / 10 000 (S3's part limit). */
export const MULTIPART_PART_PREFERRED_BYTES = 20 * MB;
/** S3's smallest part (PROTOCOLS: 5 MiB, the last part may be smaller). */
export const MULTIPART_PART_MIN_BYTES = 5 * MB;
export const MULTIPART_MAX_PARTS = 10_000;
/** SPEC §9: part URLs signed per batch call (the server refuses more). */
export const MULTIPART_SIGN_BATCH = 10;
/** SPEC §9: parts uploaded in parallel. */
export const MULTIPART_PARTS_IN_FLIGHT = 5;
/** SPEC §9: retries per chunk request, and the delays between tries (SPEC §7). */
export const UPLOAD_CHUNK_RETRIES = 3;
export const UPLOAD_RETRY_DELAYS_MS = [0, 3000, 5000, 10000, 20000] as const;
/** SPEC §9: uploads at once (1 while a folder, direct or large chunked upload runs, SPEC §4). */
export const UPLOAD_CONCURRENCY = 3;
/** SPEC §9: an upload without progress for this long fails with UPLOAD_TIMED_OUT_MESSAGE. */
export const UPLOAD_STALL_TIMEOUT_MS = 30_000;
/** macOS folder metadata, never uploaded (SPEC §5). */
export const IGNORED_UPLOAD_NAMES = ['.DS_Store'] as const;

export const UPLOAD_TIMED_OUT_MESSAGE = msg('Upload timed out');
export const UPLOAD_TYPE_NOT_ALLOWED_MESSAGE = msg('This file type is not allowed');
/** The size message: 'The file may not be greater than 2 MB.' */
export function uploadTooLargeMessage(maxBytes: number): string {
  return `The file may not be greater than ${formatUploadBytes(maxBytes)}.`;
}

/** Unfinished uploads (tus, presigned, multipart) one user may have at once; admins are exempt. */
export const MAX_UNFINISHED_UPLOADS = 10;
export const UPLOAD_TOO_MANY_UNFINISHED_MESSAGE = msg(
  'You have 10 unfinished uploads. Let one finish, or cancel it, before starting another.',
);

/**
 * The over-quota message, naming the quota in human units. `used` counts the user's files and
 * their unfinished uploads (`pending` of it), so a user whose files look small learns why:
 * 'Your storage is full: 500 MB of 500 MB used. Delete files or ask for more space.'
 */
export function uploadQuotaMessage(usage: {
  size: number;
  used: number;
  pending: number;
  quota: number;
}): string {
  const { size, used, pending, quota } = usage;
  const of = `${formatUploadBytes(used)} of ${formatUploadBytes(quota)} used${
    pending > 0 ? ` (${formatUploadBytes(pending)} by unfinished uploads)` : ''
  }`;
  if (used >= quota) return `Your storage is full: ${of}. Delete files or ask for more space.`;
  if (size > quota)
    return `This file (${formatUploadBytes(size)}) is larger than your storage quota of ${formatUploadBytes(quota)}. Ask for more space.`;
  return `This file (${formatUploadBytes(size)}) does not fit in your storage: ${of}. Delete files or ask for more space.`;
}

/**
 * Pictures (avatars, playlist covers, catalogue pictures, image uploads) of more pixels than this
 * square holds are refused before they are decoded: a decoding bomb fits in a few KB. About 41
 * megapixels, as many as a 40-megapixel camera's photo.
 */
export const IMAGE_MAX_SIDE_PIXELS = 6400;
export const IMAGE_MAX_PIXELS = IMAGE_MAX_SIDE_PIXELS * IMAGE_MAX_SIDE_PIXELS;
export const IMAGE_TOO_MANY_PIXELS_MESSAGE = msg('The image is too large: at most 6400 × 6400 pixels.');

/** 2 MB, 1.5 GB, 300 KB: binary units, at most one decimal. */
export function formatUploadBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const rounded = Math.round(value * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded : rounded.toFixed(1)} ${units[unit]}`;
}

/** SPEC §9 part size for a multipart upload of `size` bytes. */
export function multipartPartSize(size: number): number {
  return Math.max(
    MULTIPART_PART_PREFERRED_BYTES,
    Math.ceil(size / MULTIPART_MAX_PARTS),
    MULTIPART_PART_MIN_BYTES,
  );
}

/** Kinds of file the limits are set per (by mime type). */
export const UPLOAD_FILE_KINDS = ['audio', 'image', 'other'] as const;
export type UploadFileKind = (typeof UPLOAD_FILE_KINDS)[number];

export function uploadFileKind(mime: string): UploadFileKind {
  if (mime.startsWith('audio/')) return 'audio';
  if (mime.startsWith('image/')) return 'image';
  return 'other';
}

/**
 * SPEC §5: a restriction is a list of mime patterns (`audio/*`) and extensions (`.mp3`); a file
 * passes when any matches. An empty list allows everything.
 */
export function uploadTypeAllowed(
  allowed: readonly string[],
  file: { mime: string; extension: string | null },
): boolean {
  if (allowed.length === 0) return true;
  const mime = file.mime.toLowerCase();
  const ext = file.extension ? `.${file.extension.toLowerCase().replace(/^\./, '')}` : null;
  return allowed.some((raw) => {
    const rule = raw.trim().toLowerCase();
    if (rule.startsWith('.')) return ext === rule;
    if (rule.endsWith('/*')) return mime.startsWith(rule.slice(0, -1));
    return mime === rule;
  });
}

/** Extension of a file name, lower-case without the dot; null when it has none. */
export function fileExtension(name: string): string | null {
  const base = name.split(/[\\/]/).pop() ?? name;
  const dot = base.lastIndexOf('.');
  if (dot <= 0 || dot === base.length - 1) return null;
  const ext = base.slice(dot + 1).toLowerCase();
  return /^[a-z0-9]{1,10}$/.test(ext) ? ext : null;
}

// ---- SPEC §3 file entry ----

export const fileEntrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  file_name: z.string(),
  mime: z.string(),
  /** Bytes. */
  file_size: z.number().int(),
  extension: z.string().nullable(),
  disk: z.string(),
  parent_id: z.number().int().nullable(),
  relative_path: z.string().nullable(),
  public: z.boolean(),
  checksum: z.string().nullable(),
  /** Where the browser loads it: public files directly, private ones through an authorised route. */
  url: z.string(),
  owner_id: z.number().int().nullable(),
  workspace_id: z.number().int(),
  deleted_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FileEntry = z.infer<typeof fileEntrySchema>;
export const fileEntryResponseSchema = z.object({ fileEntry: fileEntrySchema });

/** Upload metadata the client may send (tus `Upload-Metadata`, the S3 calls' `metadata`). */
export const uploadMetadataSchema = z
  .object({
    parentId: z.coerce.number().int().positive().nullable().optional(),
    relativePath: z.string().max(1000).nullable().optional(),
    disk: z.string().max(20).nullable().optional(),
    /** What the file is for (e.g. 'backstage-track', 'proof', 'image'); the server decides visibility. */
    uploadType: z.string().max(50).nullable().optional(),
  })
  .loose();

const fileNameSchema = z.string().trim().min(1).max(255);
const sizeSchema = z.number().int().min(0);
const mimeSchema = z.string().trim().max(255);
const extSchema = z.string().trim().max(20).nullable().optional();

export const tusEntryRequestSchema = z.object({ uploadKey: z.string().min(1).max(200) });

export const deleteFileEntriesRequestSchema = z.object({
  paths: z.array(z.string().max(500)).max(1000).default([]),
  entryIds: z.array(z.number().int().positive()).max(1000).default([]),
  /** false = move to the trash (restorable), true = remove with the bytes. */
  deleteForever: z.boolean().default(false),
});
export const restoreFileEntriesRequestSchema = z.object({
  entryIds: z.array(z.number().int().positive()).min(1).max(1000),
});

export const s3PresignRequestSchema = z.object({
  filename: fileNameSchema,
  mime: mimeSchema,
  disk: z.string().max(20).nullable().optional(),
  size: sizeSchema,
  extension: extSchema,
  metadata: uploadMetadataSchema.optional(),
});
export const s3PresignResponseSchema = z.object({ url: z.string(), acl: z.string(), key: z.string() });

export const s3EntryRequestSchema = z.object({
  clientMime: mimeSchema,
  clientName: fileNameSchema,
  /** The key returned by presign or multipart/create. */
  filename: z.string().min(1).max(300),
  size: sizeSchema,
  clientExtension: extSchema,
  metadata: uploadMetadataSchema.optional(),
});

export const s3MultipartCreateRequestSchema = z.object({
  filename: fileNameSchema,
  mime: mimeSchema,
  size: sizeSchema,
  extension: extSchema,
  metadata: uploadMetadataSchema.optional(),
});
export const s3MultipartCreateResponseSchema = z.object({ uploadId: z.string(), key: z.string() });

const multipartRef = { key: z.string().min(1).max(300), uploadId: z.string().min(1).max(1000) };

export const s3SignPartsRequestSchema = z.object({
  ...multipartRef,
  partNumbers: z.array(z.number().int().min(1).max(MULTIPART_MAX_PARTS)).min(1).max(MULTIPART_SIGN_BATCH),
});
export const s3SignPartsResponseSchema = z.object({
  urls: z.array(z.object({ partNumber: z.number().int(), url: z.string() })),
});
export const s3MultipartRefSchema = z.object(multipartRef);
export const s3UploadedPartSchema = z.object({
  PartNumber: z.number().int(),
  ETag: z.string(),
  Size: z.number().int().optional(),
});
export const s3UploadedPartsResponseSchema = z.object({ parts: z.array(s3UploadedPartSchema) });
export const s3CompleteRequestSchema = z.object({
  ...multipartRef,
  parts: z
    .array(
      z.object({
        PartNumber: z.number().int().min(1).max(MULTIPART_MAX_PARTS),
        ETag: z.string().min(1).max(200),
      }),
    )
    .min(1)
    .max(MULTIPART_MAX_PARTS),
});
export const s3CompleteResponseSchema = z.object({ location: z.string().nullable() });
