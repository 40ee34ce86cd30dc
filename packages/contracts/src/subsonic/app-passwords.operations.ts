import { z } from 'zod';
import { messageResponseSchema } from '../common';
import { defineOperations } from '../operation';
import { PERMISSIONS } from '../permissions';
import { idParamSchema } from '../primitives';
import {
  appPasswordsResponseSchema,
  createAppPasswordRequestSchema,
  createAppPasswordResponseSchema,
} from './app-passwords';

/** Account settings → Connected apps: the passwords Subsonic apps sign in to `/rest` with. */
export const appPasswords = defineOperations('Connected apps', {
  list: {
    method: 'GET',
    path: '/api/v1/users/me/app-passwords',
    access: 'user',
    response: appPasswordsResponseSchema,
    summary: 'List your app passwords (never the passwords themselves)',
  },
  create: {
    method: 'POST',
    path: '/api/v1/users/me/app-passwords',
    // The same permission lets an app connect: a password that could not sign in is no use.
    access: { permission: PERMISSIONS.apiAccess },
    body: createAppPasswordRequestSchema,
    response: createAppPasswordResponseSchema,
    summary: 'Create an app password for a Subsonic app (shown once)',
  },
  delete: {
    method: 'DELETE',
    path: '/api/v1/users/me/app-passwords/:id',
    // Revoking needs no permission: a user who lost api.access can still clean up.
    access: 'user',
    params: z.object({ id: idParamSchema }),
    response: messageResponseSchema,
    summary: 'Revoke an app password',
  },
});
