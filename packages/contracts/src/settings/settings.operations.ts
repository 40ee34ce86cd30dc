import { messageResponseSchema } from '../common';
import { defineOperations } from '../operation';
import { ADMIN_PERMISSIONS as A } from '../permissions';
import {
  adminSettingsResponseSchema,
  adminSettingsUpdateRequestSchema,
  testMailRequestSchema,
} from './settings-admin';

const access = { permission: A.settingsUpdate } as const;

/** The admin's settings pages; browser tests flip flags through them too. */
export const settings = defineOperations('Settings', {
  get: {
    method: 'GET',
    path: '/api/v1/settings',
    access,
    response: adminSettingsResponseSchema,
    summary: 'Read the settings, server-only ones with secrets as {set} (admin)',
  },
  update: {
    method: 'POST',
    path: '/api/v1/settings',
    access,
    body: adminSettingsUpdateRequestSchema,
    response: adminSettingsResponseSchema,
    summary: 'Update settings by dotted key, all or nothing (admin)',
  },
  testMail: {
    method: 'POST',
    path: '/api/v1/settings/test-mail',
    access,
    body: testMailRequestSchema,
    response: messageResponseSchema,
    summary: "Send a test mail through the configured transport, to the admin's address by default",
  },
});
