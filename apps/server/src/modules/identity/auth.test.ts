// The sign-up, login, session and password flow; the races and rate limits on each store are in
// auth.drivers.test.ts.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#src/http/cookies';
import { sha256Hex } from '#src/lib/tokens';
import { personalAccessTokens, sessions } from '#src/modules/identity/tables';
import { ACCOUNT_MESSAGES as MESSAGES } from '#src/modules/users/index';
import { emailVerificationCodes, users } from '#src/modules/users/tables';
import { uniqueEmail } from '#test/auth';
import {
  buildTestApp,
  Client,
  createUser,
  request,
  type TestApp,
  tokenFor,
  uniqueSuffix,
  useApp,
} from '#test/helpers';
import { lastMailTo, settled } from '#test/mail';

const t = useApp();
beforeAll(async () => {
  // Confirmation is on by default; most of this file tests the plain flow, one test turns it on.
  await t.app.deps.settings.set('require_email_confirmation', false);
});

const PASSWORD = 'correct horse battery';
const CREDENTIALS_ERROR = 'These credentials do not match our records.';

async function setSettings(values: Record<string, unknown>) {
  for (const [k, v] of Object.entries(values)) await t.app.deps.settings.set(k, v);
}

/** A usable session is one a logged-in-only route accepts. */
const isLoggedIn = async (b: Client) =>
  (await b.get('/auth/user/confirmed-password-status')).statusCode === 200;

