import { adminSettingsResponseSchema, adminSettingsUpdateRequestSchema } from '@zema/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { updateSettings } from './settings-admin.service';

/** The admin's view of the client settings; browser tests flip flags through it too. */
export const settingsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings',
    { config: { access: 'admin' }, schema: { response: { 200: adminSettingsResponseSchema } } },
    async () => ({ settings: await app.settings.getClientSettings() }),
  );

  app.post(
    '/settings',
    {
      config: { access: 'admin' },
      schema: { body: adminSettingsUpdateRequestSchema, response: { 200: adminSettingsResponseSchema } },
    },
    async (request) => ({ settings: await updateSettings(app, request.body) }),
  );
};
