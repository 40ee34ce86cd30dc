/**
 * Input a service refuses, with messages per field (SPEC §5's `{field: [messages]}`). Services
 * throw it without knowing about HTTP; the error handler answers 422 with these errors.
 */
export class InvalidInputError extends Error {
  override name = 'InvalidInputError';
  constructor(
    message: string,
    readonly errors: Record<string, string[]>,
  ) {
    super(message);
  }
}
