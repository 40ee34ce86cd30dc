import { msg } from '@zema/contracts';
import { sessions } from '@zema/contracts/identity/sessions.operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '#src/http/caller';
import { defineRoute } from '#src/http/define-route';
import { rateLimits } from '#src/http/rate-limits';
import { listUserSessions, logoutOtherSessions } from './sessions.service';

export const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { geoip } = app.deps;

  defineRoute(app, sessions.list, async (request) => ({
    sessions: await listUserSessions(app.deps, geoip, callerOf(request)),
  }));

  defineRoute(
    app,
    sessions.logoutOther,
    // Shares the password-guessing budget of confirm-password (5 a minute per session).
    { config: { rateLimit: rateLimits.confirmPassword } },
    async (request) => {
      await logoutOtherSessions(app.deps, callerOf(request), request.body.password);
      return { message: msg('Logged out other sessions.') };
    },
  );
};
