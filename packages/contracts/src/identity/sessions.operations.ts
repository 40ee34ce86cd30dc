import { logoutOtherSessionsRequestSchema, userSessionsResponseSchema } from '../account/account';
import { defineOperations } from '../operation';
import { messageResponseSchema } from './auth';

export const sessions = defineOperations('Sessions', {
  list: {
    method: 'GET',
    path: '/api/v1/user-sessions',
    access: 'user',
    response: userSessionsResponseSchema,
    summary: 'List active sessions',
  },
  logoutOther: {
    method: 'POST',
    path: '/api/v1/user-sessions/logout-other',
    access: 'user',
    body: logoutOtherSessionsRequestSchema,
    response: messageResponseSchema,
    summary: 'Log out other sessions',
  },
});
