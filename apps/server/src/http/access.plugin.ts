import { type GuestRole, hasPermission, msg, PERMISSIONS } from '@zema/contracts';
import type { Operation } from '@zema/contracts/operation';
import type { FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '#src/lib/errors';
import { HttpError } from './errors';
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

export const UNVERIFIED_MESSAGE = msg('Verify your email address to continue.');
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

type MaybePromise<T> = T | Promise<T>;
const isPromise = <T>(value: MaybePromise<T>): value is Promise<T> =>
  typeof (value as { then?: unknown } | null)?.then === 'function';

/** What the access check needs from the rest of the app (it imports no feature). */
export type AccessOptions = {
  /** The guest role; synchronously when it is at hand, so a visitor's check needs no promise. */
  guestRole: () => MaybePromise<GuestRole | null>;
  /** Whether accounts must verify their email before doing more than a visitor may. */
  emailConfirmationRequired: () => Promise<boolean>;
  /**
   * Whether the workspace a request names gives a signed-in user a permission their own roles
   * lack (a team member uses the team's backstage without `backstage.access` of their own).
   * Asked only after the user's own permissions said no; the workspace plugin still checks the
   * membership, and the services the role, afterwards.
   */
  grantedByWorkspace?: (request: FastifyRequest, permission: string) => Promise<boolean>;
};

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
  guestRole: () => MaybePromise<GuestRole | null>,
): Promise<boolean> {
  if (route.access === 'guest' || route.allowUnverified) return true;
  if (!SAFE_METHODS.has(route.method) || route.access === 'user') return false;
  const role = await guestRole();
  return accessPermissions(route.access).some((permission) => hasPermission(role, permission));
}

/**
 * The permissions a rule names, any one of which lets a caller in: admin.access for 'admin', the
 * named one or several; none for 'guest' and 'user'.
 */
export function accessPermissions(access: RouteAccess): readonly string[] {
  if (access === 'guest' || access === 'user') return [];
  if (access === 'admin') return [PERMISSIONS.adminAccess];
  return 'permission' in access ? [access.permission] : access.anyPermission;
}

export class UnguardedRouteError extends Error {
  override name = 'UnguardedRouteError';
}

export function isValidAccess(access: unknown): access is RouteAccess {
  if (access === 'guest' || access === 'user' || access === 'admin') return true;
  if (typeof access !== 'object' || access === null) return false;
  const { permission, anyPermission } = access as { permission?: unknown; anyPermission?: unknown };
  if (typeof permission === 'string') return true;
  return (
    Array.isArray(anyPermission) &&
    anyPermission.length > 0 &&
    anyPermission.every((p) => typeof p === 'string')
  );
}

/**
 * Decides an access rule for a request: null = allowed, otherwise the status to answer. The
 * answer is synchronous unless the guest role has to be loaded.
 */
export function checkAccess(
  access: RouteAccess,
  user: FastifyRequest['user'],
  guestRole: () => MaybePromise<GuestRole | null>,
): MaybePromise<401 | 403 | null> {
  if (access === 'guest') return null;
  if (access === 'user') return user ? null : 401;
  const permissions = accessPermissions(access);
  if (user) return permissions.some((p) => hasPermission(user, p)) ? null : 403;
  // Visitors hold the guest role's permissions (SPEC §6); without it, logging in may help.
  const decide = (role: GuestRole | null) => (permissions.some((p) => hasPermission(role, p)) ? null : 401);
  const role = guestRole();
  return isPromise(role) ? role.then(decide) : decide(role);
}

/**
 * One access check for every route. A route without `config.access` makes startup fail, so
 * nothing ships unguarded by accident.
 */
export const accessPlugin = fp<AccessOptions>(
  async (app, { guestRole, emailConfirmationRequired, grantedByWorkspace }) => {
    const guarded: GuardedRoute[] = [];
    app.decorate('guardedRoutes', guarded);
    app.addHook('onRoute', (route: RouteOptions) => {
      const access = (route.config as { access?: unknown } | undefined)?.access;
      if (!isValidAccess(access)) {
        throw new UnguardedRouteError(
          `Route ${String(route.method)} ${route.url} must declare config.access ('guest', 'user', 'admin', {permission} or {anyPermission}).`,
        );
      }
      const config = route.config as { allowUnverified?: unknown; operation?: Operation };
      const allowUnverified = config.allowUnverified === true;
      for (const method of [route.method].flat())
        guarded.push({ method, url: route.url, access, allowUnverified, operation: config.operation });
    });

    const unverified = async (request: FastifyRequest, access: RouteAccess) => {
      const route = {
        method: request.method,
        access,
        allowUnverified: request.routeOptions.config.allowUnverified,
      };
      if (!(await unverifiedMayCall(route, guestRole)) && (await emailConfirmationRequired()))
        throw new HttpError(403, UNVERIFIED_MESSAGE);
    };
    const enforce = (request: FastifyRequest, access: RouteAccess, denied: 401 | 403 | null) => {
      if (denied === 401) throw new HttpError(401, MESSAGES.unauthenticated);
      if (denied === 403) throw new HttpError(403, MESSAGES.unauthorized);
      if (request.user && !request.user.email_verified_at) return unverified(request, access);
    };

    // A callback hook that decides synchronously when it can (every visitor once the guest role is
    // cached, every verified user): the check stays on every route without a promise per request.
    app.addHook('onRequest', (request, _reply, done) => {
      // The not-found handler has no route config; it reveals nothing and answers 404.
      if (request.is404) return done();
      const access = request.routeOptions.config.access;
      if (!access) return done(new HttpError(403, MESSAGES.unauthorized));
      let denied = checkAccess(access, request.user, guestRole);
      if (denied === 403 && grantedByWorkspace && typeof access === 'object') {
        const asked = accessPermissions(access);
        denied = (async () => {
          for (const permission of asked) if (await grantedByWorkspace(request, permission)) return null;
          return 403 as const;
        })();
      }
      const enforced = isPromise(denied)
        ? denied.then((d) => enforce(request, access, d))
        : enforce(request, access, denied);
      if (isPromise(enforced)) enforced.then(() => done(), done);
      else done();
    });
  },
  { name: 'zema-access', dependencies: ['zema-auth', 'zema-csrf'] },
);
