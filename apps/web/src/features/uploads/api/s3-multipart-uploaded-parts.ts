import type { s3MultipartRefSchema, s3UploadedPartsResponseSchema } from '@zema/contracts';
import { uploads } from '@zema/contracts/uploads/uploads.operations';
import type { z } from 'zod';
import { api } from '#src/lib/api-client';

/** POST s3/multipart/get-uploaded-parts {key, uploadId} → {parts}: what a resumed upload may skip. */
export async function getUploadedParts(
  body: z.input<typeof s3MultipartRefSchema>,
  signal?: AbortSignal,
): Promise<z.infer<typeof s3UploadedPartsResponseSchema>['parts']> {
  return (await api.call(uploads.s3MultipartParts, { body, signal })).parts;
}
