import { DEFAULT_ERROR_MESSAGE } from '@zema/contracts';
import { showErrorDialog } from '#src/ui/error-dialog';
import { toast } from '#src/ui/toast';
import { ApiError } from './api-error';
import { transNow } from './translate';

/**
 * The global answer to a failed call (SPEC §8): a debug trace opens the error dialog; anything else
 * shows a danger toast with the server's message, or the default one.
 */
export function reportError(error: unknown): void {
  if (error instanceof ApiError && error.debug) {
    showErrorDialog(error.debug);
    return;
  }
  // A call the user cancelled (navigation, unmount) is not a failure worth telling.
  if (error instanceof DOMException && error.name === 'AbortError') return;
  toast.danger(error instanceof ApiError ? error.message : transNow(DEFAULT_ERROR_MESSAGE));
}
