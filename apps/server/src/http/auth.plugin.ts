import type { User } from '@zema/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '#src/lib/errors';
import { cookieOptions } from './cookies';
import { HttpError } from './errors';

/** Cookie options of the session cookie; the accounts issue sets it at login with these. */
export function sessionCookieOptions(request: FastifyRequest, maxAgeSeconds?: number) {
  return cookieOptions(request, maxAgeSeconds !== undefined ? { maxAge: maxAgeSeconds } : {});
}

/**
 * Resolves `request.user` from the session cookie or a `Bearer` personal access token.
 * A bearer token that does not resolve is an error (401), not a silent fall back to the cookie:
 * an API client must learn its token is bad, and a bad token must not earn the CSRF exemption.
 */
export type AuthOptions = {
  /** The cookie holding the session token. */
  sessionCookie: string;
  /** The user a session token belongs to; null when it is unknown or expired. */
  userForSession: (token: string) => Promise<User | null>;
  /** The user a personal access token belongs to; null when it is unknown. */
  userForAccessToken: (token: string) => Promise<User | null>;
};

export const authPlugin = fp<AuthOptions>(
  async (app, { sessionCookie, userForSession, userForAccessToken }) => {
    app.decorateRequest('user', null);
    app.decorateRequest('authVia', null);

    const bearer = async (request: FastifyRequest, header: string) => {
      const token = header.replace(/^bearer\s+/i, '').trim();
      const user = token ? await userForAccessToken(token) : null;
      if (!user) throw new HttpError(401, MESSAGES.unauthenticated);
      request.user = user;
      request.authVia = 'token';
    };
    const session = async (request: FastifyRequest, reply: FastifyReply, cookie: string) => {
      const user = await userForSession(cookie);
      if (user) {
        request.user = user;
        request.authVia = 'session';
      } else {
        // A stale cookie would otherwise be looked up on every request until it expires.
        reply.clearCookie(sessionCookie, sessionCookieOptions(request));
      }
    };

    // A callback hook: a visitor (no token, no session cookie) costs no promise and no database
    // round trip; only a request that carries credentials waits for their lookup.
    app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
      const header = request.headers.authorization;
      if (header && /^bearer\s+/i.test(header)) {
        bearer(request, header).then(() => done(), done);
        return;
      }
      const cookie = request.cookies[sessionCookie];
      if (!cookie) return done();
      session(request, reply, cookie).then(() => done(), done);
    });
  },
  { name: 'zema-auth', dependencies: ['@fastify/cookie'] },
);
