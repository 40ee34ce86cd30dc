import { health } from '@zema/contracts/system/health.operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDatabase } from '#src/db/client';
import { defineRoute } from '#src/http/define-route';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  defineRoute(app, health.check, async (request, reply) => {
    try {
      await pingDatabase(app.deps.db);
      return { status: 'ok' as const, database: 'ok' as const };
    } catch (err) {
      request.log.error({ err }, 'health check: database unreachable');
      return reply.code(503).send({ status: 'error', database: 'error' });
    }
  });
};
