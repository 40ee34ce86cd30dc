import { msg } from '@zema/contracts';
import {
  isBlockedAddressError,
  RequestTimeoutError,
  ResponseTooLargeError,
  TooManyRedirectsError,
} from '#src/platform/public-http';

/** What the admin's "Test source" shows when a source fails (and the log's reason). */
export const SOURCE_MESSAGES = {
  notAllowed: msg('This address is not allowed: use a public http:// or https:// address.'),
  unreachable: msg('The source could not be reached.'),
  timeout: msg('The source did not answer in time.'),
  httpError: msg('The source answered with an error.'),
  badFormat: msg('The source’s answer is not in the expected format.'),
  tooLarge: msg('The source’s answer is too large.'),
  mountNotFound: msg('None of these mounts is on the Icecast server.'),
  stationNotFound: msg('This station was not found on the AzuraCast server.'),
  noIcyMetadata: msg('This stream does not send titles (no ICY metadata).'),
  streamEnded: msg('The stream ended.'),
  noStream: msg('The station has no stream to read titles from.'),
} as const;

/**
 * A source's failure: `message` is one of {@link SOURCE_MESSAGES} (a person reads it, in their
 * language), `detail` says what happened for the log (status, address, parser error).
 */
export class SourceError extends Error {
  override name = 'SourceError';
  constructor(
    message: string,
    readonly detail?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

const isTimeout = (err: unknown) =>
  err instanceof RequestTimeoutError ||
  (err instanceof Error &&
    (err.name === 'TimeoutError' || (err.cause as Error | undefined)?.name === 'TimeoutError'));

/** Any failure of a request as a {@link SourceError} a person can read. */
export function toSourceError(err: unknown): SourceError {
  if (err instanceof SourceError) return err;
  const detail = err instanceof Error ? err.message : String(err);
  const as = (message: string) => new SourceError(message, detail, { cause: err });
  if (isBlockedAddressError(err)) return as(SOURCE_MESSAGES.notAllowed);
  if (isTimeout(err)) return as(SOURCE_MESSAGES.timeout);
  if (err instanceof ResponseTooLargeError) return as(SOURCE_MESSAGES.tooLarge);
  if (err instanceof TooManyRedirectsError) return as(SOURCE_MESSAGES.httpError);
  if (err instanceof SyntaxError) return as(SOURCE_MESSAGES.badFormat);
  return as(SOURCE_MESSAGES.unreachable);
}
