import type { s3SignPartsRequestSchema, s3SignPartsResponseSchema } from '@zema/contracts';
import { uploads } from '@zema/contracts/uploads/uploads.operations';
import type { z } from 'zod';
import { api } from '#src/lib/api-client';

/** POST s3/multipart/batch-sign-part-urls {partNumbers (≤ 10), uploadId, key} → {urls}. */
export async function signMultipartParts(
  body: z.input<typeof s3SignPartsRequestSchema>,
  signal?: AbortSignal,
): Promise<z.infer<typeof s3SignPartsResponseSchema>['urls']> {
  return (await api.call(uploads.s3MultipartSignParts, { body, signal })).urls;
}
