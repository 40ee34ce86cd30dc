/**
 * What a service refuses, in the domain's words: not found, not allowed, a conflict, input it
 * will not take (with messages per field, SPEC §5's `{field: [messages]}`), an outside service
 * that failed. Services and domain code throw these and never an HTTP status; `http/errors.ts`
 * maps each class to its SPEC §8 answer (status, `{message, errors?}`, headers) in one place, so a
 * script or a job can call a service and read its refusal as it is.
 */

import { msg } from '@zema/contracts';
import { type Translate, translator } from './translate';

export type FieldErrors = Record<string, string[]>;

/** The fixed messages of the common refusals (the SPEC §8 texts the web app knows). */
export const MESSAGES = {
  unauthenticated: msg('Unauthenticated.'),
  unauthorized: msg('This action is unauthorized.'),
  csrf: msg('CSRF token mismatch.'),
  notFound: msg('Not found.'),
  malformedJson: msg('The request body is not valid JSON.'),
} as const;

/** Shown when input is refused without a message of its own (an empty field-error map). */
export const INVALID_INPUT_MESSAGE = msg('The given data was invalid.');

const MORE_ERRORS = msg('{message} (and {count, plural, one {# more error} other {# more errors}})');

/**
 * The message of a refusal with field errors: the first error, like the web app shows it, and how
 * many more there are — "The name field is required. (and 2 more errors)". `t` writes it in the
 * reader's language (the answer's errors already are).
 */
export function invalidInputMessage(errors: FieldErrors, t: Translate = translator(null)): string {
  const all = Object.values(errors).flat();
  const first = all[0] ?? t(INVALID_INPUT_MESSAGE);
  return all.length > 1 ? t(MORE_ERRORS, { message: first, count: all.length - 1 }) : first;
}

/** A refusal a service means to make; its message is for the user, `errors` for form fields. */
export abstract class DomainError extends Error {
  constructor(
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
  }
}

/** The request makes no sense as sent (a bad signature, a missing header value). */
export class BadRequestError extends DomainError {
  override name = 'BadRequestError';
}

/** Nobody is signed in, or the credentials no longer hold. */
export class UnauthenticatedError extends DomainError {
  override name = 'UnauthenticatedError';
  constructor(message: string = MESSAGES.unauthenticated, errors?: FieldErrors) {
    super(message, errors);
  }
}

/** The caller is known but may not do this. */
export class ForbiddenError extends DomainError {
  override name = 'ForbiddenError';
  constructor(message: string = MESSAGES.unauthorized, errors?: FieldErrors) {
    super(message, errors);
  }
}

/** What was asked for is not there (or not there for this caller: it tells nothing). */
export class NotFoundError extends DomainError {
  override name = 'NotFoundError';
  constructor(message: string = MESSAGES.notFound, errors?: FieldErrors) {
    super(message, errors);
  }
}

/** The request clashes with the current state (already done, taken, changed meanwhile). */
export class ConflictError extends DomainError {
  override name = 'ConflictError';
}

/**
 * Input the service refuses. With field errors, the answer's message is always
 * {@link invalidInputMessage} of them (the first error and a count), whatever `message` says: the
 * message here may speak to a script or a log ("The setting "x" cannot be changed."), the answer
 * speaks to the form. Without field errors, the message is the answer.
 */
export class InvalidInputError extends DomainError {
  override name = 'InvalidInputError';
  /** Refused for its size alone (a file over a limit); anything else about it was fine. */
  get tooLarge(): boolean {
    return false;
  }
}

/** Input refused for its size alone: a file or body over its limit. */
export class TooLargeError extends InvalidInputError {
  override name = 'TooLargeError';
  override get tooLarge(): boolean {
    return true;
  }
}

/** Field errors → an {@link InvalidInputError} whose message is the first error and a count. */
export function invalidInput(errors: FieldErrors): InvalidInputError {
  return new InvalidInputError(invalidInputMessage(errors), errors);
}

/** The account or the step is locked until something else happens first (a password confirmation). */
export class LockedError extends DomainError {
  override name = 'LockedError';
}

/** A refusal for now, not for good: `retryAfterS` says when to try again, when it is known. */
export abstract class RetryLaterError extends DomainError {
  readonly retryAfterS?: number;
  constructor(message: string, opts: { errors?: FieldErrors; retryAfterS?: number } = {}) {
    super(message, opts.errors);
    this.retryAfterS = opts.retryAfterS;
  }
}

/** Too many of these for now. */
export class RateLimitedError extends RetryLaterError {
  override name = 'RateLimitedError';
}

/** An outside service this depends on (a payment gateway, a mail server) failed or refused. */
export class UpstreamError extends DomainError {
  override name = 'UpstreamError';
}

/** Too busy to do it now, not broken. */
export class UnavailableError extends RetryLaterError {
  override name = 'UnavailableError';
}