describe('POST auth/register', () => {
  it('creates the user with an argon2id hash and the default role, logs in for 30 days', async () => {
    const b = new Client(t.app);
    const email = uniqueEmail('Reg').toUpperCase();
    const res = await b.post('/auth/register', {
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      first_name: 'Abebe',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('success');
    expect(body.bootstrapData.user.email).toBe(email.toLowerCase());
    expect(body.bootstrapData.user.roles.map((r: { slug: string }) => r.slug)).toEqual(['users']);
    const [row] = await t.db.select().from(users).where(eq(users.email, email.toLowerCase()));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.emailVerifiedAt).toBeNull();
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie.maxAge).toBe(30 * 24 * 3600);
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(await isLoggedIn(b)).toBe(true);
    expect(await lastMailTo(t.app, email.toLowerCase())).toContain('Welcome, Abebe!');
  });

  it('takes the display name offered at sign-up: others see it instead of "User N"', async () => {
    const b = new Client(t.app);
    const email = uniqueEmail('Named');
    const res = await b.post('/auth/register', {
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      display_name: '  Mahlet Tesfaye ',
    });
    expect(res.statusCode, res.body).toBe(200);
    const me = res.json().bootstrapData.user as { id: number; display_name: string };
    expect(me.display_name).toBe('Mahlet Tesfaye');
    const profile = await b.get(`/api/v1/user-profile/${me.id}`);
    expect(profile.json().user.display_name).toBe('Mahlet Tesfaye');
    expect(await lastMailTo(t.app, email.toLowerCase())).toContain('Welcome, Mahlet Tesfaye!');

    const long = await b.post('/auth/register', {
      email: uniqueEmail('Long'),
      password: PASSWORD,
      password_confirmation: PASSWORD,
      display_name: 'x'.repeat(101),
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.display_name).toEqual(['The display name may have at most 100 characters.']);
  });

  it('refuses a taken email (any case), a mismatched confirmation and a short password with 422', async () => {
    const existing = await createUser(t.db);
    const b = new Client(t.app);
    const taken = await b.post('/auth/register', {
      email: existing.email.toUpperCase(),
      password: PASSWORD,
      password_confirmation: 'different password',
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({
      email: ['The email has already been taken.'],
      password: ['The password confirmation does not match.'],
    });
    const short = await b.post('/auth/register', {
      email: uniqueEmail(),
      password: 'short',
      password_confirmation: 'short',
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password).toBeDefined();
    expect(await isLoggedIn(b)).toBe(false);
  });

  it('requires every registration policy, keyed by policy id', async () => {
    await setSettings({
      'registration.policies': [
        { id: 'terms', name: 'Terms of Service', action: '/pages/terms' },
        { id: 'privacy', name: 'Privacy Policy', action: '/pages/privacy' },
      ],
    });
    try {
      const b = new Client(t.app);
      const body = { email: uniqueEmail(), password: PASSWORD, password_confirmation: PASSWORD };
      const missing = await b.post('/auth/register', { ...body, terms: true, privacy: 'yes' });
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors).toEqual({ privacy: ['You must accept the Privacy Policy.'] });
      const ok = await b.post('/auth/register', { ...body, terms: true, privacy: true });
      expect(ok.statusCode).toBe(200);
    } finally {
      await setSettings({ 'registration.policies': [] });
    }
  });

  it('is refused with 403 while registration is disabled', async () => {
    await setSettings({ 'registration.disable': true });
    try {
      const email = uniqueEmail();
      const res = await new Client(t.app).post('/auth/register', {
        email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Registration is currently disabled.' });
      expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    } finally {
      await setSettings({ 'registration.disable': false });
    }
  });

  it("answers 'needs_email_verification' and mails a code when confirmation is required", async () => {
    await setSettings({ require_email_confirmation: true });
    try {
      const email = uniqueEmail();
      const res = await new Client(t.app).post('/auth/register', {
        email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe('needs_email_verification');
      expect(res.json().bootstrapData.user.email_verified_at).toBeNull();
      const [code] = await t.db
        .select()
        .from(emailVerificationCodes)
        .where(eq(emailVerificationCodes.userId, res.json().bootstrapData.user.id));
      expect(code).toBeDefined();
      expect(await lastMailTo(t.app, email)).toMatch(/\b\d{6}\b/);
    } finally {
      await setSettings({ require_email_confirmation: false });
    }
  });
});

describe('POST auth/login', () => {
  it('answers bootstrap data with a NEW session id and deletes the session it came with', async () => {
    const user = await createUser(t.db, { password: PASSWORD });
    const b = new Client(t.app);
    const first = await b.post('/auth/login', { email: user.email.toUpperCase(), password: PASSWORD });
    expect(first.statusCode).toBe(200);
    expect(first.json().bootstrapData.user.id).toBe(user.id);
    const oldToken = b.cookies.get(SESSION_COOKIE)!;

    const again = await b.post('/auth/login', { email: user.email, password: PASSWORD });
    expect(again.statusCode).toBe(200);
    const newToken = b.cookies.get(SESSION_COOKIE)!;
    expect(newToken).not.toBe(oldToken);
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, sha256Hex(oldToken))),
    ).toEqual([]);
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sha256Hex(newToken)));
    expect(row!.userId).toBe(user.id);
    expect(row!.ip).toBe(b.ip);

    const stale = new Client(t.app);
    stale.cookies.set(SESSION_COOKIE, oldToken);
    expect(await isLoggedIn(stale)).toBe(false);
  });

  it('remember (default) = 30-day cookie; remember false = browser-session cookie', async () => {
    const user = await createUser(t.db, { password: PASSWORD });
    const remembered = await new Client(t.app).post('/auth/login', {
      email: user.email,
      password: PASSWORD,
    });
    expect(remembered.cookies.find((c) => c.name === SESSION_COOKIE)!.maxAge).toBe(2_592_000);
    const b = new Client(t.app);
    const once = await b.post('/auth/login', { email: user.email, password: PASSWORD, remember: false });
    const cookie = once.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie.maxAge).toBeUndefined();
    expect(cookie.expires).toBeUndefined();
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sha256Hex(cookie.value)));
    expect(row!.remember).toBe(false);
  });

  it('wrong password and unknown email get the same 422 on email', async () => {
    const user = await createUser(t.db, { password: PASSWORD });
    for (const body of [
      { email: user.email, password: 'wrong password' },
      { email: uniqueEmail('nobody'), password: PASSWORD },
      // Social-only accounts have no password at all.
      { email: (await createUser(t.db)).email, password: PASSWORD },
    ]) {
      const res = await new Client(t.app).post('/auth/login', body);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: CREDENTIALS_ERROR, errors: { email: [CREDENTIALS_ERROR] } });
      expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    }
  });

  it('needs the XSRF header like every unsafe cookie request (login CSRF)', async () => {
    const user = await createUser(t.db, { password: PASSWORD });
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: user.email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(419);
  });
});

