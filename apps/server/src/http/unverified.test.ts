import { hasPermission, PERMISSIONS } from '@zema/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGuestRole } from '#src/modules/users/index';
import { type Client, createUser, request, sessionFor, tokenFor, useApp } from '#test/helpers';
import { accessPermissions, type GuardedRoute, UNVERIFIED_MESSAGE } from './access.plugin';

// Email confirmation is required (the default) and the user has not verified their address:
// the server refuses everything but what a visitor may do and the verification screen's calls.

const t = useApp();
let unverifiedId: number;
let guestRolePermits: (permission: string) => boolean;

// Path parameters that get every route past its own parameter validation.
const PARAM_SAMPLES: Record<string, string> = {
  id: 'me',
  names: 'timezones,countries',
  type: 'track',
  service: 'google',
};
const urlOf = (route: GuardedRoute) =>
  route.url.replace(/:(\w+)/g, (_, name: string) => PARAM_SAMPLES[name] ?? '1').replace(/\*$/, 'x');

/**
 * The routes the verification screen needs beyond what visitors may call (SPEC §2, §7): the code,
 * its resend, the current user, and putting a mistyped address right (an email change, which
 * asks for the password and verifies the new address with a code of its own).
 */
const VERIFICATION_SCREEN_ROUTES = [
  'GET /api/v1/users/:id',
  'GET /auth/user/confirmed-password-status',
  'HEAD /api/v1/users/:id',
  'HEAD /auth/user/confirmed-password-status',
  // The "Log in as" banner sits above the verification screen: the admin can always go back.
  'POST /api/v1/admin/impersonation/stop',
  'POST /api/v1/resend-email-verification',
  'POST /api/v1/users/me/email',
  'POST /api/v1/users/me/email/confirm',
  'POST /api/v1/validate-email-verification-otp',
  'POST /auth/user/confirm-password',
];

/** The rule, stated independently of the plugin: visitor's calls + the screen's own. */
function expectedAllowed(route: GuardedRoute): boolean {
  if (route.access === 'guest' || route.allowUnverified) return true;
  if (route.method !== 'GET' && route.method !== 'HEAD') return false;
  if (route.access === 'user') return false;
  const permissions = route.access === 'admin' ? [PERMISSIONS.adminAccess] : accessPermissions(route.access);
  return permissions.some((permission) => guestRolePermits(permission));
}

const isVerificationRefusal = (res: { statusCode: number; body: string }) =>
  res.statusCode === 403 && res.body === JSON.stringify({ message: UNVERIFIED_MESSAGE });

beforeAll(async () => {
  await t.app.deps.settings.set('require_email_confirmation', true);
  // An admin, so no route refuses it for want of a permission: only the email can stop it.
  unverifiedId = (await createUser(t.db, { verified: false, roles: ['users', 'admin'] })).id;
  const guestRole = await loadGuestRole(t.db);
  guestRolePermits = (permission) => hasPermission(guestRole, permission);
});

describe('an account with an unverified email while confirmation is required', () => {
  it('has exactly the verification screen routes on its allow-list', () => {
    const listed = t.app.guardedRoutes.filter((r) => r.allowUnverified).map((r) => `${r.method} ${r.url}`);
    expect(listed.sort()).toEqual(VERIFICATION_SCREEN_ROUTES);
  });

  it('is refused every other route with 403, table-driven over every registered route', async () => {
    const routes = t.app.guardedRoutes.filter((r) => r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(50);
    const wrong: string[] = [];
    let refused = 0;
    for (const route of routes) {
      // A fresh session for each call: some allowed calls (logout, login) end the one they came with.
      const actor = await sessionFor(t.db, unverifiedId);
      const res = await request(t.app, actor, { method: route.method as 'GET', url: urlOf(route) });
      const allowed = expectedAllowed(route);
      if (!allowed) refused += 1;
      if (allowed === isVerificationRefusal(res))
        wrong.push(
          `${route.method} ${route.url}: expected ${allowed ? 'allowed' : '403'}, got ${res.statusCode}`,
        );
    }
    expect(wrong).toEqual([]);
    expect(refused).toBeGreaterThan(20);
    // Some 200 routes one after another: room for a runner whose cores are busy.
  }, 180_000);

  it('cannot create playlists, tokens or likes through the API (cookie or token); can read the catalogue', async () => {
    const actors: Client[] = [await sessionFor(t.db, unverifiedId), await tokenFor(t.db, unverifiedId)];
    for (const actor of actors) {
      for (const [method, url, payload] of [
        ['POST', '/api/v1/playlists', { name: 'Sneaky' }],
        ['POST', '/api/v1/access-tokens', { tokenName: 'sneaky' }],
        ['PUT', '/api/v1/me/likes/track/1', undefined],
        ['PUT', '/api/v1/users/me', { first_name: 'Sneaky' }],
      ] as const) {
        const res = await request(t.app, actor, { method, url, ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toEqual({ message: UNVERIFIED_MESSAGE });
      }
      expect((await request(t.app, actor, { method: 'GET', url: '/api/v1/users/me' })).statusCode).toBe(200);
      expect((await request(t.app, actor, { method: 'GET', url: '/api/v1/bootstrap-data' })).statusCode).toBe(
        200,
      );
      if (guestRolePermits(PERMISSIONS.musicView))
        expect(
          (await request(t.app, actor, { method: 'GET', url: '/api/v1/search?query=a' })).statusCode,
        ).toBe(200);
    }
  });

  it('may use the API like anyone once the email is verified, or when confirmation is not required', async () => {
    const create = async (userId: number) =>
      request(t.app, await sessionFor(t.db, userId), {
        method: 'POST',
        url: '/api/v1/playlists',
        payload: { name: 'Mine' },
      });
    const verified = await createUser(t.db);
    expect((await create(verified.id)).statusCode).toBe(200);
    await t.app.deps.settings.set('require_email_confirmation', false);
    try {
      expect((await create(unverifiedId)).statusCode).toBe(200);
    } finally {
      await t.app.deps.settings.set('require_email_confirmation', true);
    }
    expect(isVerificationRefusal(await create(unverifiedId))).toBe(true);
  });
});
