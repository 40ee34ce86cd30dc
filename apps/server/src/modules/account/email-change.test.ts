// Both drivers: a rate limit (Redis store) and a unique race under a row lock.
import { accountResponseSchema } from '@zema/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '#src/lib/tokens';
import { emailChangeRequests } from '#src/modules/account/tables';
import { passwordResetTokens } from '#src/modules/identity/tables';
import { EMAIL_CODE_MESSAGES } from '#src/modules/users/index';
import { emailVerificationCodes, users } from '#src/modules/users/tables';
import { uniqueEmail } from '#test/auth';
import { Client, createUser, tokenFor, useApp } from '#test/helpers';
import { outboxFor } from '#test/mail';

const t = useApp();

const PASSWORD = 'email change password';
const CODE_SUBJECT = 'Zema: confirm your new email address';
const NOTICE_SUBJECT = 'Zema: your email address was changed';

const subjectOf = (body: string) => /^Subject: (.*)$/m.exec(body)?.[1] ?? '';
const subjectsTo = async (app: FastifyInstance, to: string) =>
  (await outboxFor(app, to)).map((m) => subjectOf(m.body));

/** The code of the newest change mail to `to`. */
async function codeSentTo(to: string): Promise<string> {
  const mails = (await outboxFor(t.app, to)).filter((m) => subjectOf(m.body) === CODE_SUBJECT);
  const code = /^(\d{6})$/m.exec(mails[mails.length - 1]?.body ?? '')?.[1];
  if (!code) throw new Error(`no change code mailed to ${to}`);
  return code;
}

/** A signed-in user whose password is confirmed in this browser session. */
async function confirmedUser() {
  const user = await createUser(t.db, { email: uniqueEmail('old'), password: PASSWORD });
  const b = new Client(t.app);
  expect((await b.post('/auth/login', { email: user.email, password: PASSWORD })).statusCode).toBe(200);
  expect((await b.post('/auth/user/confirm-password', { password: PASSWORD })).statusCode).toBe(200);
  return { user, b };
}

const emailOf = async (userId: number) =>
  (await t.db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]?.email;

