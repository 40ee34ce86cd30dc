import { PERMISSIONS, searchRequestSchema, searchResponseSchema } from '@zema/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { search } from './search.service';

/** GET api/v1/search: the navbar's instant results and the /search/{query} page tabs. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/search',
    {
      config: { access: { permission: PERMISSIONS.musicView } },
      schema: { querystring: searchRequestSchema, response: { 200: searchResponseSchema } },
    },
    async (request) =>
      search(app, {
        query: request.query.query,
        types: request.query.types,
        page: request.query.page,
        perPage: request.query.perPage,
        viewerId: request.user?.id ?? null,
      }),
  );
};
