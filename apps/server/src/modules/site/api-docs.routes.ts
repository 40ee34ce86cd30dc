import { msg } from '@zema/contracts';
import { apiDocs } from '@zema/contracts/site/api-docs.operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineRoute } from '#src/http/define-route';
import { NotFoundError } from '#src/lib/errors';

/** Under api/v1: the OpenAPI document (see openapi.ts), for users who may use the API. */
export const apiDocsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The routes are fixed once the app is ready, so the JSON is built on first use and kept.
  let json: string | undefined;

  defineRoute(app, apiDocs.openapi, async (_request, reply) => {
    // SPEC §2: the API docs exist only while the API is integrated.
    if ((await app.deps.settings.get<boolean>('api.integrated')) === false) {
      throw new NotFoundError(msg('The API is not enabled on this site.'));
    }
    json ??= JSON.stringify(app.swagger());
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'private, no-cache')
      .send(json);
  });
};