describe('login rate limit: 5 a minute per (email, IP)', () => {
  it('keys on X-Forwarded-For only when the peer is a TRUST_PROXY', async () => {
    const trusting = await buildTestApp({ TRUST_PROXY: '127.0.0.1' });
    const user = await createUser(t.db, { password: PASSWORD });
    const user2 = await createUser(trusting.db, { password: PASSWORD });
    try {
      const attempt = (app: TestApp, email: string, xff: string) => {
        const b = new Client(app.app, { ip: '127.0.0.1' });
        return b.send('POST', '/auth/login', { email, password: 'nope-nope' }, { 'x-forwarded-for': xff });
      };
      const a = `198.51.100.${1 + (Number.parseInt(uniqueSuffix().slice(-2), 16) % 200)}`;
      // Untrusted peer: X-Forwarded-For is ignored, so changing it does not reset the count.
      for (let i = 0; i < 5; i++) await attempt(t, user.email, `203.0.113.${i + 1}`);
      expect((await attempt(t, user.email, '203.0.113.99')).statusCode).toBe(429);
      // Trusted proxy: each client address has its own count.
      for (let i = 0; i < 5; i++) expect((await attempt(trusting, user2.email, a)).statusCode).toBe(422);
      expect((await attempt(trusting, user2.email, a)).statusCode).toBe(429);
      expect((await attempt(trusting, user2.email, '192.0.2.77')).statusCode).toBe(422);
    } finally {
      await trusting.close();
    }
  });
});

describe('POST auth/logout', () => {
  it('deletes the session on the server, clears the cookie and answers guest bootstrap data', async () => {
    const user = await createUser(t.db, { password: PASSWORD });
    const b = new Client(t.app);
    await b.post('/auth/login', { email: user.email, password: PASSWORD });
    const token = b.cookies.get(SESSION_COOKIE)!;
    const res = await b.post('/auth/logout');
    expect(res.statusCode).toBe(200);
    expect(res.json().bootstrapData.user).toBeNull();
    expect(res.json().bootstrapData.guest_role).not.toBeNull();
    expect(b.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, sha256Hex(token))),
    ).toEqual([]);
    // The old cookie, replayed, is rejected.
    const replay = new Client(t.app);
    replay.cookies.set(SESSION_COOKIE, token);
    expect(await isLoggedIn(replay)).toBe(false);
  });
});

