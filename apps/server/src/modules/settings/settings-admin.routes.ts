import { settings } from '@zema/contracts/settings/settings.operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '#src/http/caller';
import { defineRoute } from '#src/http/define-route';
import { rateLimits } from '#src/http/rate-limits';
import { adminSettingsView, sendTestMail, updateSettings } from './settings-admin.service';

/** The admin's settings pages; browser tests flip flags through them too. */
export const settingsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  defineRoute(app, settings.get, async () => adminSettingsView(app.deps));

  defineRoute(app, settings.update, async (request) =>
    updateSettings(app.deps, actorOf(request), request.body),
  );

  // Each test is a real mail: limited like the other admin actions that send one.
  defineRoute(app, settings.testMail, { config: { rateLimit: rateLimits.adminSensitive } }, async (request) =>
    sendTestMail(app.deps, actorOf(request), request.body.to),
  );
};
