import type { s3MultipartRefSchema } from '@zema/contracts';
import { uploads } from '@zema/contracts/uploads/uploads.operations';
import type { z } from 'zod';
import { api } from '#src/lib/api-client';

/** POST s3/multipart/abort {key, uploadId}: the stored parts are dropped. */
export async function abortMultipartUpload(body: z.input<typeof s3MultipartRefSchema>): Promise<void> {
  await api.call(uploads.s3MultipartAbort, { body });
}
