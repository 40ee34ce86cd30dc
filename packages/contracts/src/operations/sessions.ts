import { logoutOtherSessionsRequestSchema, userSessionsResponseSchema } from '../account';
import { messageResponseSchema } from '../auth';
import { defineOperations } from '../operation';

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
