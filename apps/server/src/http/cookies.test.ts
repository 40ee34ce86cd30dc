import { XSRF_COOKIE } from '@zema/contracts';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { OAuth2Server } from 'oauth2-mock-server';
import { Secret } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, TWO_FACTOR_COOKIE } from '#src/http/cookies';
import { createArtist, createTrack } from '#src/modules/catalogue/index';
import { generateRecoveryCodes, PENDING_COOKIE, STATE_COOKIE } from '#src/modules/identity/index';
import { LISTENER_COOKIE } from '#src/modules/player/index';
import { users } from '#src/modules/users/tables';
import { buildTestApp, Client, createUser, type TestApp } from '#test/helpers';

const PASSWORD = 'cookie-test-password';

/** Every cookie the server sets or clears; the scenario below must make each one appear. */
const ALL_COOKIES = [
  XSRF_COOKIE,
  SESSION_COOKIE,
  TWO_FACTOR_COOKIE,
  STATE_COOKIE,
  PENDING_COOKIE,
  LISTENER_COOKIE,
];

let provider: OAuth2Server;
let userinfo: Record<string, unknown> = {};

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeUserinfo', (response) => {
    response.body = userinfo;
  });
});
afterAll(() => provider?.stop());

/** A browser that keeps every raw Set-Cookie header it was sent. */
class RecordingBrowser extends Client {
  setCookies: string[] = [];
  override async send(...args: Parameters<Client['send']>): Promise<LightMyRequestResponse> {
    const res = await super.send(...args);
    const header = res.headers['set-cookie'];
    this.setCookies.push(...(header === undefined ? [] : [header].flat().map(String)));
    return res;
  }
}

/**
 * Drives every flow that sets or clears a cookie: first visit (XSRF), login and logout (session),
 * a stale session cookie, a two-factor login (pending-login cookie, then the session), social
 * login with an existing email (state and pending cookies, then the session), a visitor's play
 * (listener). Returns every Set-Cookie header the server sent.
 */
async function everySetCookie(t: TestApp): Promise<string[]> {
  const b = new RecordingBrowser(t.app);
  const expectOk = (res: LightMyRequestResponse) => expect(res.statusCode, res.body).toBeLessThan(400);

  b.cookies.delete(XSRF_COOKIE); // a first visit: the server issues it
  expectOk(await b.get('/api/v1/bootstrap-data'));
  const plain = await createUser(t.db, { password: PASSWORD });
  expectOk(await b.post('/auth/login', { email: plain.email, password: PASSWORD }));
  expectOk(await b.post('/auth/logout'));
  b.cookies.set(SESSION_COOKIE, 'stale-session-cookie');
  expectOk(await b.get('/api/v1/bootstrap-data'));

  const twoFactor = await createUser(t.db, { password: PASSWORD });
  const codes = generateRecoveryCodes();
  await t.db
    .update(users)
    .set({
      twoFactorSecret: new Secret({ size: 20 }).base32,
      twoFactorRecoveryCodes: codes.hashed,
      twoFactorConfirmedAt: new Date(),
    })
    .where(eq(users.id, twoFactor.id));
  expect((await b.post('/auth/login', { email: twoFactor.email, password: PASSWORD })).json()).toEqual({
    two_factor: true,
  });
  expectOk(await b.post('/auth/two-factor-challenge', { recovery_code: codes.plain[0] }));
  expectOk(await b.post('/auth/logout'));

  // Social login with the email of a password account: the password request (pending cookie).
  userinfo = { sub: `google-${plain.id}`, email: plain.email, email_verified: true, name: 'Cookie Test' };
  const start = await b.get('/secure/auth/social/google/login');
  expect(start.statusCode, start.body).toBe(302);
  const approved = await fetch(start.headers.location as string, { redirect: 'manual' });
  const callback = new URL(approved.headers.get('location')!);
  expectOk(await b.get(callback.pathname + callback.search));
  expect(b.cookies.has(PENDING_COOKIE)).toBe(true);
  expectOk(await b.post('/secure/auth/social/connect', { password: PASSWORD }));
  expectOk(await b.post('/auth/logout'));

  const artist = await createArtist(t.deps, { name: 'Cookie Artist' });
  const track = await createTrack(t.deps, { name: 'Cookie Song', duration_ms: 60_000, artist_ids: [artist] });
  expectOk(await b.post(`/api/v1/tracks/${track}/plays`, { listen_id: 'cookie-listen-1', seconds: 40 }));
  return b.setCookies;
}

const nameOf = (header: string) => header.slice(0, header.indexOf('='));
const isSecure = (header: string) => header.split(';').some((a) => a.trim().toLowerCase() === 'secure');

describe('cookies are Secure exactly when APP_URL is https (no TRUST_PROXY needed)', () => {
  for (const appUrl of ['https://music.example.test', 'http://localhost:8080']) {
    it(`APP_URL=${appUrl}`, async () => {
      const t = await buildTestApp({
        APP_URL: appUrl,
        APP_KEY: 'cookie-test-app-key-long-enough-0123456789',
        GOOGLE_CLIENT_ID: 'zema-test-client',
        GOOGLE_CLIENT_SECRET: 'zema-test-secret',
        GOOGLE_OAUTH_BASE_URL: provider.issuer.url!,
      });
      // A cookie a later feature might set without cookieOptions() gets the same rule by default.
      t.app.get('/api/v1/test/bare-cookie', { config: { access: 'guest' } }, async (_request, reply) =>
        reply.setCookie('zema_test_bare', '1').send({ ok: true }),
      );
      try {
        await t.app.deps.settings.set('require_email_confirmation', false);
        const headers = await everySetCookie(t);
        expect(new Set(headers.map(nameOf))).toEqual(new Set(ALL_COOKIES));
        const bare = await t.app.inject({ method: 'GET', url: '/api/v1/test/bare-cookie' });
        headers.push(...[bare.headers['set-cookie'] ?? []].flat().map(String));
        expect(headers.map(nameOf)).toContain('zema_test_bare');
        const https = appUrl.startsWith('https://');
        const wrong = headers.filter((h) => isSecure(h) !== https);
        expect(wrong).toEqual([]);
      } finally {
        await t.close();
      }
    });
  }
});
