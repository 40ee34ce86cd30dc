import { DEFAULT_ERROR_MESSAGE } from '@zema/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { SettingsValidationError } from '#src/features/settings/settings.service';
import { appendErrorLog } from '#src/platform/error-log';
import { buildDebugPayload } from './debug-trace';
import { HttpError, MESSAGES, validationError } from './errors';

type ValidationIssue = { instancePath?: string; message?: string; params?: Record<string, unknown> };

function fieldErrors(issues: ValidationIssue[], context: string | undefined): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const path = (issue.instancePath ?? '').split('/').filter(Boolean).join('.');
    // A missing property is reported on its parent by JSON-schema validators.
    const missing = issue.params?.missingProperty;
    const field =
      [path, typeof missing === 'string' ? missing : ''].filter(Boolean).join('.') || context || 'body';
    errors[field] = [...(errors[field] ?? []), issue.message ?? 'Invalid value.'];
  }
  return errors;
}

function statusOf(error: FastifyError): number {
  const code = error.statusCode;
  return typeof code === 'number' && code >= 400 && code < 600 ? code : 500;
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler(async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error) || (error.validation && error.statusCode === 400)) {
      const e = validationError(fieldErrors(error.validation ?? [], error.validationContext));
      return reply.code(422).send({ message: e.message, errors: e.errors });
    }
    if (error instanceof SettingsValidationError) {
      const e = validationError(error.errors);
      return reply.code(422).send({ message: e.message, errors: e.errors });
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
    await appendErrorLog(app.config.dataDir, {
      reqId: request.id,
      method: request.method,
      url: request.url,
      message: error.message,
      stack: error.stack,
    }).catch((logError: unknown) => request.log.error({ err: logError }, 'could not write the error log'));

    if (app.config.debug) return reply.code(status).send(buildDebugPayload(error));
    return reply.code(status).send({ message: DEFAULT_ERROR_MESSAGE });
  });

  app.setNotFoundHandler(async (_request, reply) => reply.code(404).send({ message: MESSAGES.notFound }));
}
