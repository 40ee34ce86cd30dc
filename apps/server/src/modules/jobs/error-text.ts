import { serializeError } from '#src/lib/redact';
import { PermanentJobError } from './engine';

/**
 * A failed job's error as it is stored and shown to admins: its kind, code and scrubbed message
 * (no bound query values, emails or tokens), at most 1 000 characters.
 */
export function errorText(err: unknown): string {
  // What failed, not the wrapper that said not to try again.
  if (err instanceof PermanentJobError) return errorText(err.cause);
  const e = serializeError(err);
  const code = e.code !== undefined ? ` (${e.code})` : '';
  return `${e.type}${code}: ${e.message}`.slice(0, 1000);
}
