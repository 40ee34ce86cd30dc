// Security notices and new-device sign-ins; the race of two first logins from one device is in
// security-notices.drivers.test.ts.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Secret } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '#src/lib/tokens';
import { passwordResetTokens, userDevices } from '#src/modules/identity/tables';
import { users } from '#src/modules/users/tables';
import { awayFromStepEdge, oathtool, uniqueEmail } from '#test/auth';
import { buildTestApp, Client, createUser, sessionFor, useApp } from '#test/helpers';
import { decodeQuotedPrintable, outboxFor } from '#test/mail';
import { startSmtp } from '#test/smtp';
import { createSession } from './session.service';
import { generateRecoveryCodes } from './two-factor.service';

const PASSWORD = 'security notice password';
const NEW_PASSWORD = 'a brand new password';

const UA = {
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  linuxFirefoxNewer: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  windowsChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
};

/** A browser on a given device: every request carries its User-Agent. */
class Device extends Client {
  constructor(
    app: FastifyInstance,
    readonly userAgent: string,
  ) {
    super(app);
  }
  override send(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) {
    return super.send(method, url, payload, { 'user-agent': this.userAgent, ...headers });
  }
}

const subjectOf = (body: string) => /^Subject: (.*)$/m.exec(body)?.[1] ?? '';

/** The subjects of every mail sent to `to` so far (after the queue drained), oldest first. */
async function subjectsTo(app: FastifyInstance, to: string) {
  return (await outboxFor(app, to)).map((m) => subjectOf(m.body));
}

async function lastBodyTo(app: FastifyInstance, to: string) {
  const all = await outboxFor(app, to);
  return all[all.length - 1]?.body ?? '';
}

/** What every notice must tell someone who did not do it. */
function expectNotMeGuidance(body: string) {
  expect(body).toContain("If this wasn't you");
  expect(body).toContain('http://localhost:8080/forgot-password');
  expect(body).toContain('http://localhost:8080/account-settings#sessions');
}

