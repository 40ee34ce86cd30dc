import { type GuestRole, hasPermission, PERMISSIONS } from '@zema/contracts';
import type { Operation } from '@zema/contracts/operation';
import type { FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { cachedGuestRole } from '#src/features/users/users.service';
import { HttpError, MESSAGES } from './errors';
import type { RouteAccess } from './types';

/** Every registered route and its access rule (the table-driven access test walks this list). */
export type GuardedRoute = {
  method: string;
  url: string;
  access: RouteAccess;
  allowUnverified: boolean;
  /** The `@zema/contracts` operation the route registers (http/define-route.ts), if any. */
  operation?: Operation;
};

export const UNVERIFIED_MESSAGE = 'Verify your email address to continue.';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * What a signed-in user whose email is not verified may do while email confirmation is required
 * (SPEC §2: the web app then shows only the verification screen). Such an account may do what a
 * visitor may: every `guest` route (bootstrap data, logout, login as someone else, the pages and
 * files of the app) and reads whose permission the guest role holds (the public catalogue, so
 * music that was playing goes on); plus the routes marked `allowUnverified` (resend the code,
 * check the code, the current user). Everything else — creating playlists, tokens, likes,
 * changing the account, even reads that need the account — answers 403 until the email is
 * verified.
 */
export async function unverifiedMayCall(
  route: { method: string; access: RouteAccess; allowUnverified?: boolean },
  guestRole: () => Promise<GuestRole | null>,
): Promise<boolean> {
  if (route.access === 'guest' || route.allowUnverified) return true;
  if (!SAFE_METHODS.has(route.method) || route.access === 'user') return false;
  const permission = route.access === 'admin' ? PERMISSIONS.adminAccess : route.access.permission;
  return hasPermission(await guestRole(), permission);
}

export class UnguardedRouteError extends Error {
  override name = 'UnguardedRouteError';
}

export function isValidAccess(access: unknown): access is RouteAccess {
  if (access === 'guest' || access === 'user' || access === 'admin') return true;
  return (
    typeof access === 'object' &&
    access !== null &&
    typeof (access as { permission?: unknown }).permission === 'string'
  );
}

/** Decides an access rule for a request: null = allowed, otherwise the status to answer. */
export async function checkAccess(
  access: RouteAccess,
  user: FastifyRequest['user'],
  guestRole: () => Promise<GuestRole | null>,
): Promise<401 | 403 | null> {
  if (access === 'guest') return null;
  if (access === 'user') return user ? null : 401;
  const permission = access === 'admin' ? PERMISSIONS.adminAccess : access.permission;
  if (user) return hasPermission(user, permission) ? null : 403;
  // Visitors hold the guest role's permissions (SPEC §6); without it, logging in may help.
  return hasPermission(await guestRole(), permission) ? null : 401;
}

/**
 * One access check for every route. A route without `config.access` makes startup fail, so
 * nothing ships unguarded by accident.
 */
export const accessPlugin = fp(
  async (app) => {
    const guarded: GuardedRoute[] = [];
    app.decorate('guardedRoutes', guarded);
    app.addHook('onRoute', (route: RouteOptions) => {
      const access = (route.config as { access?: unknown } | undefined)?.access;
      if (!isValidAccess(access)) {
        throw new UnguardedRouteError(
          `Route ${String(route.method)} ${route.url} must declare config.access ('guest', 'user', 'admin' or {permission}).`,
        );
      }
      const config = route.config as { allowUnverified?: unknown; operation?: Operation };
      const allowUnverified = config.allowUnverified === true;
      for (const method of [route.method].flat())
        guarded.push({ method, url: route.url, access, allowUnverified, operation: config.operation });
    });

    app.addHook('onRequest', async (request) => {
      // The not-found handler has no route config; it reveals nothing and answers 404.
      if (request.is404) return;
      const access = request.routeOptions.config.access;
      if (!access) throw new HttpError(403, MESSAGES.unauthorized);
      const guestRole = () => cachedGuestRole(app.db, app.cache);
      const denied = await checkAccess(access, request.user, guestRole);
      if (denied === 401) throw new HttpError(401, MESSAGES.unauthenticated);
      if (denied === 403) throw new HttpError(403, MESSAGES.unauthorized);
      if (request.user && !request.user.email_verified_at) {
        const route = {
          method: request.method,
          access,
          allowUnverified: request.routeOptions.config.allowUnverified,
        };
        if (
          !(await unverifiedMayCall(route, guestRole)) &&
          (await app.settings.getClientSettings()).require_email_confirmation
        )
          throw new HttpError(403, UNVERIFIED_MESSAGE);
      }
    });
  },
  { name: 'zema-access', dependencies: ['zema-auth', 'zema-csrf'] },
);
