import { defineOperations } from '../operation';
import { adminSettingsResponseSchema, adminSettingsUpdateRequestSchema } from '../settings';

/** The admin's view of the client settings; browser tests flip flags through it too. */
export const settings = defineOperations('Settings', {
  get: {
    method: 'GET',
    path: '/api/v1/settings',
    access: 'admin',
    response: adminSettingsResponseSchema,
    summary: 'Read the client settings (admin)',
  },
  update: {
    method: 'POST',
    path: '/api/v1/settings',
    access: 'admin',
    body: adminSettingsUpdateRequestSchema,
    response: adminSettingsResponseSchema,
    summary: 'Update client settings by dotted key (admin)',
  },
});