describe('security notices (outbox)', () => {
  const t = useApp();

  async function signedIn(ua = UA.linuxFirefox) {
    const user = await createUser(t.db, { email: uniqueEmail('notice'), password: PASSWORD });
    const b = new Device(t.app, ua);
    expect((await b.post('/auth/login', { email: user.email, password: PASSWORD })).statusCode).toBe(200);
    return { user, b };
  }

  it('a password change mails one notice with reset and sessions links', async () => {
    const { user, b } = await signedIn();
    const res = await b.send('PUT', '/auth/user/password', {
      current_password: PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(await subjectsTo(t.app, user.email)).toEqual(['Zema: your password was changed']);
    const body = await lastBodyTo(t.app, user.email);
    expectNotMeGuidance(body);
    expect(body).toContain('text/html');
    // The notice never carries the password.
    expect(body).not.toContain(NEW_PASSWORD);
  });

  it('a wrong current password changes nothing and mails nothing', async () => {
    const { user, b } = await signedIn();
    const res = await b.send('PUT', '/auth/user/password', {
      current_password: 'not it',
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(422);
    expect(await subjectsTo(t.app, user.email)).toEqual([]);
  });

  it('a password reset mails one password-changed notice after the reset link', async () => {
    const user = await createUser(t.db, { email: uniqueEmail('reset-notice'), password: PASSWORD });
    const token = 'reset-token-for-notice';
    await t.db.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: sha256Hex(`${token}-${user.id}`),
      expiresAt: new Date(Date.now() + 60_000),
    });
    const res = await new Client(t.app).post('/auth/reset-password', {
      token: `${token}-${user.id}`,
      email: user.email,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(await subjectsTo(t.app, user.email)).toEqual(['Zema: your password was changed']);
  });

  it('turning two-factor on and off mails one notice each; cancelling a setup mails nothing', async () => {
    const { user, b } = await signedIn();
    await b.post('/auth/user/confirm-password', { password: PASSWORD });

    // A setup that is cancelled never turned anything on.
    expect((await b.post('/auth/user/two-factor-authentication')).statusCode).toBe(200);
    expect((await b.send('DELETE', '/auth/user/two-factor-authentication')).statusCode).toBe(200);
    expect(await subjectsTo(t.app, user.email)).toEqual([]);

    expect((await b.post('/auth/user/two-factor-authentication')).statusCode).toBe(200);
    const { secret } = (await b.get('/auth/user/two-factor/qr-code')).json();
    await awayFromStepEdge();
    const confirmed = await b.post('/auth/user/confirmed-two-factor-authentication', {
      code: await oathtool(secret),
    });
    expect(confirmed.statusCode).toBe(200);
    expect(await subjectsTo(t.app, user.email)).toEqual(['Zema: two-factor authentication turned on']);
    const on = await lastBodyTo(t.app, user.email);
    expectNotMeGuidance(on);
    // The notice shows no secret and no recovery code.
    expect(on).not.toContain(secret);
    for (const code of confirmed.json().recovery_codes as string[]) expect(on).not.toContain(code);

    expect((await b.send('DELETE', '/auth/user/two-factor-authentication')).statusCode).toBe(200);
    expect(await subjectsTo(t.app, user.email)).toEqual([
      'Zema: two-factor authentication turned on',
      'Zema: two-factor authentication turned off',
    ]);
    expectNotMeGuidance(await lastBodyTo(t.app, user.email));
  });

  it('deleting the account mails one notice to its address', async () => {
    const { user, b } = await signedIn();
    await b.post('/auth/user/confirm-password', { password: PASSWORD });
    const res = await b.send('DELETE', '/api/v1/users/me?deleteCurrentUser=true');
    expect(res.statusCode).toBe(200);
    expect(await subjectsTo(t.app, user.email)).toEqual(['Zema: your account was deleted']);
    const body = await lastBodyTo(t.app, user.email);
    expect(body).toContain("If this wasn't you");
    // "Contact us" leads to the contact page.
    expect(body).toContain('http://localhost:8080/contact');
  });

  it('refused deletion (no confirmed password) mails nothing', async () => {
    const { user, b } = await signedIn();
    expect((await b.send('DELETE', '/api/v1/users/me?deleteCurrentUser=true')).statusCode).toBe(423);
    expect(await subjectsTo(t.app, user.email)).toEqual([]);
  });
});

describe('new-device sign-in notices', () => {
  const t = useApp();

  const login = (b: Client, email: string, password = PASSWORD) =>
    b.post('/auth/login', { email, password, remember: false });

  it('registration and the logins after it on the same device mail no sign-in notice', async () => {
    const email = uniqueEmail('first-device');
    const b = new Device(t.app, UA.linuxFirefox);
    const reg = await b.post('/auth/register', {
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(reg.statusCode).toBe(200);
    await b.post('/auth/logout');
    expect((await login(b, email)).statusCode).toBe(200);
    // Another browser on the same kind of device, after a browser update: the same device.
    expect((await login(new Device(t.app, UA.linuxFirefoxNewer), email)).statusCode).toBe(200);
    const subjects = await subjectsTo(t.app, email);
    expect(subjects.filter((s) => /sign-in/.test(s))).toEqual([]);
  });

  it('the first login of an account made without registering is not news either', async () => {
    const user = await createUser(t.db, { email: uniqueEmail('admin-made'), password: PASSWORD });
    expect((await login(new Device(t.app, UA.windowsChrome), user.email)).statusCode).toBe(200);
    expect(await subjectsTo(t.app, user.email)).toEqual([]);
  });

  it('a login from a new device mails one notice naming the device and address', async () => {
    const user = await createUser(t.db, { email: uniqueEmail('new-device'), password: PASSWORD });
    expect((await login(new Device(t.app, UA.linuxFirefox), user.email)).statusCode).toBe(200);
    const phone = new Device(t.app, UA.iphone);
    expect((await login(phone, user.email)).statusCode).toBe(200);
    expect(await subjectsTo(t.app, user.email)).toEqual(['Zema: new sign-in to your account']);
    const body = await lastBodyTo(t.app, user.email);
    expect(body).toContain('Mobile Safari 17 on iOS 17.5 (mobile)');
    expect(body).toContain(`IP address: ${phone.ip}`);
    expectNotMeGuidance(body);

    // The phone is known now: logging in on it again is not news.
    await phone.post('/auth/logout');
    expect((await login(phone, user.email)).statusCode).toBe(200);
    expect(await subjectsTo(t.app, user.email)).toHaveLength(1);
  });

  it('a failed login mails nothing', async () => {
    const user = await createUser(t.db, { email: uniqueEmail('failed-login'), password: PASSWORD });
    await login(new Device(t.app, UA.linuxFirefox), user.email);
    expect((await login(new Device(t.app, UA.iphone), user.email, 'wrong password')).statusCode).toBe(422);
    expect(await subjectsTo(t.app, user.email)).toEqual([]);
  });

  it('with two-factor, the notice comes when the challenge succeeds, not at the password step', async () => {
    const user = await createUser(t.db, { email: uniqueEmail('2fa-device'), password: PASSWORD });
    expect((await login(new Device(t.app, UA.linuxFirefox), user.email)).statusCode).toBe(200);
    const secret = new Secret({ size: 20 }).base32;
    await t.db
      .update(users)
      .set({
        twoFactorSecret: secret,
        twoFactorRecoveryCodes: generateRecoveryCodes().hashed,
        twoFactorConfirmedAt: new Date(),
      })
      .where(eq(users.id, user.id));

    const b = new Device(t.app, UA.windowsChrome);
    expect((await login(b, user.email)).json()).toEqual({ two_factor: true });
    expect(await subjectsTo(t.app, user.email)).toEqual([]);
    await awayFromStepEdge();
    const done = await b.post('/auth/two-factor-challenge', { code: await oathtool(secret) });
    expect(done.statusCode).toBe(200);
    expect(await subjectsTo(t.app, user.email)).toEqual(['Zema: new sign-in to your account']);
    expect(await lastBodyTo(t.app, user.email)).toContain('Chrome 126 on Windows 10 (computer)');
  });

  it('an account older than device records counts its live sessions as known devices', async () => {
    const user = await createUser(t.db, { email: uniqueEmail('legacy'), password: PASSWORD });
    // Sessions made before devices were recorded: no user_devices rows.
    await createSession(t.db, user.id, { userAgent: UA.linuxFirefox });
    await createSession(t.db, user.id, { userAgent: UA.windowsChrome });
    expect(await t.db.select().from(userDevices).where(eq(userDevices.userId, user.id))).toEqual([]);

    expect((await login(new Device(t.app, UA.windowsChrome), user.email)).statusCode).toBe(200);
    expect(await subjectsTo(t.app, user.email)).toEqual([]);
    expect((await login(new Device(t.app, UA.iphone), user.email)).statusCode).toBe(200);
    expect(await subjectsTo(t.app, user.email)).toEqual(['Zema: new sign-in to your account']);
  });

  it('an API token session (no login) records no device', async () => {
    const user = await createUser(t.db, { email: uniqueEmail('token-device') });
    await sessionFor(t.db, user.id);
    expect(await t.db.select().from(userDevices).where(eq(userDevices.userId, user.id))).toEqual([]);
  });
});

describe('security notices over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(() => smtp.close());

  it('the password-changed notice reaches a real SMTP server', async () => {
    const t = await buildTestApp({ MAIL_URL: `smtp://mailer:s3cret@127.0.0.1:${smtp.port}` });
    try {
      const user = await createUser(t.db, { email: uniqueEmail('smtp-notice'), password: PASSWORD });
      const b = new Client(t.app);
      await b.post('/auth/login', { email: user.email, password: PASSWORD });
      const res = await b.send('PUT', '/auth/user/password', {
        current_password: PASSWORD,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      });
      expect(res.statusCode).toBe(200);
      await t.app.deps.mail.flush();
      const received = smtp.received.filter((m) => m.to.includes(user.email));
      expect(received).toHaveLength(1);
      const body = decodeQuotedPrintable(received[0]!.raw);
      expect(body).toMatch(/^Subject: Zema: your password was changed$/m);
      expectNotMeGuidance(body);
    } finally {
      await t.close();
    }
  });

  it('a mail server that refuses does not fail the request, and the log carries no secret', async () => {
    const lines: string[] = [];
    const t = await buildTestApp(
      { MAIL_URL: `smtp://mailer:wrong-secret@127.0.0.1:${smtp.port}`, LOG_LEVEL: 'info' },
      { logStream: { write: (line: string) => void lines.push(line) } },
    );
    try {
      const user = await createUser(t.db, { email: uniqueEmail('smtp-refused'), password: PASSWORD });
      const b = new Client(t.app);
      await b.post('/auth/login', { email: user.email, password: PASSWORD });
      const res = await b.send('PUT', '/auth/user/password', {
        current_password: PASSWORD,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      });
      expect(res.statusCode).toBe(200);
      await t.app.deps.mail.flush();
      expect(smtp.received.some((m) => m.to.includes(user.email))).toBe(false);
      const failures = lines.filter((l) => l.includes('mail could not be sent'));
      expect(failures).toHaveLength(1);
      const log = lines.join('\n');
      for (const secret of [NEW_PASSWORD, PASSWORD, 'wrong-secret']) expect(log).not.toContain(secret);
      // The recipient is personal data: named masked, never whole.
      expect(log).not.toContain(user.email);
    } finally {
      await t.close();
    }
  });
});
