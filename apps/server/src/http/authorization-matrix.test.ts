import { PERMISSIONS } from '@zema/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { workspaceMembers, workspaces } from '#src/modules/workspaces/tables';
import { type Client, createUser, guest, request, sessionFor, tokenFor, useApp } from '#test/helpers';
import { accessPermissions } from './access.plugin';

/**
 * RELIABILITY "Access control", the workspace columns of the matrix (access.test.ts has guest,
 * user, other user, token user, admin and the single-permission holder). A request names its
 * workspace with `?workspaceId=` (SPEC §4, §7; http/workspace.plugin.ts) on any route, and the
 * workspace routes take it as `:id`: a member acts there, a non-member's id is refused before any
 * handler runs, whatever the route. The walk is generated from `app.guardedRoutes`, so a route added
 * tomorrow is in it without editing this file.
 */
const t = useApp();

const UNAUTHORIZED = { message: 'This action is unauthorized.' };
// As in access.test.ts: `id` = 'me' keeps users/:id on the caller; the workspace routes get the
// workspace's own id below.
const PARAM_SAMPLES: Record<string, string> = { names: 'timezones,countries', id: 'me' };

let workspaceId = 0;
let owner: Client;
let member: Client;
let memberId = 0;
let stranger: Client;
let strangerToken: Client;

const apiRoutes = () =>
  t.app.guardedRoutes.filter((r) => r.url.startsWith('/api/v1/') && r.method !== 'HEAD');
const fill = (url: string) => url.replace(/:(\w+)/g, (_, name: string) => PARAM_SAMPLES[name] ?? '1');
const withWorkspace = (url: string) => `${url}${url.includes('?') ? '&' : '?'}workspaceId=${workspaceId}`;

beforeAll(async () => {
  // A test-only route that shows what a handler is told about the workspace.
  t.app.post('/api/v1/test/matrix/workspace', { config: { access: 'user' } }, async (req) => ({
    id: req.workspaceId,
    role: req.workspaceRole,
  }));
  const ownerUser = await createUser(t.db, { roles: ['users'] });
  const memberUser = await createUser(t.db, { roles: ['users'] });
  const strangerUser = await createUser(t.db, { roles: ['users'] });
  memberId = memberUser.id;
  owner = await sessionFor(t.db, ownerUser.id);
  member = await sessionFor(t.db, memberUser.id);
  stranger = await sessionFor(t.db, strangerUser.id);
  strangerToken = await tokenFor(t.db, strangerUser.id);
  const created = await request(t.app, owner, {
    method: 'POST',
    url: '/api/v1/workspaces',
    payload: { name: 'Matrix team' },
  });
  expect(created.statusCode, created.body).toBe(200);
  workspaceId = (created.json() as { workspace: { id: number } }).workspace.id;
  await t.db.insert(workspaceMembers).values({ workspaceId, userId: memberUser.id, role: 'editor' });
});

