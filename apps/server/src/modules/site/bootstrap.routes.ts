import { GUEST_LOCALE_COOKIE } from '@zema/contracts';
import { bootstrap } from '@zema/contracts/site/bootstrap.operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineRoute } from '#src/http/define-route';
import { buildBootstrapData } from './bootstrap.service';

export const bootstrapRoutes: FastifyPluginAsyncZod = async (app) => {
  defineRoute(app, bootstrap.get, async (request) => ({
    bootstrapData: await buildBootstrapData(app.deps, request.user, request.cookies[GUEST_LOCALE_COOKIE]),
  }));
};
