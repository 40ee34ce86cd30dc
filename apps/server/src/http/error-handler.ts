import { DEFAULT_ERROR_MESSAGE, msg } from '@zema/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { clientFaultOf, databaseErrorOf } from '#src/db/errors';
import { buildDebugPayload } from '#src/lib/debug-trace';
import { invalidInputMessage, MESSAGES } from '#src/lib/errors';
import { scrubUrl, serializeError } from '#src/lib/redact';
import { answerOf } from './errors';

type ValidationIssue = { instancePath?: string; message?: string; params?: Record<string, unknown> };

function fieldErrors(issues: ValidationIssue[], context: string | undefined): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const path = (issue.instancePath ?? '').split('/').filter(Boolean).join('.');
    // A missing property is reported on its parent by JSON-schema validators.
    const missing = issue.params?.missingProperty;
    const field =
      [path, typeof missing === 'string' ? missing : ''].filter(Boolean).join('.') || context || 'body';
    errors[field] = [...(errors[field] ?? []), issue.message ?? msg('Invalid value.')];
  }
  return errors;
}

/**
 * Errors busboy throws for a multipart body it cannot read (no or empty boundary, a boundary over
 * 256 characters, a body cut short); @fastify/multipart passes them on without a status.
 */
const MULTIPART_PARSE_ERROR =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data|The needle cannot (be an empty|have a length bigger))/;

export const MULTIPART_MESSAGE = msg('The multipart/form-data body could not be read.');

function isMultipartParseError(error: FastifyError, request: FastifyRequest): boolean {
  const type = request.headers['content-type'];
  return (
    typeof type === 'string' &&
    /^\s*multipart\//i.test(type) &&
    typeof error.message === 'string' &&
    MULTIPART_PARSE_ERROR.test(error.message)
  );
}

function statusOf(error: FastifyError): number {
  const code = error.statusCode;
  return typeof code === 'number' && code >= 400 && code < 600 ? code : 500;
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler(async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    // A refusal a service or a route meant: the domain errors of lib/errors.ts and HttpError.
    const answer = answerOf(error);
    if (answer) return reply.code(answer.status).headers(answer.headers).send(answer.body);
    if (hasZodFastifySchemaValidationErrors(error) || (error.validation && error.statusCode === 400)) {
      const errors = fieldErrors(error.validation ?? [], error.validationContext);
      return reply.code(422).send({ message: invalidInputMessage(errors), errors });
    }
    if (isMultipartParseError(error, request)) return reply.code(400).send({ message: MULTIPART_MESSAGE });
    // Safety net: input the route let through but the database refused (a value out of range, a
    // NUL, a duplicate) is the client's fault; its driver message (with the query's values) is not
    // for the client, and the log gets what failed (code, table, constraint) without the values.
    const database = databaseErrorOf(error);
    const fault = database && clientFaultOf(database);
    if (fault) {
      request.log.warn(
        { database, method: request.method, route: request.routeOptions.url },
        'database refused the request data',
      );
      return reply.code(fault.status).send({ message: fault.message });
    }
    const status = statusOf(error);
    if (status < 500) {
      // Fastify's own 4xx (bad JSON, too large, unsupported media type, rate limit) are safe to show.
      if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
        return reply.code(400).send({ message: MESSAGES.malformedJson });
      }
      return reply.code(status).send({ message: error.message || DEFAULT_ERROR_MESSAGE });
    }

    request.log.error({ err: error }, 'request failed');
    const safe = serializeError(error);
    await app.deps.errorLog
      .append({
        level: 'error',
        exception: safe.type,
        reqId: request.id,
        method: request.method,
        route: request.routeOptions.url ?? '',
        url: scrubUrl(request.url),
        message: safe.message,
        stack: safe.stack,
      })
      .catch((logError: unknown) => request.log.error({ err: logError }, 'could not write the error log'));

    // Even the debug payload shows the scrubbed message: no query values, hashes or tokens.
    if (app.deps.config.debug)
      return reply.code(status).send({ ...buildDebugPayload(error), message: safe.message });
    return reply.code(status).send({ message: DEFAULT_ERROR_MESSAGE });
  });

  app.setNotFoundHandler(async (_request, reply) => reply.code(404).send({ message: MESSAGES.notFound }));
}
