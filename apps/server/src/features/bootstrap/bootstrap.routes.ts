import { bootstrapResponseSchema, GUEST_LOCALE_COOKIE } from '@zema/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buildBootstrapData } from './bootstrap.service';

export const bootstrapRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/bootstrap-data',
    { config: { access: 'guest' }, schema: { response: { 200: bootstrapResponseSchema } } },
    async (request) => ({
      bootstrapData: await buildBootstrapData(app, request.user, request.cookies[GUEST_LOCALE_COOKIE]),
    }),
  );
};
