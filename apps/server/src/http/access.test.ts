import { hasPermission, PERMISSIONS, type PermissionHolder } from '@zema/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_IDLE_LIFETIME_MS } from '#src/modules/identity/index';
import { personalAccessTokens, sessions } from '#src/modules/identity/tables';
import { loadGuestRole, loadUser } from '#src/modules/users/index';
import {
  adminUserId,
  buildTestApp,
  type Client,
  createUser,
  guest,
  request,
  sessionFor,
  tokenFor,
  useApp,
} from '#test/helpers';
import { accessPermissions, checkAccess } from './access.plugin';
import type { RouteAccess } from './types';

const t = useApp();
type Named = { name: string; actor: Client; holder: PermissionHolder | null };
let actors: Named[];

// Sample values for path parameters, so every route is reached past its param validation.
// `id` = 'me': users/:id answers 403 for someone else's id by design (an owner check beyond the
// route's access rule), and a numeric id could delete another actor's token mid-test.
const PARAM_SAMPLES: Record<string, string> = { names: 'timezones,countries', id: 'me' };

beforeAll(async () => {
  // One test-only route per kind of rule, so each branch is covered even before features use it.
  t.app.post('/api/v1/test/access/user', { config: { access: 'user' } }, async () => ({ ok: true }));
  t.app.delete('/api/v1/test/access/admin', { config: { access: 'admin' } }, async () => ({ ok: true }));
  t.app.get(
    '/api/v1/test/access/api',
    { config: { access: { permission: PERMISSIONS.apiAccess } } },
    async () => ({
      ok: true,
    }),
  );
  t.app.get(
    '/api/v1/test/access/music',
    { config: { access: { permission: PERMISSIONS.musicView } } },
    async () => ({
      ok: true,
    }),
  );

  const user = await createUser(t.db, { roles: ['users'] });
  const other = await createUser(t.db, { roles: [] });
  const admin = await adminUserId(t.db);
  actors = [
    { name: 'guest', actor: guest(), holder: await loadGuestRole(t.db) },
    { name: 'user', actor: await sessionFor(t.db, user.id), holder: await loadUser(t.db, user.id) },
    {
      name: 'other user (no roles)',
      actor: await sessionFor(t.db, other.id),
      holder: await loadUser(t.db, other.id),
    },
    { name: 'user via token', actor: await tokenFor(t.db, user.id), holder: await loadUser(t.db, user.id) },
    { name: 'admin', actor: await sessionFor(t.db, admin), holder: await loadUser(t.db, admin) },
  ];
});

function expectedStatus(access: RouteAccess, who: Named): 401 | 403 | 'allowed' {
  const loggedIn = who.name !== 'guest';
  if (access === 'guest') return 'allowed';
  if (access === 'user') return loggedIn ? 'allowed' : 401;
  const permissions = access === 'admin' ? [PERMISSIONS.adminAccess] : accessPermissions(access);
  if (permissions.some((permission) => hasPermission(who.holder, permission))) return 'allowed';
  return loggedIn ? 403 : 401;
}

