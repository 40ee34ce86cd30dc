// Both drivers: one token used twice at once, and a rate limit.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '#src/lib/tokens';
import { passwordResetTokens, personalAccessTokens, sessions } from '#src/modules/identity/tables';
import { uniqueEmail } from '#test/auth';
import { Client, createUser, request, tokenFor, useApp } from '#test/helpers';
import { lastMailTo, outboxFor, settled } from '#test/mail';

const t = useApp();

const PASSWORD = 'correct horse battery';
const NEXT = 'a much newer password';
const SENT = { message: 'We have emailed your password reset link.' };

/** The token from the mailed link `<base_url>/password/reset/<token>?email=<email>`. */
async function mailedToken(email: string) {
  const mail = await lastMailTo(t.app, email);
  const match = new RegExp(
    `http://localhost:8080/password/reset/([A-Za-z0-9_-]+)\\?email=${encodeURIComponent(email)}`,
  ).exec(mail);
  return match![1]!;
}

const reset = (
  b: Client,
  body: Partial<Record<'token' | 'email' | 'password' | 'password_confirmation', string>>,
) => b.post('/auth/reset-password', { password: NEXT, password_confirmation: NEXT, ...body });

describe('POST auth/forgot-password', () => {
  it('answers the same for known and unknown emails, mailing only the known', async () => {
    const user = await createUser(t.db, { password: PASSWORD });
    const unknown = uniqueEmail('nobody');
    for (const email of [user.email, user.email.toUpperCase(), unknown, unknown]) {
      const res = await new Client(t.app).post('/auth/forgot-password', { email });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(SENT);
    }
    expect(await outboxFor(t.app, unknown)).toEqual([]);
    expect(await outboxFor(t.app, user.email)).toHaveLength(2);
  });

  it('answers known and unknown emails in the same time (40 + 40 interleaved, medians within 1 ms or the noise)', async () => {
    const known = await Promise.all(
      Array.from({ length: 4 }, () => createUser(t.db, { password: PASSWORD }).then((u) => u.email)),
    );
    const timed = async (email: string) => {
      // Each request from its own address: the per-IP limit (6 a minute) must not answer instead.
      const b = new Client(t.app);
      const start = process.hrtime.bigint();
      const res = await b.post('/auth/forgot-password', { email });
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      expect(res.statusCode).toBe(200);
      // Work left behind by this request (token, mail) finishes before the next one is timed, so
      // one request's aftermath never lands in another's measurement.
      await settled(t.app);
      return ms;
    };
    // Warm-up: JIT, prepared statements and the settings cache for both paths.
    for (let i = 0; i < 10; i++) await timed(i % 2 ? known[i % 4]! : uniqueEmail('warm'));
    const samples = { known: [] as number[], unknown: [] as number[] };
    // Pairs in random order, so drift in the machine's load falls on both sides alike.
    for (let i = 0; i < 40; i++) {
      const pair = [
        ['known', known[i % 4]!],
        ['unknown', uniqueEmail('nobody')],
      ] as const;
      for (const [kind, email] of Math.random() < 0.5 ? pair : [...pair].reverse())
        samples[kind].push(await timed(email));
    }
    const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
    const median = (xs: number[]) => {
      const s = sorted(xs);
      return (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
    };
    // The machine's own noise: the spread (interquartile range) of all 80 times. On a quiet machine
    // it is well under a millisecond and the bound is 1 ms; on a loaded one (both cores busy) every
    // request takes a few milliseconds more or less, and a difference within that spread says
    // nothing. A path that did more work for a known email (a hash, a mail sent inline, a lookup
    // more) would stand out from both.
    const all = sorted([...samples.known, ...samples.unknown]);
    const spread = all[Math.floor(all.length * 0.75)]! - all[Math.floor(all.length * 0.25)]!;
    const difference = median(samples.known) - median(samples.unknown);
    expect(
      Math.abs(difference),
      `median known ${median(samples.known).toFixed(2)} ms, unknown ${median(samples.unknown).toFixed(2)} ms, spread ${spread.toFixed(2)} ms`,
    ).toBeLessThan(Math.max(1, spread));
  });

  it('stores only a sha256 of a 32-byte token, valid 60 minutes', async () => {
    const user = await createUser(t.db, { password: PASSWORD });
    await new Client(t.app).post('/auth/forgot-password', { email: user.email });
    const token = await mailedToken(user.email);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(32);
    const [row] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(row!.tokenHash).toBe(sha256Hex(token));
    const ttl = row!.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(59 * 60_000);
    expect(ttl).toBeLessThanOrEqual(60 * 60_000);
  });

  it('6 requests a minute per client, then 429 on email', async () => {
    const b = new Client(t.app);
    for (let i = 0; i < 6; i++)
      expect((await b.post('/auth/forgot-password', { email: uniqueEmail() })).statusCode).toBe(200);
    const limited = await b.post('/auth/forgot-password', { email: uniqueEmail() });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json().errors.email[0]).toMatch(/^Too many password reset requests\./);
  });
});

