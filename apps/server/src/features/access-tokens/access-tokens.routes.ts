import {
  createAccessTokenRequestSchema,
  createAccessTokenResponseSchema,
  idParamSchema,
  messageResponseSchema,
  PERMISSIONS,
} from '@zema/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createPersonalToken, deletePersonalToken } from './access-tokens.service';

export const accessTokensRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/access-tokens',
    {
      config: { access: { permission: PERMISSIONS.apiAccess } },
      schema: { body: createAccessTokenRequestSchema, response: { 200: createAccessTokenResponseSchema } },
    },
    async (request) => createPersonalToken(app, request.user!.id, request.body.tokenName),
  );

  app.delete(
    '/access-tokens/:id',
    {
      // Revoking needs no permission: a user who lost api.access can still clean up old tokens.
      config: { access: 'user' },
      schema: {
        params: z.object({ id: idParamSchema }),
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await deletePersonalToken(app, request.user!.id, request.params.id);
      return { message: 'Token deleted.' };
    },
  );
};
