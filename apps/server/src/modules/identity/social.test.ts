// Both drivers: a rate limit, and a unique race on a linked account.
import {
  bootstrapResponseSchema,
  SOCIAL_POPUP_MESSAGE_TYPE,
  type SocialLoginResult,
  socialLoginResultSchema,
} from '@zema/contracts';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '#src/config';
import { SESSION_COOKIE } from '#src/http/cookies';
import { socialProfiles } from '#src/modules/identity/tables';
import { userRole, users } from '#src/modules/users/tables';
import { workspaceInvites, workspaceMembers } from '#src/modules/workspaces/tables';
import { type Client, cookieFrom, createUser, guest, request, sessionFor, useApp } from '#test/helpers';
import { outboxFor } from '#test/mail';
import {
  createCookieCodec,
  PENDING_COOKIE,
  SOCIAL_COOKIE_TTL_MS,
  STATE_COOKIE,
  stateCookieSchema,
} from './social.cookies';
import { SOCIAL_MESSAGES } from './social.service';

const APP_KEY = 'test-app-key-that-is-long-enough-0123456789';
const APP_ORIGIN = 'http://localhost:8080';
const codec = createCookieCodec(APP_KEY);

let provider: OAuth2Server;
/** What the provider's userinfo endpoint answers next (the signed-in provider account). */
let userinfo: Record<string, unknown> = {};
let userinfoStatus = 200;
/** Bodies of the token requests the provider received. */
let tokenRequests: Record<string, string>[] = [];

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeUserinfo', (response) => {
    response.body = userinfo;
    response.statusCode = userinfoStatus;
  });
  provider.service.on('beforeResponse', (_response, req) => {
    tokenRequests.push({ ...(req.body as Record<string, string>) });
  });
});
afterAll(() => provider?.stop());
const t = useApp(() => ({
  APP_KEY,
  GOOGLE_CLIENT_ID: 'zema-test-client',
  GOOGLE_CLIENT_SECRET: 'zema-test-secret',
  GOOGLE_OAUTH_BASE_URL: provider.issuer.url!,
}));

beforeEach(() => {
  userinfoStatus = 200;
  tokenRequests = [];
});

afterEach(() => {
  vi.useRealTimers();
});

let counter = 0;
function providerAccount(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const id = `${process.pid}-${Date.now()}-${counter}`;
  return {
    sub: `google-${id}`,
    email: `social-${id}@example.test`,
    email_verified: true,
    name: 'Ada Lovelace',
    picture: 'https://example.test/ada.png',
    ...overrides,
  };
}

function resultOf(res: LightMyRequestResponse): SocialLoginResult {
  const match = /var message = (.*);\n/.exec(res.body);
  expect(match, res.body).not.toBeNull();
  const message = JSON.parse(match![1]!) as { type: string; result: unknown };
  expect(message.type).toBe(SOCIAL_POPUP_MESSAGE_TYPE);
  return socialLoginResultSchema.parse(message.result);
}

