import {
  BadRequestError,
  ConflictError,
  type DomainError,
  type FieldErrors,
  ForbiddenError,
  InvalidInputError,
  invalidInputMessage,
  LockedError,
  NotFoundError,
  RateLimitedError,
  RetryLaterError,
  UnauthenticatedError,
  UnavailableError,
  UpstreamError,
} from '#src/lib/errors';

/**
 * An answer about HTTP itself (a CSRF mismatch, an event stream asked for without its Accept, a
 * rate limit the plugin counted); the error handler sends `{message, errors?}` as is. Services
 * throw the domain errors of `lib/errors.ts` instead.
 */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
  }
}

/** A deliberate answer in the SPEC §8 shape. */
export type ErrorAnswer = {
  status: number;
  body: { message: string; errors?: FieldErrors };
  headers: Record<string, string>;
};

/** Each domain error's status; the first class the error is an instance of wins. */
const STATUS: [abstract new (...args: never[]) => DomainError, number][] = [
  [BadRequestError, 400],
  [UnauthenticatedError, 401],
  [ForbiddenError, 403],
  [NotFoundError, 404],
  [ConflictError, 409],
  [LockedError, 423],
  [RateLimitedError, 429],
  [UpstreamError, 502],
  [UnavailableError, 503],
];

const bodyOf = (message: string, errors: FieldErrors | undefined) =>
  errors ? { message, errors } : { message };

/**
 * The one place a domain error becomes an HTTP answer (SPEC §8): its status, `{message, errors?}`
 * and the headers it asks for (Retry-After). Null for anything that is not a domain error.
 */
export function answerOf(error: unknown): ErrorAnswer | null {
  if (error instanceof HttpError) {
    return { status: error.statusCode, body: bodyOf(error.message, error.errors), headers: {} };
  }
  if (error instanceof InvalidInputError) {
    // With field errors the message is always the first of them and a count (lib/errors.ts).
    const message = error.errors ? invalidInputMessage(error.errors) : error.message;
    return { status: error.tooLarge ? 413 : 422, body: bodyOf(message, error.errors), headers: {} };
  }
  for (const [type, status] of STATUS) {
    if (!(error instanceof type)) continue;
    const headers: Record<string, string> = {};
    if (error instanceof RetryLaterError && error.retryAfterS !== undefined) {
      headers['retry-after'] = String(error.retryAfterS);
    }
    return { status, body: bodyOf(error.message, error.errors), headers };
  }
  return null;
}
