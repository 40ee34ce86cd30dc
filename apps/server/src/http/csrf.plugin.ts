import { XSRF_COOKIE } from '@zema/contracts';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { randomToken, safeEqual } from '#src/lib/tokens';
import { cookieOptions } from './cookies';
import { HttpError, MESSAGES } from './errors';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Double-submit XSRF protection (SPEC §7): the cookie is readable by the app's scripts, which echo
 * it in X-XSRF-TOKEN; another site can make the browser send the cookie but cannot read it.
 * Guests are checked too, so nobody can be logged into an attacker's account (login CSRF).
 * Runs after auth (a bearer token is not ambient authority, so it is exempt) and after method
 * override (the check sees the overridden method).
 */
export const csrfPlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request: FastifyRequest, reply) => {
      const cookie = request.cookies[XSRF_COOKIE];
      if (!cookie) {
        // Readable by the app's scripts, which echo it in X-XSRF-TOKEN.
        reply.setCookie(XSRF_COOKIE, randomToken(30), cookieOptions(request, { httpOnly: false }));
      }
      if (!UNSAFE.has(request.method)) return;
      if (request.authVia === 'token') return;
      if (request.routeOptions.config.csrf === false) return;
      // Nothing happens on an unknown route; it answers 404 either way.
      if (request.is404) return;
      const header = request.headers['x-xsrf-token'];
      if (!cookie || typeof header !== 'string' || !safeEqual(header, cookie)) {
        throw new HttpError(419, MESSAGES.csrf);
      }
    });
  },
  { name: 'zema-csrf', dependencies: ['@fastify/cookie', 'zema-auth'] },
);