const cookieHeader = (actor: Client, extra: Record<string, string | undefined>) =>
  [
    actor.headers.cookie,
    ...Object.entries(extra)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${k}=${v}`),
  ]
    .filter(Boolean)
    .join('; ');

/** Starts the popup as `actor`: the app's redirect to the provider, and the state cookie. */
async function start(actor: Client, mode: 'login' | 'connect' = 'login', query = '') {
  const res = await request(t.app, actor, {
    method: 'GET',
    url: `/secure/auth/social/google/${mode}${query}`,
  });
  expect(res.statusCode, res.body).toBe(302);
  const location = new URL(res.headers.location as string);
  const state = cookieFrom(res, STATE_COOKIE)!;
  return { res, location, state };
}

/** The provider's authorize step (it approves at once) → the callback URL it sends the popup to. */
async function authorize(location: URL) {
  const res = await fetch(location, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const callback = new URL(res.headers.get('location')!);
  expect(callback.origin).toBe(APP_ORIGIN);
  return callback;
}

async function callback(actor: Client, url: URL, stateCookie: string | undefined) {
  return request(t.app, actor, {
    method: 'GET',
    url: url.pathname + url.search,
    headers: { cookie: cookieHeader(actor, { [STATE_COOKIE]: stateCookie }) },
  });
}

/** The whole popup: start → provider → callback, as `actor` with `account` signed in at the provider. */
async function popup(
  actor: Client,
  account: Record<string, unknown>,
  mode: 'login' | 'connect' = 'login',
  query = '',
) {
  userinfo = account;
  const { location, state } = await start(actor, mode, query);
  const res = await callback(actor, await authorize(location), state.value);
  expect(res.statusCode, res.body).toBe(200);
  return { res, result: resultOf(res), state };
}

async function bootstrapAs(sessionToken: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/bootstrap-data',
    headers: { cookie: `${SESSION_COOKIE}=${sessionToken}` },
  });
  return bootstrapResponseSchema.parse(res.json()).bootstrapData;
}

function asActor(res: LightMyRequestResponse, base: Client): Client {
  const session = cookieFrom(res, SESSION_COOKIE)!.value;
  return base.with({ cookies: { [SESSION_COOKIE]: session } });
}

describe('configuration', () => {
  it('turns a provider on exactly when its client id and secret are set', async () => {
    const settings = await t.app.deps.settings.getClientSettings();
    expect(settings.social).toEqual({
      google: { enable: true },
      facebook: { enable: false },
      twitter: { enable: false },
      envato: { enable: false },
    });
    const c = loadConfig({ FACEBOOK_CLIENT_ID: 'id', ENVATO_CLIENT_ID: 'e', ENVATO_CLIENT_SECRET: 's' });
    expect(c.social.facebook).toBeNull();
    expect(c.social.envato).toEqual({ clientId: 'e', clientSecret: 's' });
    expect(c.social.google).toBeNull();
  });

  it('points Google at a base URL or at single endpoints, else at Google', () => {
    const env = { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' };
    expect(loadConfig(env).social.google).toMatchObject({
      authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl: 'https://oauth2.googleapis.com/token',
    });
    expect(loadConfig({ ...env, GOOGLE_OAUTH_BASE_URL: 'http://127.0.0.1:9/' }).social.google).toMatchObject({
      authUrl: 'http://127.0.0.1:9/authorize',
      tokenUrl: 'http://127.0.0.1:9/token',
      userinfoUrl: 'http://127.0.0.1:9/userinfo',
    });
    expect(
      loadConfig({ ...env, GOOGLE_OAUTH_BASE_URL: 'http://a.test', GOOGLE_TOKEN_URL: 'http://b.test/t' })
        .social.google,
    ).toMatchObject({ authUrl: 'http://a.test/authorize', tokenUrl: 'http://b.test/t' });
    expect(() => loadConfig({ GOOGLE_OAUTH_BASE_URL: 'not a url' })).toThrow(/GOOGLE_OAUTH_BASE_URL/);
    expect(() => loadConfig({ APP_KEY: 'short' })).toThrow(/APP_KEY/);
  });

  it('keeps social settings owned by the environment', async () => {
    await expect(t.app.deps.settings.set('social.google.enable', false)).rejects.toThrow(/cannot be changed/);
  });
});

describe('starting the popup', () => {
  it('redirects to the provider with state and an S256 PKCE challenge, kept in a signed cookie for 10 minutes', async () => {
    const { res, location, state } = await start(guest());
    expect(`${location.origin}${location.pathname}`).toBe(`${provider.issuer.url}/authorize`);
    expect(location.searchParams.get('client_id')).toBe('zema-test-client');
    expect(location.searchParams.get('redirect_uri')).toBe(
      `${APP_ORIGIN}/secure/auth/social/google/callback`,
    );
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(state).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      maxAge: 600,
      path: '/secure/auth/social',
    });
    const saved = codec.decode(state.value, stateCookieSchema)!;
    expect(saved.state).toBe(location.searchParams.get('state'));
    expect(saved.verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(res.headers['cross-origin-opener-policy']).toBe('unsafe-none');
  });

  it.each([
    ['a provider that is not configured', 'facebook'],
    ['an unknown provider', 'myspace'],
  ])('answers ERROR for %s', async (_label, service) => {
    const res = await request(t.app, guest(), { method: 'GET', url: `/secure/auth/social/${service}/login` });
    expect(res.statusCode).toBe(200);
    expect(resultOf(res)).toEqual({ status: 'ERROR', message: SOCIAL_MESSAGES.disabled });
  });

  it('answers ALREADY_LOGGED_IN when a logged-in user starts a login', async () => {
    const user = await createUser(t.db);
    const res = await request(t.app, await sessionFor(t.db, user.id), {
      method: 'GET',
      url: '/secure/auth/social/google/login',
    });
    expect(resultOf(res)).toEqual({ status: 'ALREADY_LOGGED_IN' });
  });

  it('needs a logged-in user to connect', async () => {
    const res = await request(t.app, guest(), { method: 'GET', url: '/secure/auth/social/google/connect' });
    expect(res.statusCode).toBe(401);
  });
});

describe('the provider callback', () => {
  it('creates a user for a new provider account, logs them in and sends the PKCE verifier', async () => {
    const account = providerAccount();
    const actor = guest();
    const { res, result, state } = await popup(actor, account);
    expect(result.status).toBe('SUCCESS');
    if (result.status !== 'SUCCESS') return;
    expect(result.bootstrapData.user).toMatchObject({
      email: account.email,
      first_name: 'Ada',
      last_name: 'Lovelace',
      social_profiles: [{ service_name: 'google', username: 'Ada Lovelace' }],
    });
    expect(result.bootstrapData.user!.email_verified_at).not.toBeNull();

    // The token request carried the verifier of this flow, and the provider checked it against the challenge.
    const verifier = codec.decode(state.value, stateCookieSchema)!.verifier;
    expect(tokenRequests).toHaveLength(1);
    expect(tokenRequests[0]).toMatchObject({ grant_type: 'authorization_code', code_verifier: verifier });

    const session = cookieFrom(res, SESSION_COOKIE)!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect((await bootstrapAs(session.value)).user?.email).toBe(account.email);
    // The state is single use.
    expect(cookieFrom(res, STATE_COOKIE)?.value).toBe('');

    const [row] = await t.db.select().from(users).where(eq(users.email, account.email));
    expect(row!.passwordHash).toBeNull();
    const roleRows = await t.db.select().from(userRole).where(eq(userRole.userId, row!.id));
    expect(roleRows.length).toBeGreaterThan(0);
  });

  it('leaves the email unverified when the provider has not verified it', async () => {
    const { result } = await popup(guest(), providerAccount({ email_verified: false }));
    expect(result.status === 'SUCCESS' && result.bootstrapData.user!.email_verified_at).toBeNull();
  });

  it('logs an already linked user in with a new session', async () => {
    const account = providerAccount();
    const first = await popup(guest(), account);
    const second = await popup(guest(), account);
    expect(first.result.status).toBe('SUCCESS');
    expect(second.result.status).toBe('SUCCESS');
    if (first.result.status !== 'SUCCESS' || second.result.status !== 'SUCCESS') return;
    expect(second.result.bootstrapData.user!.id).toBe(first.result.bootstrapData.user!.id);
    expect(cookieFrom(second.res, SESSION_COOKIE)!.value).not.toBe(
      cookieFrom(first.res, SESSION_COOKIE)!.value,
    );
    const rows = await t.db.select().from(users).where(eq(users.email, account.email));
    expect(rows).toHaveLength(1);
  });

  it('mails a sign-in notice for a social login from a new device, not for the sign-up', async () => {
    const account = providerAccount();
    const on = (userAgent: string): Client => {
      return guest().with({ headers: { 'user-agent': userAgent } });
    };
    const linux = 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0';
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    expect((await popup(on(linux), account)).result.status).toBe('SUCCESS');
    expect((await popup(on(linux), account)).result.status).toBe('SUCCESS');
    expect(await outboxFor(t.app, account.email)).toEqual([]);
    expect((await popup(on(iphone), account)).result.status).toBe('SUCCESS');
    const mails = await outboxFor(t.app, account.email);
    expect(mails.map((m) => /^Subject: (.*)$/m.exec(m.body)?.[1])).toEqual([
      'Zema: new sign-in to your account',
    ]);
    expect(mails[0]!.body).toContain('Mobile Safari 17 on iOS 17.5 (mobile)');
  });

  it('answers ALREADY_LOGGED_IN when the login callback arrives with a session', async () => {
    userinfo = providerAccount();
    const { location, state } = await start(guest());
    const user = await createUser(t.db);
    const res = await callback(await sessionFor(t.db, user.id), await authorize(location), state.value);
    expect(resultOf(res)).toEqual({ status: 'ALREADY_LOGGED_IN' });
    expect(tokenRequests).toHaveLength(0);
  });

  describe('refuses a state that does not hold', () => {
    it('a state that differs from the cookie', async () => {
      userinfo = providerAccount();
      const { location, state } = await start(guest());
      const url = await authorize(location);
      url.searchParams.set('state', 'forged-state');
      expect(resultOf(await callback(guest(), url, state.value))).toEqual({
        status: 'ERROR',
        message: SOCIAL_MESSAGES.invalidState,
      });
      expect(tokenRequests).toHaveLength(0);
    });

    it('no cookie, or a cookie with a forged signature', async () => {
      userinfo = providerAccount();
      const { location, state } = await start(guest());
      const url = await authorize(location);
      expect(resultOf(await callback(guest(), url, undefined)).status).toBe('ERROR');
      const [payload] = state.value.split('.');
      expect(resultOf(await callback(guest(), url, `${payload}.forged`)).status).toBe('ERROR');
      const other = createCookieCodec('another-key-that-is-long-enough-0123456789');
      const forged = other.encode(codec.decode(state.value, stateCookieSchema)!);
      expect(resultOf(await callback(guest(), url, forged)).status).toBe('ERROR');
      expect(tokenRequests).toHaveLength(0);
    });

    it('a cookie older than 10 minutes (and not one just younger)', async () => {
      const startedAt = Date.now();
      userinfo = providerAccount();
      const late = await start(guest());
      const lateUrl = await authorize(late.location);
      const early = await start(guest());
      const earlyUrl = await authorize(early.location);

      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(startedAt + SOCIAL_COOKIE_TTL_MS + 1000);
      expect(resultOf(await callback(guest(), lateUrl, late.state.value))).toEqual({
        status: 'ERROR',
        message: SOCIAL_MESSAGES.invalidState,
      });
      vi.setSystemTime(startedAt + SOCIAL_COOKIE_TTL_MS - 5000);
      expect(resultOf(await callback(guest(), earlyUrl, early.state.value)).status).toBe('SUCCESS');
    });
  });

  it('fails the token exchange when the PKCE verifier does not match the challenge', async () => {
    userinfo = providerAccount();
    const { location, state } = await start(guest());
    const saved = codec.decode(state.value, stateCookieSchema)!;
    const wrongVerifier = codec.encode({ ...saved, verifier: 'x'.repeat(43) });
    const res = await callback(guest(), await authorize(location), wrongVerifier);
    expect(resultOf(res)).toEqual({ status: 'ERROR', message: null });
    expect(cookieFrom(res, SESSION_COOKIE)).toBeUndefined();
  });

  it('answers ERROR when the user denies access at the provider', async () => {
    const { location, state } = await start(guest());
    const url = new URL(`${APP_ORIGIN}/secure/auth/social/google/callback`);
    url.searchParams.set('error', 'access_denied');
    url.searchParams.set('state', location.searchParams.get('state')!);
    expect(resultOf(await callback(guest(), url, state.value))).toEqual({
      status: 'ERROR',
      message: SOCIAL_MESSAGES.denied,
    });
  });

  it('answers ERROR without a message when the provider fails', async () => {
    userinfoStatus = 500;
    const { result, res } = await popup(guest(), providerAccount());
    expect(result).toEqual({ status: 'ERROR', message: null });
    expect(cookieFrom(res, SESSION_COOKIE)).toBeUndefined();
  });

  it('answers ERROR when the provider shares no email', async () => {
    const { result } = await popup(guest(), providerAccount({ email: undefined }));
    expect(result).toEqual({ status: 'ERROR', message: SOCIAL_MESSAGES.noEmail });
  });

  it('does not let a social login skip two-factor authentication', async () => {
    const account = providerAccount();
    const first = await popup(guest(), account);
    if (first.result.status !== 'SUCCESS') throw new Error('expected SUCCESS');
    await t.db
      .update(users)
      .set({ twoFactorConfirmedAt: new Date() })
      .where(eq(users.id, first.result.bootstrapData.user!.id));
    const second = await popup(guest(), account);
    expect(second.result).toEqual({ status: 'ERROR', message: SOCIAL_MESSAGES.twoFactor });
    expect(cookieFrom(second.res, SESSION_COOKIE)).toBeUndefined();
  });
});

describe('the popup page', () => {
  it('posts the result only to the app origin, under its own CSP nonce, and closes', async () => {
    const { res } = await popup(guest(), providerAccount());
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    expect(res.body).toContain(`window.opener.postMessage(message, "${APP_ORIGIN}");`);
    expect(res.body).toContain('window.close();');
    expect(res.body).not.toMatch(/['"]\*['"]/);
    const nonce = /<script nonce="([^"]+)">/.exec(res.body)?.[1];
    expect(nonce).toBeTruthy();
    expect(res.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
    // Without an opener, a logged-in result goes home.
    expect(res.body).toContain("window.location.replace('/')");
  });

  it('shows the message without an opener when it is not a login', async () => {
    const res = await request(t.app, guest(), { method: 'GET', url: '/secure/auth/social/facebook/login' });
    expect(res.body).toContain(`<p id="social-result" role="status">${SOCIAL_MESSAGES.disabled}</p>`);
    expect(res.body).toContain('} else if (false) {');
  });
});

describe('an existing account with the same email (REQUEST_PASSWORD)', () => {
  async function pendingFor(password = 'existing-password') {
    const account = providerAccount();
    // Unverified, so linking shows whether the provider's word verifies the email.
    const existing = await createUser(t.db, { email: account.email as string, password, verified: false });
    const actor = guest();
    const { res, result } = await popup(actor, account);
    const pending = cookieFrom(res, PENDING_COOKIE)!;
    return { account, existing, actor, res, result, pending };
  }

  const connect = (actor: Client, pending: string | undefined, body: unknown) =>
    request(t.app, actor, {
      method: 'POST',
      url: '/secure/auth/social/connect',
      headers: { cookie: cookieHeader(actor, { [PENDING_COOKIE]: pending }) },
      payload: body as Record<string, unknown>,
    });

  it('asks for the password, links nothing yet, then links and logs in with the right password', async () => {
    const { account, existing, actor, res, result, pending } = await pendingFor();
    expect(result).toEqual({ status: 'REQUEST_PASSWORD', service: 'google' });
    expect(cookieFrom(res, SESSION_COOKIE)).toBeUndefined();
    expect(pending).toMatchObject({ httpOnly: true, sameSite: 'Lax', maxAge: 600 });
    const linkedBefore = await t.db
      .select()
      .from(socialProfiles)
      .where(eq(socialProfiles.userId, existing.id));
    expect(linkedBefore).toHaveLength(0);

    const wrong = await connect(actor, pending.value, { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.password).toEqual([SOCIAL_MESSAGES.wrongPassword]);
    expect(cookieFrom(wrong, SESSION_COOKIE)).toBeUndefined();
    expect(
      await t.db.select().from(socialProfiles).where(eq(socialProfiles.userId, existing.id)),
    ).toHaveLength(0);

    const right = await connect(actor, pending.value, { password: 'existing-password' });
    expect(right.statusCode, right.body).toBe(200);
    const data = bootstrapResponseSchema.parse(right.json()).bootstrapData;
    expect(data.user).toMatchObject({
      id: existing.id,
      social_profiles: [{ service_name: 'google', username: 'Ada Lovelace' }],
    });
    expect(cookieFrom(right, PENDING_COOKIE)?.value).toBe('');
    const session = cookieFrom(right, SESSION_COOKIE)!.value;
    expect((await bootstrapAs(session)).user?.id).toBe(existing.id);

    // From now on the provider account logs straight into the existing user.
    const again = await popup(guest(), account);
    expect(again.result.status === 'SUCCESS' && again.result.bootstrapData.user!.id).toBe(existing.id);
  });

  it("verifies the account's email when the provider vouches for the same address, not otherwise", async () => {
    const verified = await pendingFor();
    const linked = await connect(verified.actor, verified.pending.value, { password: 'existing-password' });
    expect(linked.json().bootstrapData.user.email_verified_at).not.toBeNull();

    const account = providerAccount({ email_verified: false });
    await createUser(t.db, {
      email: account.email as string,
      password: 'existing-password',
      verified: false,
    });
    const actor = guest();
    const { res } = await popup(actor, account);
    const unverified = await connect(actor, cookieFrom(res, PENDING_COOKIE)!.value, {
      password: 'existing-password',
    });
    expect(unverified.statusCode, unverified.body).toBe(200);
    expect(unverified.json().bootstrapData.user.email_verified_at).toBeNull();
  });

  it('requires the CSRF token, a password and a live pending profile', async () => {
    const { actor, pending } = await pendingFor();
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/secure/auth/social/connect',
      headers: { cookie: `${PENDING_COOKIE}=${pending.value}` },
      payload: { password: 'existing-password' },
    });
    expect(noCsrf.statusCode).toBe(419);
    const empty = await connect(actor, pending.value, { password: '' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.password).toBeDefined();
    const none = await connect(actor, undefined, { password: 'existing-password' });
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe(SOCIAL_MESSAGES.pendingExpired);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + SOCIAL_COOKIE_TTL_MS + 1000);
    const expired = await connect(actor, pending.value, { password: 'existing-password' });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().message).toBe(SOCIAL_MESSAGES.pendingExpired);
  });

  it('allows 5 password attempts a minute per pending profile, then 429', async () => {
    const { actor, pending } = await pendingFor();
    for (let i = 0; i < 5; i++) {
      expect((await connect(actor, pending.value, { password: `wrong-${i}` })).statusCode).toBe(422);
    }
    const limited = await connect(actor, pending.value, { password: 'existing-password' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json().errors.password).toHaveLength(1);
  });

  it('does not link a provider account that another user took in the meantime', async () => {
    const { account, actor, pending } = await pendingFor();
    const other = await createUser(t.db);
    await t.db.insert(socialProfiles).values({
      userId: other.id,
      serviceName: 'google',
      userServiceId: account.sub as string,
      username: 'someone',
    });
    const res = await connect(actor, pending.value, { password: 'existing-password' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(SOCIAL_MESSAGES.alreadyConnected);
    expect(cookieFrom(res, SESSION_COOKIE)).toBeUndefined();
  });
});

describe('connecting from account settings', () => {
  it('links a provider account to the logged-in user', async () => {
    const user = await createUser(t.db);
    const { result, res } = await popup(await sessionFor(t.db, user.id), providerAccount(), 'connect');
    expect(result.status === 'SUCCESS' && result.bootstrapData.user).toMatchObject({
      id: user.id,
      social_profiles: [{ service_name: 'google', username: 'Ada Lovelace' }],
    });
    // Still the same session: connecting logs nobody in.
    expect(cookieFrom(res, SESSION_COOKIE)).toBeUndefined();
  });

  it('links one provider account to one user only', async () => {
    const account = providerAccount();
    const first = await createUser(t.db);
    const second = await createUser(t.db);
    expect((await popup(await sessionFor(t.db, first.id), account, 'connect')).result.status).toBe('SUCCESS');
    const { result } = await popup(await sessionFor(t.db, second.id), account, 'connect');
    expect(result).toEqual({
      status: 'ERROR',
      message: 'This account is already connected to another user.',
    });
    const rows = await t.db
      .select({ userId: socialProfiles.userId })
      .from(socialProfiles)
      .where(and(eq(socialProfiles.serviceName, 'google'), eq(socialProfiles.userServiceId, account.sub)));
    expect(rows).toEqual([{ userId: first.id }]);
  });

  it('refuses a connect callback that arrives without the user who started it', async () => {
    const user = await createUser(t.db);
    userinfo = providerAccount();
    const { location, state } = await start(await sessionFor(t.db, user.id), 'connect');
    const res = await callback(guest(), await authorize(location), state.value);
    expect(resultOf(res)).toEqual({ status: 'ERROR', message: SOCIAL_MESSAGES.notSignedIn });
  });
});

describe('disconnecting', () => {
  const disconnect = (actor: Client, service = 'google') =>
    request(t.app, actor, {
      method: 'POST',
      url: `/secure/auth/social/${service}/disconnect`,
      payload: { service },
    });

  it('unlinks a provider from a user who has a password', async () => {
    const user = await createUser(t.db, { password: 'a-password-1' });
    const actor = await sessionFor(t.db, user.id);
    await popup(actor, providerAccount(), 'connect');
    const res = await disconnect(actor);
    expect(res.statusCode, res.body).toBe(200);
    expect(bootstrapResponseSchema.parse(res.json()).bootstrapData.user!.social_profiles).toEqual([]);
  });

  it('refuses to remove the only way to sign in, but allows it while another provider remains', async () => {
    const { res, result } = await popup(guest(), providerAccount());
    if (result.status !== 'SUCCESS') throw new Error('expected SUCCESS');
    const userId = result.bootstrapData.user!.id;
    const actor = asActor(res, guest());

    const only = await disconnect(actor);
    expect(only.statusCode).toBe(422);
    expect(only.json()).toEqual({ message: SOCIAL_MESSAGES.onlySignIn });

    await t.db
      .insert(socialProfiles)
      .values({ userId, serviceName: 'facebook', userServiceId: `fb-${userId}`, username: 'ada' });
    expect((await disconnect(actor)).statusCode).toBe(200);
    const last = await disconnect(actor, 'facebook');
    expect(last.statusCode).toBe(422);
    expect(last.json().message).toBe(SOCIAL_MESSAGES.onlySignIn);
  });

  it('answers 422 for a provider that is not linked, 401 for visitors and 419 without CSRF', async () => {
    const user = await createUser(t.db, { password: 'a-password-1' });
    const actor = await sessionFor(t.db, user.id);
    const res = await disconnect(actor, 'twitter');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(SOCIAL_MESSAGES.notConnected);
    expect((await disconnect(guest())).statusCode).toBe(401);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/secure/auth/social/google/disconnect',
      headers: { cookie: actor.headers.cookie! },
      payload: { service: 'google' },
    });
    expect(noCsrf.statusCode).toBe(419);
    expect((await disconnect(actor, 'myspace')).statusCode).toBe(422);
  });
});

describe('started from a workspace join page (?invite=)', () => {
  /** A workspace whose owner invited `email` as an editor: the invitation id and the workspace's. */
  async function invitation(email: string) {
    const owner = await createUser(t.db);
    const actor = await sessionFor(t.db, owner.id);
    const api = (url: string, payload: object) =>
      request(t.app, actor, { method: 'POST', url: `/api/v1${url}`, payload });
    const created = await api('/workspaces', { name: 'Addis Records' });
    expect(created.statusCode, created.body).toBe(200);
    const workspaceId = created.json().workspace.id as number;
    const invited = await api(`/workspaces/${workspaceId}/invites`, { emails: [email], role: 'editor' });
    expect(invited.statusCode, invited.body).toBe(200);
    return { inviteId: invited.json().invites[0].id as string, workspaceId };
  }

  const membership = async (workspaceId: number, userId: number) =>
    t.db
      .select({ role: workspaceMembers.role })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  const inviteLeft = async (id: string) =>
    (await t.db.select().from(workspaceInvites).where(eq(workspaceInvites.id, id))).length === 1;
  const signedInWith = (result: SocialLoginResult) => {
    if (result.status !== 'SUCCESS') throw new Error(`expected SUCCESS, got ${result.status}`);
    return result.bootstrapData;
  };

  it('joins a new account made from the invited email, verified by the invitation, and uses it up', async () => {
    const account = providerAccount({ email_verified: false });
    const { inviteId, workspaceId } = await invitation(account.email as string);
    const { result } = await popup(guest(), account, 'login', `?invite=${inviteId}`);
    const data = signedInWith(result);
    expect(data.workspaces.map((w) => w.id)).toContain(workspaceId);
    expect(await membership(workspaceId, data.user!.id)).toEqual([{ role: 'editor' }]);
    const [row] = await t.db.select().from(users).where(eq(users.id, data.user!.id));
    expect(row!.emailVerifiedAt).not.toBeNull();
    expect(await inviteLeft(inviteId)).toBe(false);
    // Single use: the same link signs in again but joins nothing more.
    const again = await popup(guest(), account, 'login', `?invite=${inviteId}`);
    expect(signedInWith(again.result).workspaces.filter((w) => w.id === workspaceId)).toHaveLength(1);
  });

  it('joins an account already linked to the provider when the invitation is its email', async () => {
    const account = providerAccount();
    const first = signedInWith((await popup(guest(), account)).result);
    const { inviteId, workspaceId } = await invitation(account.email as string);
    const { result } = await popup(guest(), account, 'login', `?invite=${inviteId}`);
    expect(signedInWith(result).workspaces.map((w) => w.id)).toContain(workspaceId);
    expect(await membership(workspaceId, first.user!.id)).toEqual([{ role: 'editor' }]);
  });

  it('signs in without joining when the invitation is for another email, or has expired', async () => {
    const { inviteId, workspaceId } = await invitation(`someone-else-${Date.now()}@example.test`);
    const stranger = signedInWith(
      (await popup(guest(), providerAccount(), 'login', `?invite=${inviteId}`)).result,
    );
    expect(stranger.workspaces.map((w) => w.id)).not.toContain(workspaceId);
    expect(await inviteLeft(inviteId)).toBe(true);

    const account = providerAccount();
    const expired = await invitation(account.email as string);
    await t.db
      .update(workspaceInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(workspaceInvites.id, expired.inviteId));
    const late = signedInWith((await popup(guest(), account, 'login', `?invite=${expired.inviteId}`)).result);
    expect(await membership(expired.workspaceId, late.user!.id)).toEqual([]);
  });

  it('joins an existing password account once its password is entered (REQUEST_PASSWORD)', async () => {
    const account = providerAccount();
    const existing = await createUser(t.db, {
      email: account.email as string,
      password: 'existing-password',
    });
    const { inviteId, workspaceId } = await invitation(existing.email);
    const actor = guest();
    const { res, result } = await popup(actor, account, 'login', `?invite=${inviteId}`);
    expect(result).toEqual({ status: 'REQUEST_PASSWORD', service: 'google' });
    expect(await membership(workspaceId, existing.id)).toEqual([]);
    const right = await request(t.app, actor, {
      method: 'POST',
      url: '/secure/auth/social/connect',
      headers: { cookie: cookieHeader(actor, { [PENDING_COOKIE]: cookieFrom(res, PENDING_COOKIE)!.value }) },
      payload: { password: 'existing-password' },
    });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().bootstrapData.workspaces.map((w: { id: number }) => w.id)).toContain(workspaceId);
    expect(await membership(workspaceId, existing.id)).toEqual([{ role: 'editor' }]);
    expect(await inviteLeft(inviteId)).toBe(false);
  });

  it('refuses a malformed invitation id with 422', async () => {
    const res = await request(t.app, guest(), {
      method: 'GET',
      url: '/secure/auth/social/google/login?invite=not%20an%20id',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.invite).toBeTruthy();
  });
});

describe('the cookie signing key', () => {
  it('is APP_KEY, or generated once into DATA_DIR/app-key (0600) and reused', async () => {
    const { mkdtemp, rm, stat } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { resolveAppKey } = await import('./social.cookies');
    expect(await resolveAppKey(loadConfig({ APP_KEY }))).toBe(APP_KEY);
    const dir = await mkdtemp(join(tmpdir(), 'zema-key-'));
    try {
      const config = loadConfig({ DATA_DIR: dir });
      const first = await resolveAppKey(config);
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(await resolveAppKey(config)).toBe(first);
      expect((await stat(join(dir, 'app-key'))).mode & 0o777).toBe(0o600);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
