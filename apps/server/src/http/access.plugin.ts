import { type GuestRole, hasPermission, PERMISSIONS } from '@zema/contracts';
import type { FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { cachedGuestRole } from '#src/features/users/users.service';
import { HttpError, MESSAGES } from './errors';
import type { RouteAccess } from './types';

/** Every registered route and its access rule (the table-driven access test walks this list). */
export type GuardedRoute = { method: string; url: string; access: RouteAccess };

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
      for (const method of [route.method].flat()) guarded.push({ method, url: route.url, access });
    });

    app.addHook('onRequest', async (request) => {
      // The not-found handler has no route config; it reveals nothing and answers 404.
      if (request.is404) return;
      const access = request.routeOptions.config.access;
      if (!access) throw new HttpError(403, MESSAGES.unauthorized);
      const denied = await checkAccess(access, request.user, () => cachedGuestRole(app.db, app.cache));
      if (denied === 401) throw new HttpError(401, MESSAGES.unauthenticated);
      if (denied === 403) throw new HttpError(403, MESSAGES.unauthorized);
    });
  },
  { name: 'zema-access', dependencies: ['zema-auth', 'zema-csrf'] },
);
