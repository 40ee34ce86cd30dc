// Both drivers: concurrent guesses against one code row, and a rate limit.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailVerificationCodes, users } from '#src/modules/users/tables';
import { uniqueEmail } from '#test/auth';
import { Client, useApp } from '#test/helpers';
import { lastMailTo, outboxFor } from '#test/mail';
import { validateEmailVerificationCode } from './email-verification.service';

const t = useApp();
beforeAll(async () => {
  await t.app.deps.settings.set('require_email_confirmation', true);
});

const PASSWORD = 'correct horse battery';

/** Registers through the API (confirmation required) and reads the mailed code. */
async function registered() {
  const b = new Client(t.app);
  const email = uniqueEmail('verify');
  const res = await b.post('/auth/register', { email, password: PASSWORD, password_confirmation: PASSWORD });
  expect(res.json().status).toBe('needs_email_verification');
  const userId: number = res.json().bootstrapData.user.id;
  return { b, email, userId, code: codeIn(await lastMailTo(t.app, email)) };
}

const codeIn = (mail: string) => /font-family:monospace">(\d{6})</.exec(mail)![1]!;
const wrongCode = (code: string) => ((Number(code) + 1) % 1_000_000).toString().padStart(6, '0');

const row = async (userId: number) =>
  (await t.db.select().from(emailVerificationCodes).where(eq(emailVerificationCodes.userId, userId)))[0];
const verifiedAt = async (userId: number) =>
  (await t.db.select({ v: users.emailVerifiedAt }).from(users).where(eq(users.id, userId)))[0]!.v;

describe('email verification codes', () => {
  it('6 digits, stored hashed, valid 10 minutes; the right code verifies the email once', async () => {
    const { b, userId, code, email } = await registered();
    expect(code).toMatch(/^\d{6}$/);
    const stored = (await row(userId))!;
    expect(stored.codeHash).not.toContain(code);
    expect(stored.codeHash).toMatch(/^\$argon2id\$/);
    const ttl = stored.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);

    const ok = await b.post('/api/v1/validate-email-verification-otp', { code });
    expect(ok.statusCode).toBe(200);
    expect(await verifiedAt(userId)).not.toBeNull();
    expect(await row(userId)).toBeUndefined();
    const me = await b.get('/api/v1/bootstrap-data');
    expect(me.json().bootstrapData.user.email_verified_at).not.toBeNull();
    expect((await b.post('/api/v1/validate-email-verification-otp', { code })).statusCode).toBe(422);
    expect(await lastMailTo(t.app, email)).toContain('Welcome');
  });

  it('a wrong code counts; after 5 wrong tries even the right code is refused until a resend', async () => {
    const { b, userId, code, email } = await registered();
    for (let i = 1; i <= 5; i++) {
      const res = await b.post('/api/v1/validate-email-verification-otp', { code: wrongCode(code) });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.code).toEqual(['The code is invalid.']);
      expect((await row(userId))!.attempts).toBe(i);
    }
    const dead = await b.post('/api/v1/validate-email-verification-otp', { code });
    expect(dead.statusCode).toBe(422);
    expect(dead.json().errors.code).toEqual(['Too many wrong codes. Request a new one.']);
    expect(await verifiedAt(userId)).toBeNull();

    const resend = await b.post('/api/v1/resend-email-verification', { email });
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toEqual({ message: 'Email sent' });
    expect((await row(userId))!.attempts).toBe(0);
    const mails = await outboxFor(t.app, email);
    expect(mails).toHaveLength(2);
    const fresh = codeIn(mails[1]!.body);
    // Six checks were this minute's allowance over HTTP; the service itself has no limit.
    // The old code died with the resend (unless the new one happens to be equal).
    if (fresh !== code) {
      await expect(validateEmailVerificationCode(t.deps, userId, code)).rejects.toThrow(
        'The code is invalid.',
      );
    }
    await validateEmailVerificationCode(t.deps, userId, fresh);
    expect(await verifiedAt(userId)).not.toBeNull();
  });

  it('an expired code is refused with its own message', async () => {
    const { b, userId, code } = await registered();
    await t.db
      .update(emailVerificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerificationCodes.userId, userId));
    const res = await b.post('/api/v1/validate-email-verification-otp', { code });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.code).toEqual(['The code has expired. Request a new one.']);
  });

  it('concurrent wrong guesses never get more than 5 comparisons', async () => {
    const { b, userId, code } = await registered();
    const guesses = await Promise.all(
      Array.from({ length: 6 }, () =>
        b.post('/api/v1/validate-email-verification-otp', { code: wrongCode(code) }),
      ),
    );
    expect(guesses.every((g) => g.statusCode === 422 || g.statusCode === 429)).toBe(true);
    expect((await row(userId))!.attempts).toBe(5);
  });

  it('resend goes to the account address only, and is refused once verified', async () => {
    const { b, email, userId, code } = await registered();
    const elsewhere = uniqueEmail('attacker');
    await b.post('/api/v1/resend-email-verification', { email: elsewhere });
    expect(await outboxFor(t.app, elsewhere)).toEqual([]);
    expect((await outboxFor(t.app, email)).length).toBe(2);
    const fresh = codeIn(await lastMailTo(t.app, email));
    await b.post('/api/v1/validate-email-verification-otp', { code: fresh === code ? code : fresh });
    expect(await verifiedAt(userId)).not.toBeNull();
    const again = await b.post('/api/v1/resend-email-verification', {});
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.email).toEqual(['Your email is already verified.']);
  });

  it('sends and checks: 6 a minute each, then 429', async () => {
    const { b, code } = await registered();
    for (let i = 0; i < 6; i++)
      expect((await b.post('/api/v1/resend-email-verification', {})).statusCode).toBe(200);
    const sends = await b.post('/api/v1/resend-email-verification', {});
    expect(sends.statusCode).toBe(429);
    expect(sends.headers['retry-after']).toBeDefined();
    expect(sends.json().errors.email).toBeDefined();

    const other = await registered();
    for (let i = 0; i < 6; i++)
      await other.b.post('/api/v1/validate-email-verification-otp', { code: '123456' });
    const checks = await other.b.post('/api/v1/validate-email-verification-otp', { code: other.code });
    expect(checks.statusCode).toBe(429);
    expect(checks.json().errors.code).toBeDefined();
    expect(code).toMatch(/^\d{6}$/);
  });

  it('needs a logged-in user', async () => {
    const b = new Client(t.app);
    expect((await b.post('/api/v1/resend-email-verification', {})).statusCode).toBe(401);
    expect((await b.post('/api/v1/validate-email-verification-otp', { code: '123456' })).statusCode).toBe(
      401,
    );
  });
});
