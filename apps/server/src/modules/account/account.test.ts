import { accountResponseSchema, deleteAccountResponseSchema } from '@zema/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#src/http/cookies';
import { personalAccessTokens, sessions, socialProfiles } from '#src/modules/identity/tables';
import { localizations } from '#src/modules/localization/tables';
import { users } from '#src/modules/users/tables';
import {
  adminUserId,
  Client,
  createUser,
  guest,
  request,
  sessionFor,
  TEST_ADMIN_EMAIL,
  TEST_ADMIN_PASSWORD,
  tokenFor,
  useApp,
} from '#test/helpers';
import { multipartBody } from '#test/multipart';

const t = useApp();

const PASSWORD = 'account password 1';

describe('GET users/me and users/:id', () => {
  it('shows two-factor setup in progress as masked recovery codes, never the codes', async () => {
    const user = await createUser(t.db, { password: PASSWORD });
    const b = new Client(t.app);
    await b.post('/auth/login', { email: user.email, password: PASSWORD });
    const before = accountResponseSchema.parse((await b.get('/api/v1/users/me')).json()).user;
    expect(before.two_factor_recovery_codes).toEqual([]);

    await b.post('/auth/user/confirm-password', { password: PASSWORD });
    expect((await b.post('/auth/user/two-factor-authentication')).statusCode).toBe(200);
    const during = accountResponseSchema.parse((await b.get('/api/v1/users/me')).json()).user;
    expect(during.two_factor_confirmed_at).toBeNull();
    expect(during.two_factor_recovery_codes).toHaveLength(8);
    for (const code of during.two_factor_recovery_codes) expect(code).toBe('**********-**********');
  });

  it('answers the user with roles, social profiles and tokens; visitors get 401', async () => {
    const user = await createUser(t.db);
    await t.db
      .insert(socialProfiles)
      .values({ userId: user.id, serviceName: 'google', userServiceId: `g-${user.id}`, username: 'tester' });
    const actor = await sessionFor(t.db, user.id);
    await tokenFor(t.db, user.id);

    const res = await request(t.app, actor, { method: 'GET', url: '/api/v1/users/me' });
    expect(res.statusCode).toBe(200);
    const { user: me } = accountResponseSchema.parse(res.json());
    expect(me.id).toBe(user.id);
    expect(me.email).toBe(user.email);
    expect(me.roles.map((r) => r.slug)).toContain('users');
    expect(me.social_profiles).toEqual([{ service_name: 'google', username: 'tester' }]);
    expect(me.tokens).toEqual([
      { id: expect.any(Number), name: 'test', last_used_at: null, created_at: expect.any(String) },
    ]);
    expect(JSON.stringify(res.json())).not.toMatch(/token_hash|tokenHash|password/);

    expect((await request(t.app, actor, { method: 'GET', url: `/api/v1/users/${user.id}` })).statusCode).toBe(
      200,
    );
    expect((await request(t.app, guest(), { method: 'GET', url: '/api/v1/users/me' })).statusCode).toBe(401);
  });

  it('another user is 403 (existing or not); an admin may read anyone; unknown ids are 404 for admins', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const actorA = await sessionFor(t.db, a.id);
    expect((await request(t.app, actorA, { method: 'GET', url: `/api/v1/users/${b.id}` })).statusCode).toBe(
      403,
    );
    expect((await request(t.app, actorA, { method: 'GET', url: '/api/v1/users/999999' })).statusCode).toBe(
      403,
    );

    const admin = await sessionFor(t.db, await adminUserId(t.db));
    const res = await request(t.app, admin, { method: 'GET', url: `/api/v1/users/${b.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(b.id);
    expect((await request(t.app, admin, { method: 'GET', url: '/api/v1/users/999999' })).statusCode).toBe(
      404,
    );
  });
});

describe('PUT users/me', () => {
  it('updates the name (display name recomputed), time zone, country and language', async () => {
    const user = await createUser(t.db, { firstName: 'Old', lastName: 'Name' });
    const actor = await sessionFor(t.db, user.id);
    const res = await request(t.app, actor, {
      method: 'PUT',
      url: '/api/v1/users/me',
      payload: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        timezone: 'Europe/London',
        country: 'gb',
        language: 'en',
      },
    });
    expect(res.statusCode).toBe(200);
    const me = accountResponseSchema.parse(res.json()).user;
    expect(me).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      display_name: 'Ada Lovelace',
      timezone: 'Europe/London',
      country: 'GB',
      language: 'en',
    });

    // Only the sent fields change; the display name follows the remaining name.
    const second = await request(t.app, actor, {
      method: 'PUT',
      url: '/api/v1/users/me',
      payload: { last_name: '' },
    });
    expect(second.json().user).toMatchObject({
      first_name: 'Ada',
      last_name: null,
      display_name: 'Ada',
      country: 'GB',
    });
    // An alias zone is a valid IANA zone too.
    const alias = await request(t.app, actor, {
      method: 'PUT',
      url: '/api/v1/users/me',
      payload: { timezone: 'Asia/Kolkata' },
    });
    expect(alias.statusCode).toBe(200);
  });

  it('refuses an unknown time zone, country or language with 422 on each field', async () => {
    const user = await createUser(t.db);
    const actor = await sessionFor(t.db, user.id);
    const res = await request(t.app, actor, {
      method: 'PUT',
      url: '/api/v1/users/me',
      payload: { timezone: 'Mars/Olympus', country: 'XX', language: 'tlh' },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['country', 'language', 'timezone']);
    const [row] = await t.db.select({ tz: users.timezone }).from(users).where(eq(users.id, user.id));
    expect(row!.tz).toBeNull();
    expect(
      (await request(t.app, guest(), { method: 'PUT', url: '/api/v1/users/me', payload: {} })).statusCode,
    ).toBe(401);
  });

  it('keeps the calendar dates are read in: Gregorian or Ethiopian, nothing else', async () => {
    const user = await createUser(t.db);
    const actor = await sessionFor(t.db, user.id);
    const put = (calendar: unknown) =>
      request(t.app, actor, { method: 'PUT', url: '/api/v1/users/me', payload: { calendar } });
    const chosen = await put('ethiopic');
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().user.calendar).toBe('ethiopic');
    const refused = await put('julian');
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['calendar']);
    expect((await put(null)).json().user.calendar).toBeNull();
  });
});

describe('POST users/me/locale', () => {
  it('needs a known localization and stores it as the language', async () => {
    const user = await createUser(t.db);
    const actor = await sessionFor(t.db, user.id);
    const unknown = await request(t.app, actor, {
      method: 'POST',
      url: '/api/v1/users/me/locale',
      payload: { locale: 'xx' },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.locale).toEqual(['The selected locale is invalid.']);

    await t.db.insert(localizations).values({ name: 'Français', language: 'fr' }).onConflictDoNothing();
    const res = await request(t.app, actor, {
      method: 'POST',
      url: '/api/v1/users/me/locale',
      payload: { locale: 'fr' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ locale: 'fr' });
    const [row] = await t.db.select({ language: users.language }).from(users).where(eq(users.id, user.id));
    expect(row!.language).toBe('fr');
  });
});

describe('DELETE users/:id?deleteCurrentUser=true', () => {
  it('needs a confirmed password, then removes the user, sessions, tokens, profiles and avatar file', async () => {
    const user = await createUser(t.db, { password: PASSWORD });
    const b = new Client(t.app);
    expect((await b.post('/auth/login', { email: user.email, password: PASSWORD })).statusCode).toBe(200);
    const api = await tokenFor(t.db, user.id);
    await t.db
      .insert(socialProfiles)
      .values({ userId: user.id, serviceName: 'google', userServiceId: `del-${user.id}`, username: 'x' });
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const body = multipartBody([{ name: 'file', filename: 'me.png', contentType: 'image/png', data: png }]);
    const uploaded = await b.send('POST', `/api/v1/users/${user.id}/avatar`, body.payload, body.headers);
    expect(uploaded.statusCode).toBe(200);
    const avatarUrl = uploaded.json().user.avatar as string;
    expect((await b.get(avatarUrl)).statusCode).toBe(200);

    const url = `/api/v1/users/${user.id}?deleteCurrentUser=true`;
    const locked = await b.send('DELETE', url);
    expect(locked.statusCode).toBe(423);
    expect(locked.json()).toEqual({ message: 'Password confirmation required.' });
    // A token is never "confirmed": it cannot delete the account either.
    expect((await request(t.app, api, { method: 'DELETE', url })).statusCode).toBe(423);

    expect((await b.post('/auth/user/confirm-password', { password: PASSWORD })).statusCode).toBe(200);
    expect((await b.send('DELETE', `/api/v1/users/${user.id}`)).statusCode).toBe(422); // flag missing
    const res = await b.send('DELETE', url);
    expect(res.statusCode).toBe(200);
    expect(deleteAccountResponseSchema.parse(res.json()).bootstrapData.user).toBeNull();
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');

    for (const table of [sessions, personalAccessTokens, socialProfiles]) {
      expect(await t.db.select().from(table).where(eq(table.userId, user.id))).toEqual([]);
    }
    expect(await t.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect((await b.get(avatarUrl)).statusCode).toBe(404);
    expect((await request(t.app, api, { method: 'GET', url: '/api/v1/users/me' })).statusCode).toBe(401);
  });

  it('refuses other users (403), visitors (401) and the last admin (422)', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const actorA = await sessionFor(t.db, a.id);
    const other = await request(t.app, actorA, {
      method: 'DELETE',
      url: `/api/v1/users/${b.id}?deleteCurrentUser=true`,
    });
    expect(other.statusCode).toBe(403);
    const anon = await request(t.app, guest(), {
      method: 'DELETE',
      url: `/api/v1/users/${b.id}?deleteCurrentUser=true`,
    });
    expect(anon.statusCode).toBe(401);

    const admin = new Client(t.app);
    expect(
      (await admin.post('/auth/login', { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD }))
        .statusCode,
    ).toBe(200);
    await admin.post('/auth/user/confirm-password', { password: TEST_ADMIN_PASSWORD });
    // Admins cannot delete someone else through the self-service call either.
    expect((await admin.send('DELETE', `/api/v1/users/${b.id}?deleteCurrentUser=true`)).statusCode).toBe(403);
    const last = await admin.send('DELETE', '/api/v1/users/me?deleteCurrentUser=true');
    expect(last.statusCode).toBe(422);
    expect(last.json().message).toMatch(/only administrator/);
    expect(
      await t.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, await adminUserId(t.db))),
    ).toHaveLength(1);
  });
});
