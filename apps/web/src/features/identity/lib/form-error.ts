import type { FieldValues } from 'react-hook-form';
import { ApiError } from '#src/lib/api-error';
import { reportError } from '#src/lib/report-error';
import { applyServerErrors, type ServerErrorForm } from '#src/ui/form-errors';

/**
 * A failed auth form call: field errors land on the fields (SPEC §5); any other failure gets the
 * global answer (SPEC §8), so a debug trace still opens the error dialog.
 */
export function handleFormError<T extends FieldValues>(form: ServerErrorForm<T>, error: unknown): void {
  if (error instanceof ApiError && !error.errors) {
    reportError(error);
    return;
  }
  applyServerErrors(form, error);
}
