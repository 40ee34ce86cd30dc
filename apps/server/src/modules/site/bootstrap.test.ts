import { bootstrapResponseSchema, GUEST_LOCALE_COOKIE, MENU_POSITIONS } from '@zema/contracts';
import { describe, expect, it } from 'vitest';
import { adminUserId, createUser, request, sessionFor, tokenFor, useApp } from '#test/helpers';

const t = useApp();

async function bootstrapFor(headers: Record<string, string> = {}) {
  const res = await t.app.inject({ url: '/api/v1/bootstrap-data', headers });
  expect(res.statusCode).toBe(200);
  return bootstrapResponseSchema.parse(res.json()).bootstrapData;
}

describe('GET /api/v1/bootstrap-data', () => {
  it('gives visitors the guest role, settings, themes, menus, locale and the personal workspace', async () => {
    const data = await bootstrapFor();
    expect(data.user).toBeNull();
    expect(data.guest_role).toMatchObject({
      slug: 'guest',
      permissions: [{ name: 'music.view', restrictions: [] }],
    });
    expect(data.settings.site_name).toBe('Zema');
    expect(data.themes.all.map((th) => [th.is_dark, th.default_light, th.default_dark])).toEqual([
      [false, true, false],
      [true, false, true],
    ]);
    expect(data.themes.selectedThemeId).toBe(data.themes.all[0]!.id);
    const positions = data.menus.flatMap((m) => m.positions);
    for (const p of ['landing-page-navbar', 'auth-page-footer', 'footer', 'footer-secondary']) {
      expect(positions).toContain(p);
    }
    expect(positions.every((p) => (MENU_POSITIONS as readonly string[]).includes(p))).toBe(true);
    expect(data.i18n.locale).toMatchObject({ language: 'en', name: 'English' });
    expect(data.workspaces).toEqual([{ id: 0, name: 'Default', members_count: 1, default: true }]);
  });

  it('gives a user their roles and merged permissions, and no guest role', async () => {
    const user = await createUser(t.db, {
      roles: ['users'],
      permissions: [{ name: 'playlists.create', restrictions: [{ name: 'count', value: 10 }] }],
    });
    const data = await bootstrapFor((await sessionFor(t.db, user.id)).headers);
    expect(data.guest_role).toBeNull();
    expect(data.user).toMatchObject({
      id: user.id,
      email: user.email,
      roles: [{ slug: 'users' }],
      subscriptions: [],
      social_profiles: [],
      unread_notifications_count: 0,
    });
    expect(data.user!.permissions.map((p) => p.name)).toEqual([
      'api.access',
      'files.create',
      'music.view',
      'playlists.create',
    ]);
    expect(data.user!.permissions.find((p) => p.name === 'playlists.create')!.restrictions).toEqual([
      { name: 'count', value: 10 },
    ]);
  });

  it('gives the seeded admin the admin role, a verified email and the admin permission', async () => {
    const data = await bootstrapFor((await sessionFor(t.db, await adminUserId(t.db))).headers);
    expect(data.user!.roles.map((r) => r.slug)).toEqual(['admin']);
    expect(data.user!.permissions.map((p) => p.name)).toEqual(['admin']);
    expect(data.user!.email_verified_at).not.toBeNull();
  });

  it('answers the same user to a bearer token', async () => {
    const user = await createUser(t.db);
    const api = await tokenFor(t.db, user.id);
    const res = await request(t.app, api, { method: 'GET', url: '/api/v1/bootstrap-data' });
    expect(res.json().bootstrapData.user.id).toBe(user.id);
  });

  it('treats an unknown session cookie as a visitor and clears it', async () => {
    const res = await t.app.inject({ url: '/api/v1/bootstrap-data', cookies: { zema_session: 'forged' } });
    expect(res.json().bootstrapData.user).toBeNull();
    const cleared = res.cookies.find((c) => c.name === 'zema_session');
    expect(cleared?.value).toBe('');
  });

  it('serves a visitor the language of their locale cookie when i18n is on, and the default otherwise', async () => {
    const withCookie = () =>
      t.app.inject({ url: '/api/v1/bootstrap-data', cookies: { [GUEST_LOCALE_COOKIE]: 'am' } });
    // Amharic comes with the seed and i18n is on by default.
    const res = await withCookie();
    expect(res.json().bootstrapData.i18n.locale).toMatchObject({ language: 'am', name: 'አማርኛ' });
    expect(res.json().bootstrapData.i18n.lines).toMatchObject({ Login: 'ግባ' });
    const html = await t.app.inject({ url: '/discover', cookies: { [GUEST_LOCALE_COOKIE]: 'am' } });
    expect(html.body).toContain('"language":"am"');
    const unknown = await t.app.inject({
      url: '/api/v1/bootstrap-data',
      cookies: { [GUEST_LOCALE_COOKIE]: 'xx' },
    });
    expect(unknown.json().bootstrapData.i18n.locale.language).toBe('en');
    await t.app.deps.settings.set('i18n', { enable: false, default_locale: 'en' });
    try {
      expect((await withCookie()).json().bootstrapData.i18n.locale.language).toBe('en');
    } finally {
      await t.app.deps.settings.set('i18n', { enable: true, default_locale: 'en' });
    }
  });

  it('gives a user whose language is Amharic the seeded Amharic lines, and others English', async () => {
    const amharic = await createUser(t.db, { language: 'am' });
    const data = await bootstrapFor((await sessionFor(t.db, amharic.id)).headers);
    expect(data.i18n.locale).toMatchObject({ language: 'am', name: 'አማርኛ' });
    expect(data.i18n.lines['Sign in to your account']).toBe('ወደ መለያዎ ይግቡ');
    expect(data.i18n.lines['Enter the verification code we sent to {email}']).toContain('{email}');
    const english = await createUser(t.db, { language: 'en' });
    const other = await bootstrapFor((await sessionFor(t.db, english.id)).headers);
    expect(other.i18n.locale.language).toBe('en');
    expect(other.i18n.lines).toEqual({});
  });
});
