import { analytics } from '@zema/contracts/system/analytics.operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineRoute } from '#src/http/define-route';
import { getDashboard } from './analytics.service';

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  defineRoute(app, analytics.dashboard, async (request) => getDashboard(app.deps, request.query));
};
