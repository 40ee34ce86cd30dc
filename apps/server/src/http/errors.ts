/** An error with a deliberate HTTP answer; the error handler sends `{message, errors?}` as is. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const MESSAGES = {
  unauthenticated: 'Unauthenticated.',
  unauthorized: 'This action is unauthorized.',
  csrf: 'CSRF token mismatch.',
  notFound: 'Not found.',
  malformedJson: 'The request body is not valid JSON.',
} as const;

/** 422 with the field-error map of SPEC §5; the message is the first error, like the web app shows. */
export function validationError(errors: Record<string, string[]>): HttpError {
  const all = Object.values(errors).flat();
  const extra = all.length - 1;
  const message = `${all[0] ?? 'The given data was invalid.'}${extra > 0 ? ` (and ${extra} more error${extra > 1 ? 's' : ''})` : ''}`;
  return new HttpError(422, message, errors);
}
