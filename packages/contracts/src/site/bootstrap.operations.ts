import { defineOperations } from '../operation';
import { bootstrapResponseSchema } from './bootstrap';

export const bootstrap = defineOperations('Bootstrap', {
  get: {
    method: 'GET',
    path: '/api/v1/bootstrap-data',
    access: 'guest',
    response: bootstrapResponseSchema,
    summary: 'Bootstrap data: settings, the signed-in user, menus and themes',
  },
});