describe('POST auth/reset-password', () => {
  it('sets the password, ends every session, is single use; the user logs in again', async () => {
    const user = await createUser(t.db, { password: PASSWORD });
    const phone = new Client(t.app);
    await phone.post('/auth/login', { email: user.email, password: PASSWORD });
    const api = await tokenFor(t.db, user.id);
    const b = new Client(t.app);
    await b.post('/auth/forgot-password', { email: user.email });
    const token = await mailedToken(user.email);

    const res = await reset(b, { token, email: user.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your password has been reset.' });
    expect(res.cookies.find((c) => c.name === 'zema_session')).toBeUndefined();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect((await phone.get('/auth/user/confirmed-password-status')).statusCode).toBe(401);
    // Personal access tokens are sessions too (RELIABILITY: other sessions end on reset).
    expect((await request(t.app, api, { method: 'GET', url: '/api/v1/users/me' })).statusCode).toBe(401);
    expect(
      await t.db.select().from(personalAccessTokens).where(eq(personalAccessTokens.userId, user.id)),
    ).toEqual([]);
    const [row] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(row!.usedAt).not.toBeNull();

    const again = await reset(b, {
      token,
      email: user.email,
      password: 'third password!',
      password_confirmation: 'third password!',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.email).toEqual(['This password reset token is invalid.']);

    expect(
      (await new Client(t.app).post('/auth/login', { email: user.email, password: PASSWORD })).statusCode,
    ).toBe(422);
    expect(
      (await new Client(t.app).post('/auth/login', { email: user.email, password: NEXT })).statusCode,
    ).toBe(200);
  });

  it('refuses an expired token, a token for another email, an unknown token and a mismatch', async () => {
    const user = await createUser(t.db, { password: PASSWORD });
    const other = await createUser(t.db, { password: PASSWORD });
    const b = new Client(t.app);
    await b.post('/auth/forgot-password', { email: user.email });
    const token = await mailedToken(user.email);

    expect((await reset(b, { token, email: other.email })).json().errors.email).toEqual([
      'This password reset token is invalid.',
    ]);
    expect((await reset(b, { token: 'x'.repeat(43), email: user.email })).statusCode).toBe(422);
    const mismatch = await reset(b, { token, email: user.email, password_confirmation: 'not the same one' });
    expect(mismatch.json().errors.password).toEqual(['The password confirmation does not match.']);

    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    const expired = await reset(b, { token, email: user.email });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors.email).toEqual(['This password reset token is invalid.']);
    // Nothing changed: the old password still works.
    expect(
      (await new Client(t.app).post('/auth/login', { email: user.email, password: PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('one token used twice at once: exactly one reset happens', async () => {
    const user = await createUser(t.db, { password: PASSWORD });
    const b = new Client(t.app);
    await b.post('/auth/forgot-password', { email: user.email });
    const token = await mailedToken(user.email);
    const results = await Promise.all([
      reset(b, { token, email: user.email }),
      reset(b, { token, email: user.email }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
  });
});
