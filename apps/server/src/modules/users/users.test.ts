import { PERMISSION_CATALOGUE } from '@zema/contracts/admin';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessPermissions } from '#src/http/access.plugin';
import { auditLog } from '#src/modules/audit/tables';
import { createAccessToken } from '#src/modules/identity/index';
import { personalAccessTokens, sessions } from '#src/modules/identity/tables';
import { permissions, users } from '#src/modules/users/tables';
import {
  adminUserId,
  Client,
  createUser,
  sessionFor,
  TEST_ADMIN_EMAIL,
  TEST_ADMIN_PASSWORD,
  uniqueSuffix,
  useApp,
} from '#test/helpers';

const t = useApp();
let admin: Client;
let adminId: number;
const tag = `lst${uniqueSuffix().replace(/[^a-z0-9]/g, '')}`;

beforeAll(async () => {
  adminId = await adminUserId(t.db);
  admin = new Client(t.app);
  const res = await admin.post('/auth/login', { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD });
  expect(res.statusCode).toBe(200);
  // 30 users of this file: names and emails sort in a known order, every third unverified.
  for (let i = 0; i < 30; i++) {
    const n = String(i).padStart(2, '0');
    await createUser(t.db, {
      email: `${tag}-${n}@example.test`,
      firstName: `${tag} ${String.fromCharCode(122 - i)}`,
      lastName: 'Listed',
      verified: i % 3 !== 0,
    });
  }
});

describe('the permission catalogue', () => {
  it('is seeded: every permission the app knows exists in the database', async () => {
    const rows = await t.db.select({ name: permissions.name, group: permissions.group }).from(permissions);
    for (const p of PERMISSION_CATALOGUE) expect(rows).toContainEqual({ name: p.name, group: p.group });
  });

  it('names every permission a route asks for', async () => {
    const known = new Set(PERMISSION_CATALOGUE.map((p) => p.name));
    for (const route of t.app.guardedRoutes) {
      if (typeof route.access === 'object')
        for (const permission of accessPermissions(route.access))
          expect(known, `${route.method} ${route.url}`).toContain(permission);
    }
  });
});

