import { settings } from '@zema/contracts/operations/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineRoute } from '#src/http/define-route';
import { updateSettings } from './settings-admin.service';

/** The admin's view of the client settings; browser tests flip flags through it too. */
export const settingsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  defineRoute(app, settings.get, async () => ({ settings: await app.settings.getClientSettings() }));

  defineRoute(app, settings.update, async (request) => ({
    settings: await updateSettings(app.deps, request.body),
  }));
};
