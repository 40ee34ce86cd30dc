import type { s3CompleteRequestSchema } from '@zema/contracts';
import { uploads } from '@zema/contracts/uploads/uploads.operations';
import type { z } from 'zod';
import { api } from '#src/lib/api-client';

/** POST s3/multipart/complete {key, uploadId, parts: [{ETag, PartNumber}] in part order}. */
export async function completeMultipartUpload(
  body: z.input<typeof s3CompleteRequestSchema>,
  signal?: AbortSignal,
): Promise<void> {
  await api.call(uploads.s3MultipartComplete, { body, signal });
}