describe('GET api/v1/admin/users (the list contract)', () => {
  const list = async (qs: string) => {
    const res = await admin.get(`/api/v1/admin/users?query=${tag}&${qs}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      data: { email: string; display_name: string }[];
      total: number;
      last_page: number;
    };
  };

  it('searches, pages and reports totals', async () => {
    const page1 = await list('perPage=10&sort=email&order=asc');
    expect(page1.total).toBe(30);
    expect(page1.last_page).toBe(3);
    expect(page1.data.map((u) => u.email)).toEqual(
      Array.from({ length: 10 }, (_, i) => `${tag}-${String(i).padStart(2, '0')}@example.test`),
    );
    const page3 = await list('perPage=10&page=3&sort=email&order=asc');
    expect(page3.data[9]!.email).toBe(`${tag}-29@example.test`);
  });

  it('sorts on a non-key column both ways', async () => {
    const asc = await list('perPage=100&sort=display_name&order=asc');
    const desc = await list('perPage=100&sort=display_name&order=desc');
    // First names run z, y, x… as the emails count up: ascending by name = descending by email.
    expect(asc.data[0]!.email).toBe(`${tag}-29@example.test`);
    expect(desc.data[0]!.email).toBe(`${tag}-00@example.test`);
  });

  it('filters (verified, created between) and combines with the search', async () => {
    expect((await list('verified=false')).total).toBe(10);
    expect((await list('verified=true')).total).toBe(20);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`created_from=${today}&created_to=${today}`)).total).toBe(30);
    expect((await list('created_to=2000-01-01')).total).toBe(0);
  });

  it('refuses bad parameters with field errors, never a 500', async () => {
    for (const qs of [
      'sort=password_hash',
      'order=sideways',
      'perPage=1000',
      'verified=maybe',
      'created_from=2026-02-30',
      'page=0',
    ]) {
      const res = await admin.get(`/api/v1/admin/users?${qs}`);
      expect(res.statusCode, qs).toBe(422);
      expect(Object.keys(res.json().errors).length, qs).toBeGreaterThan(0);
    }
  });

  it('exports the whole filter as CSV', async () => {
    const res = await admin.get(`/api/v1/admin/users/export?query=${tag}&verified=false&sort=email`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,email,name,roles,verified,two_factor,suspended,last_login_at,created_at');
    expect(lines).toHaveLength(11);
    expect(lines[1]).toContain(`${tag}-00@example.test`);
  });
});

describe('creating, editing and deleting users', () => {
  it('creates a user with a role and an invitation mail; audits it', async () => {
    const email = `new-${uniqueSuffix()}@example.test`;
    const res = await admin.post('/api/v1/admin/users', {
      email,
      first_name: 'New',
      send_invitation: true,
      roles: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    const user = res.json().user;
    expect(user.email).toBe(email);
    // No role chosen: the default role, as registration gives.
    expect(user.roles.map((r: { name: string }) => r.name)).toEqual(['Users']);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.targetLabel, email));
    expect(entry).toMatchObject({ action: 'user.create', actorId: adminId, targetType: 'user' });
    expect(JSON.stringify(entry!.after)).not.toMatch(/hash/i);
  });

  it('answers field errors for a taken email and unknown roles or permissions; nothing half-saved', async () => {
    const other = await createUser(t.db);
    const taken = await admin.post('/api/v1/admin/users', { email: other.email });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.email).toBeDefined();
    const bad = await admin.send('PUT', `/api/v1/admin/users/${other.id}`, {
      first_name: 'Changed',
      permissions: [{ name: 'no.such.permission', restrictions: [] }],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.permissions).toBeDefined();
    const [row] = await t.db.select({ first: users.firstName }).from(users).where(eq(users.id, other.id));
    expect(row!.first).toBe('Test');
  });

  it('edits details, roles and direct permissions, which apply at once', async () => {
    const u = await createUser(t.db, { roles: ['users'] });
    const client = await sessionFor(t.db, u.id);
    expect((await client.inject({ method: 'GET', url: '/api/v1/admin/users' }, t.app)).statusCode).toBe(403);
    const res = await admin.send('PUT', `/api/v1/admin/users/${u.id}`, {
      first_name: 'Edited',
      permissions: [
        { name: 'admin.access', restrictions: [] },
        { name: 'users.view', restrictions: [] },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.permissions.map((p: { name: string }) => p.name)).toEqual([
      'admin.access',
      'users.view',
    ]);
    expect((await client.inject({ method: 'GET', url: '/api/v1/admin/users' }, t.app)).statusCode).toBe(200);
    // users.view alone does not let them change anyone.
    const write = await client.inject(
      { method: 'POST', url: `/api/v1/admin/users/${u.id}/verify-email`, payload: {} },
      t.app,
    );
    expect(write.statusCode).toBe(403);
  });

  it("saves a user's language, country and time zone from the pickers' lists, and refuses others", async () => {
    const u = await createUser(t.db);
    const saved = await admin.send('PUT', `/api/v1/admin/users/${u.id}`, {
      language: 'en',
      country: 'et',
      timezone: 'Africa/Addis_Ababa',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().user).toMatchObject({
      language: 'en',
      country: 'ET',
      timezone: 'Africa/Addis_Ababa',
    });
    const bad = await admin.send('PUT', `/api/v1/admin/users/${u.id}`, {
      language: 'xx',
      country: 'QQ',
      timezone: 'Mars/Olympus',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['country', 'language', 'timezone']);
    const [row] = await t.db.select().from(users).where(eq(users.id, u.id));
    expect(row).toMatchObject({ language: 'en', country: 'ET', timezone: 'Africa/Addis_Ababa' });
  });

  it('deletes users with the clean-up of self-deletion, never the caller', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    await createAccessToken(t.db, a.id, 'cli');
    const res = await admin.post('/api/v1/admin/users/bulk-delete', { ids: [a.id, b.id] });
    expect(res.json()).toEqual({ message: 'Deleted 2 users.', count: 2 });
    expect(
      await t.db.select().from(personalAccessTokens).where(eq(personalAccessTokens.userId, a.id)),
    ).toEqual([]);
    const self = await admin.post('/api/v1/admin/users/bulk-delete', { ids: [adminId] });
    expect(self.statusCode).toBe(422);
  });
});

describe('suspension', () => {
  it('refuses login with the reason, ends sessions, stops tokens at once; unsuspend restores', async () => {
    const password = 'correct horse battery';
    const u = await createUser(t.db, { password });
    const browser = new Client(t.app);
    expect((await browser.post('/auth/login', { email: u.email, password })).statusCode).toBe(200);
    const { plainTextToken } = await createAccessToken(t.db, u.id, 'cli');
    const api = new Client(t.app, { headers: { authorization: `Bearer ${plainTextToken}` } });
    expect((await api.get('/api/v1/users/me')).statusCode).toBe(200);

    const res = await admin.post(`/api/v1/admin/users/${u.id}/suspend`, { reason: 'Spam uploads' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.suspension_reason).toBe('Spam uploads');

    expect((await browser.get('/api/v1/users/me')).statusCode).toBe(401);
    expect((await api.get('/api/v1/users/me')).statusCode).toBe(401);
    const login = await new Client(t.app).post('/auth/login', { email: u.email, password });
    expect(login.statusCode).toBe(422);
    expect(login.json().errors.email[0]).toBe('This account is suspended. Reason: Spam uploads');
    // A wrong password is not told about the suspension.
    const wrong = await new Client(t.app).post('/auth/login', { email: u.email, password: 'nope nope nope' });
    expect(wrong.json().errors.email[0]).toBe('These credentials do not match our records.');
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, u.id))).toEqual([]);

    await admin.post(`/api/v1/admin/users/${u.id}/unsuspend`, {});
    expect((await api.get('/api/v1/users/me')).statusCode).toBe(200);
    expect((await new Client(t.app).post('/auth/login', { email: u.email, password })).statusCode).toBe(200);
  });

  it('ends by itself at its end date', async () => {
    const password = 'correct horse battery';
    const u = await createUser(t.db, { password });
    const until = new Date(Date.now() + 3_600_000).toISOString();
    await admin.post(`/api/v1/admin/users/${u.id}/suspend`, { reason: 'Cool off', until });
    const login = await new Client(t.app).post('/auth/login', { email: u.email, password });
    expect(login.json().errors.email[0]).toMatch(
      /^This account is suspended until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\./,
    );
    await t.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, u.id));
    expect((await new Client(t.app).post('/auth/login', { email: u.email, password })).statusCode).toBe(200);
  });

  it('refuses a past end date and suspending oneself', async () => {
    const u = await createUser(t.db);
    const past = await admin.post(`/api/v1/admin/users/${u.id}/suspend`, {
      reason: 'x',
      until: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.json().errors.until).toBeDefined();
    expect((await admin.post(`/api/v1/admin/users/${adminId}/suspend`, { reason: 'x' })).statusCode).toBe(
      422,
    );
  });
});

describe('guard rails', () => {
  it('the last user holding admin cannot lose it, be deleted or be suspended', async () => {
    // A second admin who acts on the first (the only other holder).
    const other = await createUser(t.db, { roles: ['admin'] });
    const second = await sessionFor(t.db, other.id);
    const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      second.inject({ method, url, payload: payload ?? {} }, t.app);
    // While two exist, one may take admin from the other… and then not from themselves.
    const demote = await call('PUT', `/api/v1/admin/users/${other.id}`, { roles: [] });
    expect(demote.statusCode).toBe(422);
    expect(demote.json().errors.permissions[0]).toBe('You cannot remove your own admin permission.');
    // Only `other` left as admin once the test admin is suspended by them…
    expect(
      (await call('POST', `/api/v1/admin/users/${adminId}/suspend`, { reason: 'test' })).statusCode,
    ).toBe(200);
    // …so other cannot be suspended or deleted by anyone (the check counts active admins).
    const self = await admin.post(`/api/v1/admin/users/${other.id}/suspend`, { reason: 'x' });
    expect(self.statusCode).toBe(401); // the test admin's session ended with the suspension
    expect((await call('DELETE', `/api/v1/admin/users/${other.id}`)).statusCode).toBe(422);
    expect((await call('POST', `/api/v1/admin/users/${adminId}/unsuspend`)).statusCode).toBe(200);
    // Log the test admin back in for the remaining tests.
    admin = new Client(t.app);
    await admin.post('/auth/login', { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD });
    expect((await admin.send('DELETE', `/api/v1/admin/users/${other.id}`)).statusCode).toBe(200);
    // Now the test admin is the only one: suspending or deleting them is refused by the guard.
    const lone = await createUser(t.db, {
      roles: ['users'],
      permissions: [{ name: 'users.update' }, { name: 'admin.access' }],
    });
    const editor = await sessionFor(t.db, lone.id);
    const res = await editor.inject(
      { method: 'POST', url: `/api/v1/admin/users/${adminId}/suspend`, payload: { reason: 'x' } },
      t.app,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.user[0]).toMatch(/last active user holding the admin permission/);
  });
});
