import { defineOperations } from '../operation';
import { PERMISSIONS } from '../permissions';

export const apiDocs = defineOperations('API docs', {
  /** The OpenAPI 3.1 document built from these operation objects. */
  openapi: {
    method: 'GET',
    path: '/api/v1/openapi.json',
    access: { permission: PERMISSIONS.apiAccess },
    summary: 'This OpenAPI document',
  },
});
