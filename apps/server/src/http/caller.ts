import { XSRF_COOKIE } from '@zema/contracts';
import type { FastifyRequest } from 'fastify';
import type { BrowserRef, Caller } from '#src/lib/caller';
import { UnauthenticatedError } from '#src/lib/errors';
import { sha256Hex } from '#src/lib/tokens';
import { SESSION_COOKIE } from './cookies';

/** The signed-in caller of a route whose access rule already required a user. */
export function callerOf(request: FastifyRequest): Caller {
  const { user, authVia } = request;
  if (!user || !authVia) throw new UnauthenticatedError();
  const cookie = request.cookies[SESSION_COOKIE];
  return {
    user,
    via: authVia,
    sessionId: authVia === 'session' && cookie ? sha256Hex(cookie) : null,
    workspace: { id: request.workspaceId, role: request.workspaceRole },
  };
}

/** The browser a request came from: its XSRF cookie hashed and its address. */
export function browserOf(request: FastifyRequest): BrowserRef {
  const xsrf = request.cookies[XSRF_COOKIE];
  return { key: xsrf ? sha256Hex(xsrf) : null, ip: request.ip };
}

/** The signed-in admin of a route and the address they act from, for the audit log. */
export function actorOf(request: FastifyRequest) {
  const { user } = callerOf(request);
  return { user, ip: request.ip };
}