describe('password confirmation (9000 s)', () => {
  async function loggedIn() {
    const user = await createUser(t.db, { password: PASSWORD });
    const b = new Client(t.app);
    await b.post('/auth/login', { email: user.email, password: PASSWORD });
    return { user, b, sessionId: sha256Hex(b.cookies.get(SESSION_COOKIE)!) };
  }

  it('confirms with the right password, 422 on a wrong one', async () => {
    const { b } = await loggedIn();
    expect((await b.get('/auth/user/confirmed-password-status?seconds=9000')).json()).toEqual({
      confirmed: false,
    });
    const wrong = await b.post('/auth/user/confirm-password', { password: 'wrong password' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.password).toEqual(['The provided password is incorrect.']);
    expect((await b.post('/auth/user/confirm-password', { password: PASSWORD })).json()).toEqual({
      confirmed: true,
    });
    expect((await b.get('/auth/user/confirmed-password-status?seconds=9000')).json()).toEqual({
      confirmed: true,
    });
  });

  it('still holds at 8999 s and is gone at 9001 s', async () => {
    const { b, sessionId } = await loggedIn();
    const confirmedAgo = async (seconds: number) => {
      await t.db
        .update(sessions)
        .set({ passwordConfirmedAt: new Date(Date.now() - seconds * 1000) })
        .where(eq(sessions.id, sessionId));
    };
    await confirmedAgo(8999);
    expect((await b.get('/auth/user/confirmed-password-status?seconds=9000')).json().confirmed).toBe(true);
    expect((await b.post('/auth/user/two-factor-authentication')).statusCode).toBe(200);
    await confirmedAgo(9001);
    expect((await b.get('/auth/user/confirmed-password-status?seconds=9000')).json().confirmed).toBe(false);
    // Asking for a longer window does not stretch the server's own rule.
    expect((await b.get('/auth/user/confirmed-password-status?seconds=99999')).json().confirmed).toBe(false);
    const refused = await b.send('DELETE', '/auth/user/two-factor-authentication');
    expect(refused.statusCode).toBe(423);
    expect(refused.json()).toEqual({ message: 'Password confirmation required.' });
  });

  it('belongs to the session: another session of the same user is not confirmed', async () => {
    const { user, b } = await loggedIn();
    await b.post('/auth/user/confirm-password', { password: PASSWORD });
    const other = new Client(t.app);
    await other.post('/auth/login', { email: user.email, password: PASSWORD });
    expect((await other.get('/auth/user/confirmed-password-status')).json().confirmed).toBe(false);
  });
});

describe('PUT auth/user/password', () => {
  it('checks the current password, updates the hash and ends the other sessions', async () => {
    const user = await createUser(t.db, { password: PASSWORD });
    const b = new Client(t.app);
    const other = new Client(t.app);
    await b.post('/auth/login', { email: user.email, password: PASSWORD });
    await other.post('/auth/login', { email: user.email, password: PASSWORD });
    const next = 'a brand new password';

    const wrong = await b.send('PUT', '/auth/user/password', {
      current_password: 'not it at all',
      password: next,
      password_confirmation: next,
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toBeDefined();
    const mismatch = await b.send('PUT', '/auth/user/password', {
      current_password: PASSWORD,
      password: next,
      password_confirmation: 'something else',
    });
    expect(mismatch.json().errors.password).toEqual(['The password confirmation does not match.']);

    // Sent the way the web app sends PUT: POST + method override.
    const ok = await b.send(
      'POST',
      '/auth/user/password?_method=PUT',
      { current_password: PASSWORD, password: next, password_confirmation: next },
      { 'x-http-method-override': 'PUT' },
    );
    expect(ok.statusCode).toBe(200);
    expect(await isLoggedIn(b)).toBe(true);
    expect(await isLoggedIn(other)).toBe(false);
    expect(
      (await new Client(t.app).post('/auth/login', { email: user.email, password: PASSWORD })).statusCode,
    ).toBe(422);
    expect(
      (await new Client(t.app).post('/auth/login', { email: user.email, password: next })).statusCode,
    ).toBe(200);
  });

  it("revokes the user's personal access tokens (other sessions end, API clients included)", async () => {
    const user = await createUser(t.db, { password: PASSWORD });
    const other = await createUser(t.db, { password: PASSWORD });
    const api = await tokenFor(t.db, user.id);
    const othersApi = await tokenFor(t.db, other.id);
    const b = new Client(t.app);
    await b.post('/auth/login', { email: user.email, password: PASSWORD });
    expect((await request(t.app, api, { method: 'GET', url: '/api/v1/users/me' })).statusCode).toBe(200);
    const next = 'a brand new password';
    const ok = await b.send('PUT', '/auth/user/password', {
      current_password: PASSWORD,
      password: next,
      password_confirmation: next,
    });
    expect(ok.statusCode).toBe(200);
    expect((await request(t.app, api, { method: 'GET', url: '/api/v1/users/me' })).statusCode).toBe(401);
    expect(
      await t.db.select().from(personalAccessTokens).where(eq(personalAccessTokens.userId, user.id)),
    ).toEqual([]);
    expect((await request(t.app, othersApi, { method: 'GET', url: '/api/v1/users/me' })).statusCode).toBe(
      200,
    );
  });

  it('refuses a change authenticated by a personal access token with 403; the sessions stay', async () => {
    const user = await createUser(t.db, { password: PASSWORD });
    const b = new Client(t.app);
    await b.post('/auth/login', { email: user.email, password: PASSWORD });
    const api = await tokenFor(t.db, user.id);
    for (const current of [PASSWORD, 'a wrong guess']) {
      const res = await request(t.app, api, {
        method: 'PUT',
        url: '/auth/user/password',
        payload: {
          current_password: current,
          password: 'token-set-pass',
          password_confirmation: 'token-set-pass',
        },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: MESSAGES.passwordChangeByToken });
    }
    expect(await isLoggedIn(b)).toBe(true);
    expect(
      (await new Client(t.app).post('/auth/login', { email: user.email, password: PASSWORD })).statusCode,
    ).toBe(200);
  });
});

describe('passwords never reach the log', () => {
  it('at trace level through register, login, confirmation, change and reset', async () => {
    const lines: string[] = [];
    const app = await buildTestApp(
      { LOG_LEVEL: 'trace' },
      { logStream: { write: (l: string) => void lines.push(l) } },
    );
    try {
      const secret = `pw-${uniqueSuffix()}-secret`;
      const next = `pw-${uniqueSuffix()}-next`;
      const email = uniqueEmail('logs');
      const b = new Client(app.app);
      await b.post('/auth/register', { email, password: secret, password_confirmation: secret });
      await b.post('/auth/login', { email, password: 'wrong-password-in-log?' });
      await b.post('/auth/login', { email, password: secret });
      await b.post('/auth/user/confirm-password', { password: secret });
      await b.send('PUT', '/auth/user/password', {
        current_password: secret,
        password: next,
        password_confirmation: next,
      });
      await b.post('/auth/forgot-password', { email });
      await settled(app.app);
      expect(lines.length).toBeGreaterThan(10);
      const all = lines.join('\n');
      for (const p of [secret, next, 'wrong-password-in-log?']) expect(all).not.toContain(p);
    } finally {
      await app.close();
    }
  });
});
