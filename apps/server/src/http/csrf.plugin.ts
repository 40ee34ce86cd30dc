import { XSRF_COOKIE } from '@zema/contracts';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '#src/lib/errors';
import { randomBytesPooled } from '#src/lib/random';
import { safeEqual } from '#src/lib/tokens';
import { cookieOptions } from './cookies';
import { HttpError } from './errors';

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
    // Synchronous (a callback hook): nothing here waits, and an async hook costs every request a
    // promise and a turn of the microtask queue.
    app.addHook('onRequest', (request: FastifyRequest, reply, done) => {
      const cookie = request.cookies[XSRF_COOKIE];
      if (!cookie && request.routeOptions.config.xsrfCookie !== false) {
        // Readable by the app's scripts, which echo it in X-XSRF-TOKEN.
        const token = randomBytesPooled(30).toString('base64url');
        reply.setCookie(XSRF_COOKIE, token, cookieOptions(request, { httpOnly: false }));
      }
      // `csrf: true` checks a safe method too: a GET that changes something because SPEC §7 says GET.
      const checked = UNSAFE.has(request.method) || request.routeOptions.config.csrf === true;
      if (
        !checked ||
        request.authVia === 'token' ||
        request.routeOptions.config.csrf === false ||
        // Nothing happens on an unknown route; it answers 404 either way.
        request.is404
      ) {
        return done();
      }
      const header = request.headers['x-xsrf-token'];
      if (!cookie || typeof header !== 'string' || !safeEqual(header, cookie)) {
        return done(new HttpError(419, MESSAGES.csrf));
      }
      done();
    });
  },
  { name: 'zema-csrf', dependencies: ['@fastify/cookie', 'zema-auth'] },
);
