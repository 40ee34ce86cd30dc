import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '#src/db/schema/index';
import { seedDatabase } from '#src/db/seed';
import {
  buildTestApp,
  Client,
  createUser,
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

describe('GET/POST api/v1/settings (admin)', () => {
  it('reads and writes dotted client-settings keys, visible in bootstrap data at once', async () => {
    expect((await admin.get('/api/v1/settings')).json().settings.registration.disable).toBe(false);
    const res = await admin.post('/api/v1/settings', {
      'registration.disable': true,
      require_email_confirmation: true,
      'registration.policies': [{ id: 'terms', name: 'Terms', action: '/pages/terms' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings.registration).toEqual({
      disable: true,
      policies: [{ id: 'terms', name: 'Terms', action: '/pages/terms' }],
    });
    const boot = await new Client(t.app).get('/api/v1/bootstrap-data');
    expect(boot.json().bootstrapData.settings.require_email_confirmation).toBe(true);
    expect(boot.json().bootstrapData.settings.registration.disable).toBe(true);
    await admin.post('/api/v1/settings', {
      'registration.disable': false,
      require_email_confirmation: false,
      'registration.policies': [],
    });
  });

  it('422 with the errors, and nothing stored when any key is bad', async () => {
    const res = await admin.post('/api/v1/settings', {
      'registration.disable': true,
      require_email_confirmation: 'sometimes',
      'no.such.key': 1,
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toContain('require_email_confirmation');
    expect((await admin.get('/api/v1/settings')).json().settings.registration.disable).toBe(false);
    const unknown = await admin.post('/api/v1/settings', { 'no.such.key': 1 });
    expect(unknown.json().errors).toEqual({ 'no.such.key': ['Unknown setting.'] });
    const envOwned = await admin.post('/api/v1/settings', { 'demo_credentials.password': 'x' });
    expect(envOwned.statusCode).toBe(422);
  });

  it('is for admins only', async () => {
    const user = await createUser(t.db, { password: 'user password 1' });
    const b = new Client(t.app);
    await b.post('/auth/login', { email: user.email, password: 'user password 1' });
    expect((await b.get('/api/v1/settings')).statusCode).toBe(403);
    expect((await b.post('/api/v1/settings', { 'registration.disable': true })).statusCode).toBe(403);
    expect(
      (await new Client(t.app).post('/api/v1/settings', { 'registration.disable': true })).statusCode,
    ).toBe(401);
  });
});

describe('demo credentials', () => {
  it('prefill the generated admin password (from the credentials file) in demo mode', async () => {
    const demo = await buildTestApp({
      DEMO_MODE: 'true',
      ADMIN_PASSWORD: '',
      ADMIN_EMAIL: 'owner@zema.test',
    });
    try {
      // The template already has an admin; remove it so this seed runs like a first start.
      await demo.db.delete(users).where(eq(users.email, TEST_ADMIN_EMAIL));
      const seed = await seedDatabase(demo.db, demo.config);
      expect(seed.generatedPassword).toMatch(/^\S{16}$/);
      await demo.app.cache.invalidate('settings');
      const s = (await new Client(demo.app).get('/api/v1/bootstrap-data')).json().bootstrapData.settings;
      expect(s.demo_credentials).toEqual({ email: 'owner@zema.test', password: seed.generatedPassword });
      const login = await new Client(demo.app).post('/auth/login', s.demo_credentials);
      expect(login.statusCode).toBe(200);
    } finally {
      await demo.close();
    }
  });

  it('use ADMIN_PASSWORD when it is set, and are absent outside demo mode', async () => {
    const demo = await buildTestApp({ DEMO_MODE: 'true' });
    try {
      const s = (await new Client(demo.app).get('/api/v1/bootstrap-data')).json().bootstrapData.settings;
      expect(s.demo_credentials).toEqual({ email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD });
    } finally {
      await demo.close();
    }
    expect(
      (await new Client(t.app).get('/api/v1/bootstrap-data')).json().bootstrapData.settings.demo_credentials,
    ).toBeNull();
  });
});
