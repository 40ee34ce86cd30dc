import { type User, type WorkspaceRole, XSRF_COOKIE } from '@zema/contracts';
import type { FastifyRequest } from 'fastify';
import { sha256Hex } from '#src/lib/tokens';
import { SESSION_COOKIE } from './cookies';
import { HttpError } from './errors';

/**
 * Who is calling, as a service needs it: plain values a route takes from the request, so services
 * never see a request (decision 0019) and can be called from a script or a job with a caller made
 * up there.
 */
export interface Caller {
  /** The signed-in user (bootstrap shape: roles and permissions). */
  user: User;
  /** How they signed in: a browser session cookie or a personal access token. */
  via: 'session' | 'token';
  /** The browser session's id (sha256 of its cookie, = sessions.id); null for a token. */
  sessionId: string | null;
  /**
   * The active workspace the request named (`?workspaceId`, membership already checked by the
   * workspace plugin) and the caller's role there; id 0 and role null = the personal workspace.
   */
  workspace: { id: number; role: WorkspaceRole | null };
}

/** The signed-in caller of a route whose access rule already required a user. */
export function callerOf(request: FastifyRequest): Caller {
  const { user, authVia } = request;
  if (!user || !authVia) throw new HttpError(401, 'Unauthenticated.');
  const cookie = request.cookies[SESSION_COOKIE];
  return {
    user,
    via: authVia,
    sessionId: authVia === 'session' && cookie ? sha256Hex(cookie) : null,
    workspace: { id: request.workspaceId, role: request.workspaceRole },
  };
}

/**
 * The browser a request came from, for checks that are per browser rather than per account
 * (human verification): its XSRF cookie hashed, which every POST carries, and its address.
 */
export interface BrowserRef {
  key: string | null;
  ip: string;
}

export function browserOf(request: FastifyRequest): BrowserRef {
  const xsrf = request.cookies[XSRF_COOKIE];
  return { key: xsrf ? sha256Hex(xsrf) : null, ip: request.ip };
}

/** The signed-in admin of a route and the address they act from, for the audit log. */
export function actorOf(request: FastifyRequest) {
  const { user } = callerOf(request);
  return { user, ip: request.ip };
}
