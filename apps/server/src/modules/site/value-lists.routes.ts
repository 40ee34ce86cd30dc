import { valueLists } from '@zema/contracts/site/value-lists.operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineRoute } from '#src/http/define-route';
import { getValueLists } from './value-lists.service';

export const valueListsRoutes: FastifyPluginAsyncZod = async (app) => {
  defineRoute(app, valueLists.get, async (request) => getValueLists(app.deps.db, request.params.names));
};
