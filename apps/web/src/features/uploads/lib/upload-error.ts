import { DEFAULT_ERROR_MESSAGE } from '@zema/contracts';
import { ApiError, firstErrorMessage } from '#src/lib/api-error';
import { UploadRefused, UploadStalled } from './upload-types';

/**
 * SPEC §8: an upload that fails shows the server's message (its first field error, else its
 * `message`); a stall shows 'Upload timed out', a preflight its refusal; anything else (a dropped
 * connection) the default.
 */
export function uploadErrorMessage(err: unknown): string {
  if (err instanceof UploadStalled || err instanceof UploadRefused) return err.message;
  if (err instanceof ApiError) return firstErrorMessage(err);
  return DEFAULT_ERROR_MESSAGE;
}
