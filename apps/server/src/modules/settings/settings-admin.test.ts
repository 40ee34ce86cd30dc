// Admin settings, secrets and the test mail; the test mail's per-admin rate limit on each store is
// in settings-admin.drivers.test.ts.
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client';
import { auditLog } from '#src/modules/audit/tables';
import { channels } from '#src/modules/catalogue/tables';
import { users } from '#src/modules/users/tables';
import { seedDatabaseWithModules } from '#src/server-modules';
import { uniqueEmail } from '#test/auth';
import {
  buildTestApp,
  Client,
  createUser,
  TEST_ADMIN_EMAIL,
  TEST_ADMIN_PASSWORD,
  useApp,
} from '#test/helpers';
import { outboxFor } from '#test/mail';
import { startSmtp } from '#test/smtp';

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

  it('checks every key of a form before storing any: field errors, nothing half-saved', async () => {
    const res = await admin.post('/api/v1/settings', {
      site_name: 'Half saved',
      homepage: { type: 'channel', value: 'no-such-channel' },
      'dates.default_timezone': 'Mars/Olympus_Mons',
      'player.default_volume': 150,
      'registration.policies': [{ id: 'terms', name: '', action: 'javascript:alert(1)' }],
      'server.mail.from_address': 'not an address',
      'server.social.google.client_secret': 'shh',
      'server.no.such': 1,
    });
    expect(res.statusCode).toBe(422);
    const { errors } = res.json();
    expect(Object.keys(errors).sort()).toEqual(
      expect.arrayContaining(['player.default_volume', 'server.mail.from_address', 'server.no.such']),
    );
    // Keys that pass the settings' shape get the admin rules too, once the shape is right.
    const rules = await admin.post('/api/v1/settings', {
      site_name: 'Half saved',
      homepage: { type: 'channel', value: 'no-such-channel' },
      'dates.default_timezone': 'Mars/Olympus_Mons',
      'registration.policies': [{ id: 'terms', name: '', action: 'javascript:alert(1)' }],
      'human_verification.provider': 'turnstile',
    });
    expect(rules.statusCode).toBe(422);
    expect(rules.json().errors).toMatchObject({
      'homepage.value': ['There is no channel with this address.'],
      'dates.default_timezone': ['Choose a time zone from the list.'],
      'registration.policies.0.name': ['The name is required.'],
      'registration.policies.0.action': ['Enter a path starting with / or an http(s) address.'],
      'human_verification.site_key': ["Enter the provider's site key."],
    });
    const after = (await admin.get('/api/v1/settings')).json();
    expect(after.settings.site_name).toBe('Zema');
    expect(after.settings.homepage).toEqual({ type: 'landing', value: null });
    expect(after.server.social.google.client_secret).toEqual({ set: false });
  });

  it('takes a channel homepage only for a channel that exists, and any custom page slug', async () => {
    await t.db
      .insert(channels)
      .values({
        name: 'Fresh picks',
        slug: 'fresh-picks',
        config: { contentType: 'track', rule: 'newest', layout: 'grid', limit: 10 },
      })
      .onConflictDoNothing();
    const view = (await admin.get('/api/v1/settings')).json();
    expect(view.channels).toContainEqual({ slug: 'fresh-picks', name: 'Fresh picks' });
    const ok = await admin.post('/api/v1/settings', { homepage: { type: 'channel', value: 'fresh-picks' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().settings.homepage).toEqual({ type: 'channel', value: 'fresh-picks' });
    // Custom pages arrive in another issue: a well-formed slug is enough.
    const page = await admin.post('/api/v1/settings', {
      homepage: { type: 'customPage', value: 'about-us' },
    });
    expect(page.json().settings.homepage).toEqual({ type: 'customPage', value: 'about-us' });
    const bad = await admin.post('/api/v1/settings', {
      homepage: { type: 'customPage', value: 'About us!' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['homepage.value']);
    await admin.post('/api/v1/settings', { homepage: { type: 'landing', value: null } });
  });

  it('refuses a default language that is not installed', async () => {
    const res = await admin.post('/api/v1/settings', { 'i18n.default_locale': 'xx' });
    expect(res.json().errors).toEqual({ 'i18n.default_locale': ['Choose a language from the list.'] });
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

describe('server-only settings and secrets', () => {
  it('are write-only: stored, used, never sent back, shown as set', async () => {
    const res = await admin.post('/api/v1/settings', {
      'server.social.google.client_id': 'admin-client-id',
      'server.social.google.client_secret': 'admin-client-secret-value',
      'server.human_verification.secret': 'hv-secret-value',
      'human_verification.provider': 'turnstile',
      'human_verification.site_key': 'site-key-1',
    });
    expect(res.statusCode).toBe(200);
    const view = (await admin.get('/api/v1/settings')).json();
    expect(view.server.social.google).toEqual({
      client_id: 'admin-client-id',
      client_secret: { set: true },
      env: false,
      callback_url: `${t.config.appUrl}/secure/auth/social/google/callback`,
    });
    expect(view.server.human_verification).toEqual({ secret: { set: true }, env: false });
    for (const body of [res.body, JSON.stringify(view)]) {
      expect(body).not.toContain('admin-client-secret-value');
      expect(body).not.toContain('hv-secret-value');
    }

    // In effect at once: the provider is on in bootstrap data and its login starts with that app.
    const visitor = new Client(t.app);
    const boot = await visitor.get('/api/v1/bootstrap-data');
    expect(boot.json().bootstrapData.settings.social.google).toEqual({ enable: true });
    expect(boot.body).not.toContain('admin-client-secret-value');
    expect(boot.body).not.toContain('hv-secret-value');
    expect(boot.body).not.toContain('"server');
    const start = await visitor.get('/secure/auth/social/google/login');
    expect(start.statusCode).toBe(302);
    expect(new URL(start.headers.location as string).searchParams.get('client_id')).toBe('admin-client-id');
    expect(await t.app.deps.settings.humanVerificationSecret()).toBe('hv-secret-value');

    // The audit entry names what changed, secrets redacted.
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.update'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.before).toMatchObject({
      'server.social.google.client_id': null,
      'server.social.google.client_secret': null,
      'server.human_verification.secret': null,
      'human_verification.provider': null,
    });
    expect(entry?.after).toMatchObject({
      'server.social.google.client_id': 'admin-client-id',
      'server.social.google.client_secret': '[set]',
      'server.human_verification.secret': '[set]',
      'human_verification.provider': 'turnstile',
    });
    expect(JSON.stringify(entry)).not.toContain('admin-client-secret-value');

    // Removing the secret turns the provider off again.
    await admin.post('/api/v1/settings', {
      'server.social.google.client_secret': null,
      'server.human_verification.secret': null,
      'human_verification.provider': null,
      'human_verification.site_key': null,
    });
    const off = (await new Client(t.app).get('/api/v1/bootstrap-data')).json().bootstrapData.settings;
    expect(off.social.google).toEqual({ enable: false });
    expect((await admin.get('/api/v1/settings')).json().server.social.google.client_secret).toEqual({
      set: false,
    });
  });

  it('writes no audit entry when nothing changes', async () => {
    const count = async () =>
      (await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'))).length;
    const before = await count();
    const res = await admin.post('/api/v1/settings', { site_name: 'Zema', 'registration.disable': false });
    expect(res.statusCode).toBe(200);
    expect(await count()).toBe(before);
  });
});

describe('the environment wins', () => {
  const env = useApp({
    GOOGLE_CLIENT_ID: 'env-google-id',
    GOOGLE_CLIENT_SECRET: 'env-google-secret',
    HUMAN_VERIFICATION_SECRET: 'env-hv-secret',
    MAIL_FROM: '"Ops" <ops@zema.test>',
  });

  it('over what an admin would set, which is refused and shown read-only', async () => {
    const a = new Client(env.app);
    await a.post('/auth/login', { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD });
    const view = (await a.get('/api/v1/settings')).json();
    expect(view.server.social.google).toMatchObject({
      client_id: 'env-google-id',
      client_secret: { set: true },
      env: true,
    });
    expect(view.server.human_verification).toEqual({ secret: { set: true }, env: true });
    expect(view.server.mail).toMatchObject({ env_from: '"Ops" <ops@zema.test>' });
    expect(JSON.stringify(view)).not.toContain('env-google-secret');
    const res = await a.post('/api/v1/settings', {
      'server.social.google.client_secret': 'other',
      'server.human_verification.secret': 'other',
      'server.mail.from_name': 'Other',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'server.social.google.client_secret': [
        'Set in the environment (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET); change it there.',
      ],
      'server.human_verification.secret': [
        'Set in the environment (HUMAN_VERIFICATION_SECRET); change it there.',
      ],
      'server.mail.from_name': ['Set in the environment (MAIL_FROM); change it there.'],
    });
  });
});

/**
 * An admin of its own: the test-mail limit counts per admin, in Redis across the test files
 * sharing it, so each test spends a budget nobody else touches.
 */
async function freshAdmin(app: FastifyInstance, db: Database) {
  const user = await createUser(db, { password: 'admin password 1', permissions: [{ name: 'admin' }] });
  const client = new Client(app);
  expect(
    (await client.post('/auth/login', { email: user.email, password: 'admin password 1' })).statusCode,
  ).toBe(200);
  return { client, email: user.email };
}

describe('POST api/v1/settings/test-mail', () => {
  it("sends through the mail service to the admin's address, or a given one, with the admin's sender", async () => {
    const { client: a, email: own } = await freshAdmin(t.app, t.db);
    await a.post('/api/v1/settings', {
      'server.mail.from_name': 'Zema Team',
      'server.mail.from_address': 'team@zema.test',
    });
    const view = (await a.get('/api/v1/settings')).json();
    expect(view.server.mail).toMatchObject({
      from_name: 'Zema Team',
      from_address: 'team@zema.test',
      env_from: null,
      effective_from: '"Zema Team" <team@zema.test>',
      transport: { kind: 'outbox' },
    });
    const sent = await a.post('/api/v1/settings/test-mail', {});
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: 'Email sent' });
    const mine = await outboxFor(t.app, own);
    expect(mine.at(-1)?.body).toContain('From: Zema Team <team@zema.test>');
    expect(mine.at(-1)?.body).toContain('Zema: test mail');
    const to = uniqueEmail('test-mail');
    expect((await a.post('/api/v1/settings/test-mail', { to })).statusCode).toBe(200);
    expect(await outboxFor(t.app, to)).toHaveLength(1);
    const bad = await a.post('/api/v1/settings/test-mail', { to: 'nope' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['to']);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.test_mail'), eq(auditLog.targetId, to)));
    expect(entry).toBeDefined();
    await a.post('/api/v1/settings', { 'server.mail.from_name': null, 'server.mail.from_address': null });
  });

  it('is for admins only', async () => {
    const user = await createUser(t.db, { password: 'user password 1' });
    const b = new Client(t.app);
    await b.post('/auth/login', { email: user.email, password: 'user password 1' });
    expect((await b.post('/api/v1/settings/test-mail', {})).statusCode).toBe(403);
  });
});

describe('test mail over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(() => smtp.close());
  const s = useApp(() => ({ MAIL_URL: `smtp://mailer:s3cret@127.0.0.1:${smtp.port}` }));

  it('reaches the SMTP peer, and the transport is shown without its credentials', async () => {
    const { client: a, email } = await freshAdmin(s.app, s.db);
    const view = (await a.get('/api/v1/settings')).json();
    expect(view.server.mail.transport).toEqual({ kind: 'smtp', detail: `smtp://127.0.0.1:${smtp.port}` });
    expect(JSON.stringify(view)).not.toContain('s3cret');
    expect((await a.post('/api/v1/settings/test-mail', {})).statusCode).toBe(200);
    expect(smtp.received.find((m) => m.to.includes(email))?.raw).toContain('test mail');
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
      const seed = await seedDatabaseWithModules(demo.db, demo.config);
      expect(seed.generatedPassword).toMatch(/^\S{16}$/);
      await demo.app.deps.cache.invalidate('settings');
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
