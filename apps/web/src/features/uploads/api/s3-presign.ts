import type { s3PresignRequestSchema, s3PresignResponseSchema } from '@zema/contracts';
import { uploads } from '@zema/contracts/uploads/uploads.operations';
import type { z } from 'zod';
import { api } from '#src/lib/api-client';

/** POST s3/simple/presign {filename, mime, disk, size, extension, metadata} → {url, acl, key}. */
export async function presignS3Upload(
  body: z.input<typeof s3PresignRequestSchema>,
  signal?: AbortSignal,
): Promise<z.infer<typeof s3PresignResponseSchema>> {
  return api.call(uploads.s3Presign, { body, signal });
}
