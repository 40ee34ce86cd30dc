// Both drivers: a per-admin rate limit on the Redis store.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#src/modules/audit/tables';
import { Client, createUser, sessionFor, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, useApp } from '#test/helpers';

const t = useApp();
let admin: Client;

beforeAll(async () => {
  admin = new Client(t.app);
  expect(
    (await admin.post('/auth/login', { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD })).statusCode,
  ).toBe(200);
});

describe('"Log in as"', () => {
  it('opens a session as the user, marked with the admin, and one call goes back; both audited', async () => {
    const u = await createUser(t.db, { firstName: 'Looked', lastName: 'At' });
    const res = await admin.post(`/api/v1/admin/users/${u.id}/impersonate`);
    expect(res.statusCode, res.body).toBe(200);
    const boot = res.json().bootstrapData;
    expect(boot.user.id).toBe(u.id);
    expect(boot.user.impersonator).toMatchObject({ display_name: 'Admin' });
    // The browser is now the user: their own pages, not the admin area.
    expect((await admin.get('/api/v1/users/me')).json().user.id).toBe(u.id);
    expect((await admin.get('/api/v1/admin/users')).statusCode).toBe(403);

    const back = await admin.post('/api/v1/admin/impersonation/stop');
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().bootstrapData.user.email).toBe(TEST_ADMIN_EMAIL);
    expect(back.json().bootstrapData.user.impersonator ?? null).toBeNull();
    expect((await admin.get('/api/v1/admin/users')).statusCode).toBe(200);

    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, String(u.id)));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['user.impersonate', 'user.impersonate_stop']),
    );
  });

  it('never for another admin, nor oneself; only with users.impersonate', async () => {
    const other = await createUser(t.db, { roles: ['admin'] });
    const res = await admin.post(`/api/v1/admin/users/${other.id}/impersonate`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.user[0]).toBe('You cannot log in as another administrator.');
    const viewer = await createUser(t.db, {
      roles: [],
      permissions: [{ name: 'users.view' }, { name: 'admin.access' }],
    });
    const target = await createUser(t.db);
    const denied = await (await sessionFor(t.db, viewer.id)).inject(
      { method: 'POST', url: `/api/v1/admin/users/${target.id}/impersonate`, payload: {} },
      t.app,
    );
    expect(denied.statusCode).toBe(403);
  });

  it('a plain session cannot "go back" into anyone', async () => {
    const u = await createUser(t.db);
    const res = await (await sessionFor(t.db, u.id)).inject(
      { method: 'POST', url: '/api/v1/admin/impersonation/stop', payload: {} },
      t.app,
    );
    expect(res.statusCode).toBe(422);
  });
});
