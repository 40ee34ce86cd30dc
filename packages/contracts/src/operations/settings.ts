import { defineOperations } from '../operation';
import { ADMIN_PERMISSIONS as A } from '../permissions';
import { adminSettingsResponseSchema, adminSettingsUpdateRequestSchema } from '../settings';

/** The admin's view of the client settings; browser tests flip flags through it too. */
export const settings = defineOperations('Settings', {
  get: {
    method: 'GET',
    path: '/api/v1/settings',
    access: { permission: A.settingsUpdate },
    response: adminSettingsResponseSchema,
    summary: 'Read the client settings (admin)',
  },
  update: {
    method: 'POST',
    path: '/api/v1/settings',
    access: { permission: A.settingsUpdate },
    body: adminSettingsUpdateRequestSchema,
    response: adminSettingsResponseSchema,
    summary: 'Update client settings by dotted key (admin)',
  },
});
