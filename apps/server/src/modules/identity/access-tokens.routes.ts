import { msg } from '@zema/contracts';
import { accessTokens } from '@zema/contracts/identity/access-tokens.operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineRoute } from '#src/http/define-route';
import { createPersonalToken, deletePersonalToken } from './access-tokens.service';

export const accessTokensRoutes: FastifyPluginAsyncZod = async (app) => {
  defineRoute(app, accessTokens.create, async (request) =>
    createPersonalToken(app.deps, request.user!.id, request.body.tokenName),
  );

  defineRoute(app, accessTokens.delete, async (request) => {
    await deletePersonalToken(app.deps, request.user!.id, request.params.id);
    return { message: msg('Token deleted.') };
  });
};
