import type { s3MultipartCreateRequestSchema, s3MultipartCreateResponseSchema } from '@zema/contracts';
import { uploads } from '@zema/contracts/uploads/uploads.operations';
import type { z } from 'zod';
import { api } from '#src/lib/api-client';

/** POST s3/multipart/create {filename, mime, size, extension, metadata} → {uploadId, key}. */
export async function createMultipartUpload(
  body: z.input<typeof s3MultipartCreateRequestSchema>,
  signal?: AbortSignal,
): Promise<z.infer<typeof s3MultipartCreateResponseSchema>> {
  return api.call(uploads.s3MultipartCreate, { body, signal });
}
