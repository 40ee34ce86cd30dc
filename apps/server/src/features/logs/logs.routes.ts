import { logs } from '@zema/contracts/operations/logs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineRoute } from '#src/http/define-route';
import { HttpError } from '#src/http/errors';

export const logsRoutes: FastifyPluginAsyncZod = async (app) => {
  defineRoute(app, logs.downloadLatestError, async (_request, reply) => {
    const latest = await app.errorLog.latest();
    if (!latest) throw new HttpError(404, 'There are no error logs yet.');
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('content-disposition', `attachment; filename="${latest.name}"`)
      .header('cache-control', 'no-store')
      .send(latest.stream());
  });
};
