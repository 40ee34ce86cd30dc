import { z } from 'zod';
import { createAccessTokenRequestSchema, createAccessTokenResponseSchema } from '../account/account';
import { defineOperations } from '../operation';
import { PERMISSIONS } from '../permissions';
import { idParamSchema } from '../primitives';
import { messageResponseSchema } from './auth';

export const accessTokens = defineOperations('Access tokens', {
  create: {
    method: 'POST',
    path: '/api/v1/access-tokens',
    access: { permission: PERMISSIONS.apiAccess },
    body: createAccessTokenRequestSchema,
    response: createAccessTokenResponseSchema,
    summary: 'Create a personal access token',
  },
  delete: {
    method: 'DELETE',
    path: '/api/v1/access-tokens/:id',
    // Revoking needs no permission: a user who lost api.access can still clean up old tokens.
    access: 'user',
    params: z.object({ id: idParamSchema }),
    response: messageResponseSchema,
    summary: 'Delete a personal access token',
  },
});