describe('every API route answers according to its declared access', () => {
  it('covers the routes of this issue', () => {
    const urls = t.app.guardedRoutes.map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /api/v1/bootstrap-data',
        'GET /api/v1/value-lists/:names',
        'GET /api/v1/logs/error/download-latest',
        'GET /health',
        'GET /*',
      ]),
    );
    // Every admin list's CSV export is walked below with its list's permission.
    expect(urls).toEqual(
      expect.arrayContaining(
        [
          'users',
          'roles',
          'artists',
          'albums',
          'tracks',
          'genres',
          'channels',
          'audit-log',
          'mail-log',
          'contact-messages',
        ].map((list) => `GET /api/v1/admin/${list}/export`),
      ),
    );
  });

  // Every route × five callers, one request at a time: a long walk on a busy machine, not a slow one.
  it('as guest, user, other user, token user and admin', { timeout: 180_000 }, async () => {
    const routes = t.app.guardedRoutes.filter((r) => r.url.startsWith('/api/v1/') && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThanOrEqual(7);
    const failures: string[] = [];
    for (const route of routes) {
      const url = route.url.replace(/:(\w+)/g, (_, name: string) => PARAM_SAMPLES[name] ?? '1');
      for (const who of actors) {
        const res = await request(t.app, who.actor, { method: route.method as 'GET', url });
        const expected = expectedStatus(route.access, who);
        const ok =
          expected === 'allowed'
            ? res.statusCode !== 401 && res.statusCode !== 403
            : res.statusCode === expected;
        if (!ok)
          failures.push(`${route.method} ${url} as ${who.name}: expected ${expected}, got ${res.statusCode}`);
        if (expected === 401) expect(res.json()).toEqual({ message: 'Unauthenticated.' });
        if (expected === 403) expect(res.json()).toEqual({ message: 'This action is unauthorized.' });
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('routes behind a named permission', () => {
  it('let in a user holding only that permission, and refuse one holding only admin.access', {
    timeout: 180_000,
  }, async () => {
    const routes = t.app.guardedRoutes.filter(
      (r) => r.url.startsWith('/api/v1/') && r.method !== 'HEAD' && typeof r.access === 'object',
    );
    // The admin area's finer permissions are all here: one route each at least.
    const names = new Set(routes.flatMap((r) => accessPermissions(r.access)));
    for (const p of [
      'users.view',
      'users.update',
      'roles.update',
      'settings.update',
      'tracks.update',
      'logs.view',
    ])
      expect(names).toContain(p);
    const holders = new Map<string, Client>();
    const holder = async (name: string) => {
      if (!holders.has(name)) {
        const u = await createUser(t.db, { roles: [], permissions: [{ name }] });
        holders.set(name, await sessionFor(t.db, u.id));
      }
      return holders.get(name)!;
    };
    const areaOnly = await sessionFor(
      t.db,
      (await createUser(t.db, { roles: [], permissions: [{ name: PERMISSIONS.adminAccess }] })).id,
    );
    const failures: string[] = [];
    for (const route of routes) {
      const url = route.url.replace(/:(\w+)/g, (_, name: string) => PARAM_SAMPLES[name] ?? '1');
      // A rule naming several: each of them alone lets in.
      const permissions = accessPermissions(route.access);
      for (const permission of permissions) {
        const res = await request(t.app, await holder(permission), { method: route.method as 'GET', url });
        if (res.statusCode === 401 || res.statusCode === 403)
          failures.push(`${route.method} ${url} with only ${permission}: ${res.statusCode}`);
      }
      if (permissions.includes(PERMISSIONS.musicView) || permissions.includes(PERMISSIONS.apiAccess))
        continue;
      const denied = await request(t.app, areaOnly, { method: route.method as 'GET', url });
      if (denied.statusCode !== 403)
        failures.push(`${route.method} ${url} with only admin.access: ${denied.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('access rules', () => {
  it('a route without config.access fails startup', async () => {
    const other = await buildTestApp();
    try {
      expect(() => other.app.get('/api/v1/test/unguarded', async () => ({ leaked: true }))).toThrow(
        /must declare config\.access/,
      );
      expect(() =>
        other.app.get('/api/v1/test/typo', { config: { access: 'everyone' as never } }, async () => ({})),
      ).toThrow(/must declare config\.access/);
      // Routes of a feature plugin: the app refuses to become ready.
      other.app.register(async (feature) => {
        feature.post('/api/v1/test/in-plugin', async () => ({}));
      });
      await expect(other.app.ready()).rejects.toThrow(/POST \/api\/v1\/test\/in-plugin must declare/);
    } finally {
      await other.close();
    }
  });

  it('follows the guest role for visitors (SPEC §6)', async () => {
    const guestRole = { permissions: [{ name: 'music.view', restrictions: [] }] };
    const noUser = null;
    expect(
      await checkAccess({ permission: 'music.view' }, noUser, async () => guestRole as never),
    ).toBeNull();
    expect(await checkAccess({ permission: 'api.access' }, noUser, async () => guestRole as never)).toBe(401);
    expect(await checkAccess('admin', noUser, async () => guestRole as never)).toBe(401);
  });

  it('lets a permission named admin grant everything', async () => {
    const superUser = { permissions: [{ id: 1, name: 'admin', restrictions: [] }] };
    expect(
      await checkAccess({ permission: 'anything.at.all' }, superUser as never, async () => null),
    ).toBeNull();
    expect(await checkAccess('admin', superUser as never, async () => null)).toBeNull();
  });

  it('loses access when the session expires', async () => {
    const user = await createUser(t.db);
    const actor = await sessionFor(t.db, user.id);
    const call = () => request(t.app, actor, { method: 'POST', url: '/api/v1/test/access/user' });
    expect((await call()).statusCode).toBe(200);
    // Two idle hours later (no remember-me), the session cached a moment ago has ended too.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + SESSION_IDLE_LIFETIME_MS + 1000 });
    try {
      expect((await call()).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('loses access at once when the session is ended (logged out elsewhere)', async () => {
    const user = await createUser(t.db);
    const actor = await sessionFor(t.db, user.id);
    const call = () => request(t.app, actor, { method: 'POST', url: '/api/v1/test/access/user' });
    expect((await call()).statusCode).toBe(200);
    const [row] = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id));
    await t.db.delete(sessions).where(eq(sessions.id, row!.id));
    await t.app.deps.events.emit('sessions.ended', { sessionId: row!.id });
    expect((await call()).statusCode).toBe(401);
  });

  it('records last_used_at of a personal access token', async () => {
    const user = await createUser(t.db);
    const api = await tokenFor(t.db, user.id);
    const before = await t.db
      .select()
      .from(personalAccessTokens)
      .where(eq(personalAccessTokens.userId, user.id));
    expect(before[0]!.lastUsedAt).toBeNull();
    const res = await request(t.app, api, { method: 'POST', url: '/api/v1/test/access/user' });
    expect(res.statusCode).toBe(200);
    const after = await t.db
      .select()
      .from(personalAccessTokens)
      .where(eq(personalAccessTokens.userId, user.id));
    expect(after[0]!.lastUsedAt).toBeInstanceOf(Date);
    expect(after[0]!.tokenHash).not.toContain(api.token.split('|')[1]);
  });
});