describe('changing the email address', () => {
  it('mails a code to the new address; the code switches the account and the old address gets a notice', async () => {
    const { user, b } = await confirmedUser();
    await t.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, user.id));
    const next = uniqueEmail('New');

    const sent = await b.post('/api/v1/users/me/email', { email: `  ${next.toUpperCase()} ` });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: 'Email sent' });
    // Nothing changes before the code comes back.
    expect(await emailOf(user.id)).toBe(user.email);
    expect(await subjectsTo(t.app, next.toLowerCase())).toEqual([CODE_SUBJECT]);
    expect(await subjectsTo(t.app, user.email)).toEqual([]);
    // Stored hashed, never in plain.
    const code = await codeSentTo(next.toLowerCase());
    const [row] = await t.db
      .select()
      .from(emailChangeRequests)
      .where(eq(emailChangeRequests.userId, user.id));
    expect(row!.codeHash).not.toContain(code);
    expect(row!.codeHash).toMatch(/^\$argon2id\$/);

    const done = await b.post('/api/v1/users/me/email/confirm', { code });
    expect(done.statusCode).toBe(200);
    const me = accountResponseSchema.parse(done.json()).user;
    expect(me.email).toBe(next.toLowerCase());
    expect(me.email_verified_at).not.toBeNull();
    expect(await emailOf(user.id)).toBe(next.toLowerCase());

    // One notice to the OLD address, with the new one masked and what to do if it was not them.
    expect(await subjectsTo(t.app, user.email)).toEqual([NOTICE_SUBJECT]);
    const notice = (await outboxFor(t.app, user.email))[0]!.body;
    expect(notice).not.toContain(next.toLowerCase());
    expect(notice).toContain(
      `ne${'*'.repeat(next.indexOf('@') - 2)}${next.slice(next.indexOf('@')).toLowerCase()}`,
    );
    expect(notice).toContain("If this wasn't you");
    // "Contact us" leads to the contact page.
    expect(notice).toContain('http://localhost:8080/contact');
    expect(notice).toContain('http://localhost:8080/account-settings#sessions');
    // The new address got only its code.
    expect(await subjectsTo(t.app, next.toLowerCase())).toEqual([CODE_SUBJECT]);

    // The code is single use, and the new address signs in.
    const again = await b.post('/api/v1/users/me/email/confirm', { code });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.code).toEqual([EMAIL_CODE_MESSAGES.missing]);
    const fresh = new Client(t.app);
    expect((await fresh.post('/auth/login', { email: next, password: PASSWORD })).statusCode).toBe(200);
    expect((await fresh.post('/auth/login', { email: user.email, password: PASSWORD })).statusCode).toBe(422);
  });

  it('needs a password confirmed in this session (423), and a token never changes it', async () => {
    const user = await createUser(t.db, { email: uniqueEmail('unconfirmed'), password: PASSWORD });
    const b = new Client(t.app);
    await b.post('/auth/login', { email: user.email, password: PASSWORD });
    const next = uniqueEmail('nope');
    const locked = await b.post('/api/v1/users/me/email', { email: next });
    expect(locked.statusCode).toBe(423);
    expect(locked.json()).toEqual({ message: 'Password confirmation required.' });
    expect((await b.post('/api/v1/users/me/email/confirm', { code: '123456' })).statusCode).toBe(423);

    const token = await tokenFor(t.db, user.id);
    const viaToken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/me/email',
      headers: token.headers,
      payload: { email: next },
    });
    expect(viaToken.statusCode).toBe(423);
    expect(await subjectsTo(t.app, next)).toEqual([]);
    // Visitors are not let in at all.
    expect((await new Client(t.app).post('/api/v1/users/me/email', { email: next })).statusCode).toBe(401);
  });

  it('refuses an address another account uses (422 errors.email, nothing mailed) and the current one', async () => {
    const { user, b } = await confirmedUser();
    const other = await createUser(t.db, { email: uniqueEmail('taken') });
    const taken = await b.post('/api/v1/users/me/email', { email: other.email.toUpperCase() });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toEqual({
      message: 'The email has already been taken.',
      errors: { email: ['The email has already been taken.'] },
    });
    expect(await subjectsTo(t.app, other.email)).toEqual([]);

    const same = await b.post('/api/v1/users/me/email', { email: user.email });
    expect(same.statusCode).toBe(422);
    expect(same.json().errors.email).toEqual(['This is already your email address.']);

    const invalid = await b.post('/api/v1/users/me/email', { email: 'not an email' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors.email).toEqual(['Enter a valid email address.']);
  });

  it('refuses at the code step when the address was taken in between, and changes nothing', async () => {
    const { user, b } = await confirmedUser();
    const next = uniqueEmail('raced');
    await b.post('/api/v1/users/me/email', { email: next });
    const code = await codeSentTo(next);
    await createUser(t.db, { email: next });
    const res = await b.post('/api/v1/users/me/email/confirm', { code });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['The email has already been taken.']);
    expect(await emailOf(user.id)).toBe(user.email);
    expect(await subjectsTo(t.app, user.email)).toEqual([]);
  });

  it('a wrong code is refused; five wrong tries kill the code, even the right one after', async () => {
    const { user, b } = await confirmedUser();
    const next = uniqueEmail('tries');
    await b.post('/api/v1/users/me/email', { email: next });
    const code = await codeSentTo(next);
    const wrong = code === '000000' ? '111111' : '000000';
    const first = await b.post('/api/v1/users/me/email/confirm', { code: wrong });
    expect(first.statusCode).toBe(422);
    expect(first.json().errors.code).toEqual([EMAIL_CODE_MESSAGES.invalid]);
    for (let i = 0; i < 4; i++) await b.post('/api/v1/users/me/email/confirm', { code: wrong });
    const dead = await b.post('/api/v1/users/me/email/confirm', { code });
    expect(dead.statusCode).toBe(422);
    expect(dead.json().errors.code).toEqual([EMAIL_CODE_MESSAGES.dead]);
    expect(await emailOf(user.id)).toBe(user.email);
  });

  it('asking again makes a new code: the earlier one no longer works', async () => {
    const { user, b } = await confirmedUser();
    const next = uniqueEmail('resend');
    await b.post('/api/v1/users/me/email', { email: next });
    const first = await codeSentTo(next);
    await b.post('/api/v1/users/me/email', { email: next });
    const second = await codeSentTo(next);
    expect(await subjectsTo(t.app, next)).toEqual([CODE_SUBJECT, CODE_SUBJECT]);
    // One in a million the two codes are the same digits; then only the second check means much.
    if (first !== second) {
      const old = await b.post('/api/v1/users/me/email/confirm', { code: first });
      expect(old.json().errors.code).toEqual([EMAIL_CODE_MESSAGES.invalid]);
    }
    expect((await b.post('/api/v1/users/me/email/confirm', { code: second })).statusCode).toBe(200);
    expect(await emailOf(user.id)).toBe(next);
  });

  it('a code older than 10 minutes has expired', async () => {
    const { user, b } = await confirmedUser();
    const next = uniqueEmail('late');
    await b.post('/api/v1/users/me/email', { email: next });
    const code = await codeSentTo(next);
    await t.db
      .update(emailChangeRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChangeRequests.userId, user.id));
    const res = await b.post('/api/v1/users/me/email/confirm', { code });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.code).toEqual([EMAIL_CODE_MESSAGES.expired]);
    expect(await emailOf(user.id)).toBe(user.email);
  });

  it('the code lives 10 minutes from the request', async () => {
    const { user, b } = await confirmedUser();
    const before = Date.now();
    await b.post('/api/v1/users/me/email', { email: uniqueEmail('ttl') });
    const [row] = await t.db
      .select()
      .from(emailChangeRequests)
      .where(eq(emailChangeRequests.userId, user.id));
    const ttl = row!.expiresAt.getTime() - before;
    expect(ttl).toBeGreaterThan(9.9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000 + 5_000);
  });

  it('without a pending change a code is refused', async () => {
    const { b } = await confirmedUser();
    const res = await b.post('/api/v1/users/me/email/confirm', { code: '123456' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.code).toEqual([EMAIL_CODE_MESSAGES.missing]);
  });

  it('reset links mailed to the old address and a pending verification code die with the change', async () => {
    const { user, b } = await confirmedUser();
    await t.db.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: sha256Hex(`old-link-${user.id}`),
      expiresAt: new Date(Date.now() + 60 * 60_000),
    });
    await t.db.insert(emailVerificationCodes).values({
      userId: user.id,
      codeHash: 'x',
      expiresAt: new Date(Date.now() + 60_000),
    });
    const next = uniqueEmail('links');
    await b.post('/api/v1/users/me/email', { email: next });
    expect(
      (await b.post('/api/v1/users/me/email/confirm', { code: await codeSentTo(next) })).statusCode,
    ).toBe(200);
    const reset = await new Client(t.app).post('/auth/reset-password', {
      token: `old-link-${user.id}`,
      email: next,
      password: 'another password',
      password_confirmation: 'another password',
    });
    expect(reset.statusCode).toBe(422);
    expect(
      await t.db.select().from(emailVerificationCodes).where(eq(emailVerificationCodes.userId, user.id)),
    ).toEqual([]);
  });

  it('sending codes is rate limited like the verification code (6 a minute)', async () => {
    const { b } = await confirmedUser();
    const answers: number[] = [];
    for (let i = 0; i < 7; i++) {
      answers.push((await b.post('/api/v1/users/me/email', { email: uniqueEmail(`limit${i}`) })).statusCode);
    }
    expect(answers.slice(0, 6)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers[6]).toBe(429);
  });
});
