import {
  logoutOtherSessionsRequestSchema,
  messageResponseSchema,
  userSessionsResponseSchema,
} from '@zema/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rateLimits } from '#src/features/auth/rate-limits';
import { createGeoIp, type GeoIp } from '#src/platform/geoip';
import { listUserSessions, logoutOtherSessions } from './sessions.service';

export type SessionsRoutesOptions = { geoip?: GeoIp };

export const sessionsRoutes: FastifyPluginAsyncZod<SessionsRoutesOptions> = async (app, opts) => {
  const geoip =
    opts.geoip ??
    createGeoIp({
      dbPath: app.config.geoipDbPath,
      onError: (err) => app.log.warn({ err }, 'geoip lookup failed'),
    });

  app.get(
    '/user-sessions',
    { config: { access: 'user' }, schema: { response: { 200: userSessionsResponseSchema } } },
    async (request) => ({ sessions: await listUserSessions(app, geoip, request) }),
  );

  app.post(
    '/user-sessions/logout-other',
    {
      // Shares the password-guessing budget of confirm-password (5 a minute per session).
      config: { access: 'user', rateLimit: rateLimits.confirmPassword },
      schema: { body: logoutOtherSessionsRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await logoutOtherSessions(app, request, request.body.password);
      return { message: 'Logged out other sessions.' };
    },
  );
};
