import { DEFAULT_ERROR_MESSAGE } from '@zema/contracts';
import { ApiError, firstErrorMessage } from '#src/lib/api-error';
import type { TransFn } from '#src/lib/i18n';
import { UploadRefused, UploadStalled } from './upload-types';

/**
 * SPEC §8: an upload that fails shows the server's message (its first field error, else its
 * `message`, both in the reader's language already); a stall shows 'Upload timed out', a preflight
 * its refusal (written in the reader's language); anything else (a dropped connection) the default.
 */
export function uploadErrorMessage(err: unknown, trans: TransFn): string {
  if (err instanceof UploadStalled) return trans(err.message);
  if (err instanceof UploadRefused) return err.message;
  if (err instanceof ApiError) return firstErrorMessage(err);
  return trans(DEFAULT_ERROR_MESSAGE);
}
