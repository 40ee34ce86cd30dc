import type { User, WorkspaceRole } from '@zema/contracts';
import type { Operation } from '@zema/contracts/operation';

/**
 * Who may call a route. Every route must declare one (an undeclared route fails startup):
 * 'guest' = anyone, 'user' = logged in, 'admin' = permission admin.access, or a named permission
 * (or any one of several, `anyPermission`) checked against the user's permissions or, for
 * visitors, the guest role's.
 */
export type RouteAccess = Operation['access'];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /**
     * false = exempt from the XSRF check (signed webhooks); true = checked even on GET (a GET that
     * writes, e.g. SPEC §7's workspace join); otherwise POST, PUT, PATCH and DELETE are checked.
     */
    csrf?: boolean;
    /**
     * false = no XSRF cookie is issued on this route's answers (audio streams: a media element or
     * a phone app never echoes it, and setting it cost each stream request a random token and a
     * Set-Cookie header); see http/csrf.plugin.ts.
     */
    xsrfCookie?: boolean;
    /**
     * true = open to a signed-in user whose email is not verified yet while confirmation is
     * required (the verification screen's own calls); see http/access.plugin.ts.
     */
    allowUnverified?: boolean;
    /** The `@zema/contracts` operation this route registers (http/define-route.ts). */
    operation?: Operation;
  }
  interface FastifyRequest {
    /** The signed-in user (bootstrap shape), or null for visitors. */
    user: User | null;
    authVia: 'session' | 'token' | null;
    /** Active workspace from ?workspaceId (0 = personal), already checked by resolveWorkspace. */
    workspaceId: number;
    /** The caller's role in `workspaceId` (null for the personal workspace). */
    workspaceRole: WorkspaceRole | null;
  }
  interface FastifyInstance {
    guardedRoutes: readonly {
      method: string;
      url: string;
      access: RouteAccess;
      allowUnverified: boolean;
      operation?: Operation;
    }[];
  }
}
