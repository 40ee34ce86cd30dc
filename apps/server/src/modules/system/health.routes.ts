import { health } from '@zema/contracts/system/health.operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineRoute } from '#src/http/define-route';

/** Liveness: answering at all is the answer (readiness, with its checks, is ops' /ready). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  defineRoute(app, health.check, async () => ({ status: 'ok' as const }));
};