describe('the workspace a request names (?workspaceId)', () => {
  it('is refused to a non-member with 403 on every API route, by cookie or token, before the handler', {
    timeout: 180_000,
  }, async () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(100);
    const failures: string[] = [];
    for (const route of routes) {
      const url = withWorkspace(fill(route.url));
      for (const [name, who] of [
        ['non-member', stranger],
        ['non-member via token', strangerToken],
      ] as const) {
        const res = await request(t.app, who, { method: route.method as 'GET', url });
        if (res.statusCode !== 403 || res.body !== JSON.stringify(UNAUTHORIZED))
          failures.push(`${route.method} ${url} as ${name}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    // Nothing a refused call could have done happened: the workspace and its members are as they were.
    const [ws] = await t.db.select().from(workspaces).where(eq(workspaces.id, workspaceId));
    expect(ws?.name).toBe('Matrix team');
    const members = await t.db
      .select()
      .from(workspaceMembers)
      .where(eq(workspaceMembers.workspaceId, workspaceId));
    expect(members).toHaveLength(2);
  });

  it('is never answered with a visitor’s access: a guest naming it gets 401 or 403 on every route', {
    timeout: 120_000,
  }, async () => {
    const failures: string[] = [];
    for (const route of apiRoutes()) {
      const url = withWorkspace(fill(route.url));
      const res = await request(t.app, guest(), { method: route.method as 'GET', url });
      if (res.statusCode !== 401 && res.statusCode !== 403)
        failures.push(`${route.method} ${url} as guest: ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('lets a member in: no read refuses a member there that lets them in at home', {
    timeout: 120_000,
  }, async () => {
    const failures: string[] = [];
    // Reads only: a write called twice (with and without the workspace) would answer differently
    // for its own reasons. The writes are walked by the non-member test and the echo route below.
    for (const route of apiRoutes().filter((r) => r.method === 'GET')) {
      const url = fill(route.url);
      const home = await request(t.app, member, { url });
      const there = await request(t.app, member, { url: withWorkspace(url) });
      // A workspace answers its own content, but never refuses a member where home lets them in.
      const refusedThere = there.statusCode === 401 || there.statusCode === 403;
      const refusedHome = home.statusCode === 401 || home.statusCode === 403;
      // The one thing a workspace adds: its members use the team's backstage by their workspace
      // role (app.ts grantedByWorkspace), so those routes may let in there what home refuses.
      const grantedThere =
        refusedHome && !refusedThere && accessPermissions(route.access).includes(PERMISSIONS.backstageAccess);
      if ((refusedThere !== refusedHome && !grantedThere) || there.statusCode >= 500)
        failures.push(`GET ${url}: ${home.statusCode} at home, ${there.statusCode} in the workspace`);
    }
    expect(failures).toEqual([]);
  });

  it('reaches the handler with the checked id and the member’s role; the owner’s is owner', async () => {
    const url = withWorkspace('/api/v1/test/matrix/workspace');
    const asMember = await request(t.app, member, { method: 'POST', url });
    expect(asMember.json()).toEqual({ id: workspaceId, role: 'editor' });
    const asOwner = await request(t.app, owner, { method: 'POST', url });
    expect(asOwner.json()).toEqual({ id: workspaceId, role: 'owner' });
    const asStranger = await request(t.app, stranger, { method: 'POST', url });
    expect(asStranger.statusCode).toBe(403);
  });

  it('is refused at once to a member who was removed', async () => {
    const url = withWorkspace('/api/v1/test/matrix/workspace');
    const removed = await createUser(t.db, { roles: ['users'] });
    const client = await sessionFor(t.db, removed.id);
    await t.db.insert(workspaceMembers).values({ workspaceId, userId: removed.id, role: 'viewer' });
    expect((await request(t.app, client, { method: 'POST', url })).statusCode).toBe(200);
    await t.db
      .delete(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, removed.id)));
    expect((await request(t.app, client, { method: 'POST', url })).statusCode).toBe(403);
  });
});

describe('the workspace routes (/workspaces/:id/…)', () => {
  it('never answer a non-member with success, nor change anything, on any of them', async () => {
    const routes = apiRoutes().filter((r) => r.url.startsWith('/api/v1/workspaces/:id'));
    expect(routes.length).toBeGreaterThanOrEqual(10);
    const failures: string[] = [];
    for (const route of routes) {
      const url = route.url
        .replace(':id', String(workspaceId))
        .replace(':userId', String(memberId))
        .replace(/:(\w+)/g, '1');
      for (const [name, who] of [
        ['non-member', stranger],
        ['non-member via token', strangerToken],
      ] as const) {
        const res = await request(t.app, who, {
          method: route.method as 'GET',
          url,
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        });
        // 403, or 404 where the workspace's existence is not the stranger's business; 422 only for a
        // body refused before the membership is looked up.
        if (![403, 404, 422].includes(res.statusCode))
          failures.push(`${route.method} ${url} as ${name}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    const [ws] = await t.db.select().from(workspaces).where(eq(workspaces.id, workspaceId));
    expect(ws).toMatchObject({ name: 'Matrix team' });
    const members = await t.db
      .select()
      .from(workspaceMembers)
      .where(eq(workspaceMembers.workspaceId, workspaceId));
    expect(members.map((m) => m.role).sort()).toEqual(['editor', 'owner']);
  });

  it('answer a member and the owner, and refuse the member what only the owner may do', async () => {
    const url = `/api/v1/workspaces/${workspaceId}`;
    expect((await request(t.app, member, { url })).statusCode).toBe(200);
    expect((await request(t.app, owner, { url })).statusCode).toBe(200);
    expect((await request(t.app, stranger, { url })).statusCode).toBeOneOf([403, 404]);
    const del = await request(t.app, member, { method: 'DELETE', url });
    expect(del.statusCode).toBe(403);
    expect((await request(t.app, owner, { url })).statusCode).toBe(200);
  });
});
