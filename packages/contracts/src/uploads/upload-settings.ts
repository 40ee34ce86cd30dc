import { z } from 'zod';

const MB = 1024 * 1024;
/** S3's smallest part (PROTOCOLS: 5 MiB, the last part may be smaller); the smallest tus chunk too. */
const PART_MIN_BYTES = 5 * MB;

/**
 * The admin's upload settings (settings key `uploads`), in bootstrap data so the queue can refuse
 * early; the server enforces them again on every path.
 */
export const uploadSettingsSchema = z.object({
  /** Largest file per kind, bytes. */
  max_size: z.object({
    audio: z.number().int().min(1),
    image: z.number().int().min(1),
    other: z.number().int().min(1),
  }),
  /** Mime patterns (`audio/*`, `image/png`) and extensions (`.mp3`); empty = anything. */
  allowed_types: z.array(z.string().trim().min(1).max(100)).max(200),
  /** tus chunk size, bytes. */
  chunk_size: z
    .number()
    .int()
    .min(PART_MIN_BYTES)
    .max(500 * MB),
  /** Chunked (tus) uploads from CHUNKED_UPLOAD_MIN_BYTES; off = every file in one request. */
  chunked: z.boolean(),
  /** Browser → S3 directly (only when the storage driver is s3). */
  direct_upload: z.boolean(),
  /** The storage driver in use (read-only: set by S3_* env). */
  disk: z.enum(['local', 's3']),
});
export type UploadSettings = z.infer<typeof uploadSettingsSchema>;

export const DEFAULT_UPLOAD_SETTINGS: UploadSettings = {
  max_size: { audio: 2048 * MB, image: 10 * MB, other: 50 * MB },
  allowed_types: [
    'audio/*',
    'image/jpeg',
    'image/png',
    'image/webp',
    'image/gif',
    'image/avif',
    'application/pdf',
    '.mp3',
    '.flac',
    '.ogg',
    '.opus',
    '.m4a',
    '.wav',
    '.webm',
  ],
  chunk_size: 5 * MB,
  chunked: true,
  direct_upload: false,
  disk: 'local',
};
