import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { roles } from '#src/modules/users/tables';
import {
  Client,
  createUser,
  guest,
  request,
  sessionFor,
  TEST_ADMIN_EMAIL,
  TEST_ADMIN_PASSWORD,
  useApp,
} from '#test/helpers';

const t = useApp();
let admin: Client;

beforeAll(async () => {
  admin = new Client(t.app);
  const res = await admin.post('/auth/login', { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD });
  expect(res.statusCode).toBe(200);
});

const roleId = async (slug: string) =>
  (await t.db.select({ id: roles.id }).from(roles).where(eq(roles.slug, slug)))[0]!.id;

describe('roles (admin)', () => {
  it('lists roles with member counts, sorted and searchable', async () => {
    await createUser(t.db, { roles: ['artists'] });
    await createUser(t.db, { roles: ['artists'] });
    const res = await admin.get('/api/v1/admin/roles?sort=name&order=asc');
    expect(res.statusCode).toBe(200);
    const names = res.json().data.map((r: { name: string }) => r.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    const artists = res.json().data.find((r: { slug: string }) => r.slug === 'artists');
    expect(artists.members_count).toBeGreaterThanOrEqual(2);
    const guestRow = res.json().data.find((r: { slug: string }) => r.slug === 'guest');
    expect(guestRow).toMatchObject({ guests: true, built_in: true });
    const found = await admin.get('/api/v1/admin/roles?query=artis');
    expect(found.json().data.map((r: { slug: string }) => r.slug)).toEqual(['artists']);
  });

  it('creates a catalogue editor role whose members can edit tracks but not users', async () => {
    const res = await admin.post('/api/v1/admin/roles', {
      name: 'Catalogue editor',
      description: 'Edits the music',
      permissions: [
        { name: 'admin.access', restrictions: [] },
        { name: 'tracks.update', restrictions: [] },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const role = res.json().role;
    expect(role).toMatchObject({ name: 'Catalogue editor', slug: 'catalogue-editor', built_in: false });
    const u = await createUser(t.db, { roles: [] });
    await admin.post('/api/v1/admin/users/assign-role', { ids: [u.id], role: role.id });
    const editor = await sessionFor(t.db, u.id);
    const tracks = await request(t.app, editor, { method: 'DELETE', url: '/api/v1/tracks/999999' });
    expect(tracks.statusCode).toBe(404); // allowed through, nothing there
    const usersList = await request(t.app, editor, { method: 'GET', url: '/api/v1/admin/users' });
    expect(usersList.statusCode).toBe(403);

    const dup = await admin.post('/api/v1/admin/roles', { name: 'catalogue EDITOR', permissions: [] });
    expect(dup.json().errors.name).toBeDefined();
  });

  it('moves the default flag, and new accounts get the default role', async () => {
    const res = await admin.post('/api/v1/admin/roles', {
      name: 'Listeners',
      default: true,
      permissions: [],
    });
    const id = res.json().role.id;
    const defaults = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.default, true));
    expect(defaults).toEqual([{ id }]);
    const created = await admin.post('/api/v1/admin/users', { email: `dflt-${id}@example.test` });
    expect(created.json().user.roles.map((r: { id: number }) => r.id)).toEqual([id]);
    // Put the seeded default back for other tests in this file.
    const users = await admin.get(`/api/v1/admin/roles/${await roleId('users')}`);
    await admin.send('PUT', `/api/v1/admin/roles/${await roleId('users')}`, {
      name: users.json().role.name,
      default: true,
      permissions: users.json().role.permissions,
    });
  });

  it('refuses to delete built-in roles; deletes others', async () => {
    for (const slug of ['guest', 'users', 'admin']) {
      const res = await admin.send('DELETE', `/api/v1/admin/roles/${await roleId(slug)}`);
      expect(res.statusCode, slug).toBe(422);
    }
    const made = await admin.post('/api/v1/admin/roles', { name: 'Temporary', permissions: [] });
    const res = await admin.send('DELETE', `/api/v1/admin/roles/${made.json().role.id}`);
    expect(res.json()).toEqual({ message: 'Role deleted.' });
  });

  it('editing the guest role changes what visitors may do at once', async () => {
    const id = await roleId('guest');
    const before = await request(t.app, guest(), { method: 'GET', url: '/api/v1/channels/discover' });
    expect(before.statusCode).not.toBe(401);
    await admin.send('PUT', `/api/v1/admin/roles/${id}`, { name: 'Guest', permissions: [] });
    const after = await request(t.app, guest(), { method: 'GET', url: '/api/v1/channels/discover' });
    expect(after.statusCode).toBe(401);
    const boot = await new Client(t.app).get('/api/v1/bootstrap-data');
    expect(boot.json().bootstrapData.guest_role.permissions).toEqual([]);
    await admin.send('PUT', `/api/v1/admin/roles/${id}`, {
      name: 'Guest',
      permissions: [{ name: 'music.view', restrictions: [] }],
    });
    expect(
      (await request(t.app, guest(), { method: 'GET', url: '/api/v1/channels/discover' })).statusCode,
    ).not.toBe(401);
  });

  it('an admin cannot take admin from their own role when it is their only source', async () => {
    const res = await admin.send('PUT', `/api/v1/admin/roles/${await roleId('admin')}`, {
      name: 'Admin',
      permissions: [{ name: 'admin.access', restrictions: [] }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.permissions[0]).toMatch(/admin permission/);
    const role = await admin.get(`/api/v1/admin/roles/${await roleId('admin')}`);
    expect(role.json().role.permissions.map((p: { name: string }) => p.name)).toEqual(['admin']);
  });

  it('records every change in the audit log, filterable by action', async () => {
    const res = await admin.get('/api/v1/admin/audit-log?action=role.create&perPage=50');
    expect(res.statusCode).toBe(200);
    const labels = res.json().data.map((e: { target_label: string }) => e.target_label);
    expect(labels).toEqual(expect.arrayContaining(['Catalogue editor', 'Listeners', 'Temporary']));
    const entry = res.json().data[0];
    expect(entry.actor.name).toBe('Admin');
    expect(entry.ip).toBeTruthy();
  });

  it('exports the roles and the audit log of the current filter as CSV, for their viewers only', async () => {
    const rows = (body: string) => body.trimEnd().split('\r\n');
    const found = await admin.get('/api/v1/admin/roles/export?query=artis');
    expect(found.statusCode).toBe(200);
    expect(found.headers['content-disposition']).toMatch(/filename="roles-\d{4}-\d{2}-\d{2}\.csv"/);
    const [header, ...lines] = rows(found.body);
    expect(header).toBe('id,name,slug,description,default,guests,built_in,members,permissions,created_at');
    expect(lines.map((l) => l.split(',')[2])).toEqual(['artists']);

    const log = await admin.get(
      '/api/v1/admin/audit-log/export?action=role.create&sort=created_at&order=asc',
    );
    expect(log.statusCode).toBe(200);
    expect(log.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [logHeader, ...entries] = rows(log.body);
    expect(logHeader).toBe('id,created_at,actor_id,actor,action,target_type,target_id,target,ip');
    expect(entries.length).toBeGreaterThanOrEqual(3);
    for (const entry of entries) expect(entry.split(',')[4]).toBe('role.create');
    expect(entries.map((e) => e.split(',')[7])).toEqual(
      expect.arrayContaining(['Catalogue editor', 'Temporary']),
    );

    const plain = await sessionFor(t.db, (await createUser(t.db)).id);
    for (const url of ['/api/v1/admin/roles/export', '/api/v1/admin/audit-log/export'])
      expect((await request(t.app, plain, { method: 'GET', url })).statusCode, url).toBe(403);
  });
});
