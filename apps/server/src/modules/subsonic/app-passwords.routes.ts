import { APP_PASSWORD_MESSAGES } from '@zema/contracts';
import { appPasswords } from '@zema/contracts/subsonic/app-passwords.operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineRoute } from '#src/http/define-route';
import { createAppPassword, listAppPasswords, revokeAppPassword } from './app-passwords.service';

/** Account settings → Connected apps: a user's own app passwords, never another's. */
export const appPasswordsRoutes: FastifyPluginAsyncZod = async (app) => {
  defineRoute(app, appPasswords.list, async (request) => ({
    app_passwords: await listAppPasswords(app.deps.db, request.user!.id),
    username: request.user!.email,
  }));

  defineRoute(app, appPasswords.create, async (request) => {
    const created = await createAppPassword(app.deps, request.user!.id, request.body.name);
    return { app_password: created.appPassword, password: created.password, username: request.user!.email };
  });

  defineRoute(app, appPasswords.delete, async (request) => {
    await revokeAppPassword(app.deps, request.user!.id, request.params.id);
    return { message: APP_PASSWORD_MESSAGES.revoked };
  });
};
