// Both drivers: one code used by two logins at once (a row lock), and a rate limit; secrets sealed
// at rest (decision 0062), plain rows of before read and sealed.
import { RECOVERY_CODE_COUNT, RECOVERY_CODE_PATTERN } from '@zema/contracts';
import { eq } from 'drizzle-orm';
import { Secret } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE, TWO_FACTOR_COOKIE } from '#src/http/cookies';
import { sha256Hex } from '#src/lib/tokens';
import { sessions, twoFactorChallenges } from '#src/modules/identity/tables';
import { users } from '#src/modules/users/tables';
import { resolveAppKey } from '#src/platform/app-key';
import { isSealed, openSecret, sealSecret } from '#src/platform/secret-box';
import { awayFromStepEdge, oathtool } from '#test/auth';
import { Client, createUser, useApp } from '#test/helpers';
import { identityModule } from './index';
import { generateRecoveryCodes, sealPlainTwoFactorSecrets } from './two-factor.service';

const t = useApp();

const PASSWORD = 'correct horse battery';
const STEP = 30_000;

const installKey = () => resolveAppKey(t.config);

/**
 * A user with two-factor already confirmed (as after setup), and its plain recovery codes. `stored`
 * is what the column holds: the secret sealed under the install key, as the server writes it.
 */
async function twoFactorUser(stored = async (secret: string) => sealSecret(await installKey(), secret)) {
  const user = await createUser(t.db, { password: PASSWORD });
  const secret = new Secret({ size: 20 }).base32;
  const codes = generateRecoveryCodes();
  await t.db
    .update(users)
    .set({
      twoFactorSecret: await stored(secret),
      twoFactorRecoveryCodes: codes.hashed,
      twoFactorConfirmedAt: new Date(),
    })
    .where(eq(users.id, user.id));
  return { ...user, secret, recoveryCodes: codes.plain };
}

const storedSecret = async (userId: number) =>
  (await t.db.select({ s: users.twoFactorSecret }).from(users).where(eq(users.id, userId)))[0]!.s;

async function pendingLogin(email: string, remember = true) {
  const b = new Client(t.app);
  const res = await b.post('/auth/login', { email, password: PASSWORD, remember });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ two_factor: true });
  return { b, res };
}

const isLoggedIn = async (b: Client) =>
  (await b.get('/auth/user/confirmed-password-status')).statusCode === 200;

describe('two-factor management', () => {
  it('enable (after password confirmation) → QR code → confirm with a code → recovery codes once', async () => {
    const user = await createUser(t.db, { password: PASSWORD });
    const b = new Client(t.app);
    await b.post('/auth/login', { email: user.email, password: PASSWORD });

    const locked = await b.post('/auth/user/two-factor-authentication');
    expect(locked.statusCode).toBe(423);
    expect(locked.json()).toEqual({ message: 'Password confirmation required.' });
    expect((await b.get('/auth/user/two-factor/qr-code')).statusCode).toBe(423);

    await b.post('/auth/user/confirm-password', { password: PASSWORD });
    const enabled = await b.post('/auth/user/two-factor-authentication');
    expect(enabled.statusCode).toBe(200);
    // Nothing secret in the answer.
    expect(enabled.json()).toEqual({ enabled: false, pending: true });
    const [pending] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(pending!.twoFactorConfirmedAt).toBeNull();
    expect(pending!.twoFactorRecoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);

    const qr = await b.get('/auth/user/two-factor/qr-code');
    expect(qr.statusCode).toBe(200);
    const { svg, secret } = qr.json();
    expect(svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // The column holds it sealed under the install key, not the base32 secret.
    expect(isSealed(pending!.twoFactorSecret)).toBe(true);
    expect(pending!.twoFactorSecret).not.toContain(secret);
    expect(openSecret(await installKey(), pending!.twoFactorSecret!)).toBe(secret);
    // At least 160 bits: 32 base32 characters.
    expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
    expect(
      Buffer.from(new Secret({ buffer: Secret.fromBase32(secret).buffer }).buffer).length,
    ).toBeGreaterThanOrEqual(20);

    const wrong = await b.post('/auth/user/confirmed-two-factor-authentication', { code: '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code).toEqual(['The provided two factor authentication code was invalid.']);

    await awayFromStepEdge();
    const confirmed = await b.post('/auth/user/confirmed-two-factor-authentication', {
      code: await oathtool(secret),
    });
    expect(confirmed.statusCode).toBe(200);
    const plain: string[] = confirmed.json().recovery_codes;
    expect(plain).toHaveLength(RECOVERY_CODE_COUNT);
    for (const code of plain) {
      expect(code).toMatch(RECOVERY_CODE_PATTERN);
      expect(code).toHaveLength(21);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.twoFactorConfirmedAt).not.toBeNull();
    // Stored hashed: no plain code in the row, each sha256 is.
    const stored = JSON.stringify(row!.twoFactorRecoveryCodes);
    for (const code of plain) {
      expect(stored).not.toContain(code);
      expect(row!.twoFactorRecoveryCodes).toContain(sha256Hex(code));
    }

    const me = await b.get('/api/v1/bootstrap-data');
    expect(me.json().bootstrapData.user.two_factor_confirmed_at).not.toBeNull();
    expect(JSON.stringify(me.json())).not.toContain(secret);

    // Regenerating gives 8 new codes; the old ones stop working.
    const again = await b.post('/auth/user/two-factor-recovery-codes');
    expect(again.statusCode).toBe(200);
    const fresh: string[] = again.json().recovery_codes;
    expect(fresh).toHaveLength(RECOVERY_CODE_COUNT);
    expect(fresh.some((c) => plain.includes(c))).toBe(false);
    const [after] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(after!.twoFactorRecoveryCodes).toEqual(fresh.map(sha256Hex));

    const disabled = await b.send('DELETE', '/auth/user/two-factor-authentication');
    expect(disabled.json()).toEqual({ enabled: false, pending: false });
    const [off] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(off!.twoFactorSecret).toBeNull();
    expect(off!.twoFactorConfirmedAt).toBeNull();
    // Logging in no longer asks for a code.
    const login = await new Client(t.app).post('/auth/login', { email: user.email, password: PASSWORD });
    expect(login.json().bootstrapData.user.id).toBe(user.id);
  });

  it('is for logged-in users only', async () => {
    const b = new Client(t.app);
    expect((await b.post('/auth/user/two-factor-authentication')).statusCode).toBe(401);
    expect((await b.get('/auth/user/two-factor/qr-code')).statusCode).toBe(401);
  });
});

describe('two-factor login', () => {
  it('a login that needs two-factor returns no usable session until the challenge', async () => {
    const user = await twoFactorUser();
    const { b, res } = await pendingLogin(user.email);
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    const pending = res.cookies.find((c) => c.name === TWO_FACTOR_COOKIE)!;
    expect(pending.httpOnly).toBe(true);
    expect(pending.maxAge).toBe(600);
    expect(await isLoggedIn(b)).toBe(false);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    // The pending cookie is not a session cookie in disguise.
    const forged = new Client(t.app);
    forged.cookies.set(SESSION_COOKIE, pending.value);
    expect(await isLoggedIn(forged)).toBe(false);

    await awayFromStepEdge();
    const ok = await b.post('/auth/two-factor-challenge', { code: await oathtool(user.secret) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().bootstrapData.user.id).toBe(user.id);
    expect(b.cookies.has(TWO_FACTOR_COOKIE)).toBe(false);
    expect(await isLoggedIn(b)).toBe(true);
    // The challenge is gone: the same pending cookie cannot start a second session.
    expect(
      await t.db.select().from(twoFactorChallenges).where(eq(twoFactorChallenges.userId, user.id)),
    ).toEqual([]);
  });

  it('issues a NEW session id at two-factor success, dropping the one the browser had', async () => {
    const user = await twoFactorUser();
    const other = await createUser(t.db, { password: PASSWORD });
    const b = new Client(t.app);
    await b.post('/auth/login', { email: other.email, password: PASSWORD });
    const before = b.cookies.get(SESSION_COOKIE)!;
    await b.post('/auth/login', { email: user.email, password: PASSWORD });
    expect(b.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, sha256Hex(before))),
    ).toEqual([]);
    await awayFromStepEdge();
    await b.post('/auth/two-factor-challenge', { code: await oathtool(user.secret) });
    const after = b.cookies.get(SESSION_COOKIE)!;
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
  });

  it.each([true, false])('keeps the remember-me choice (%s) made at login', async (remember) => {
    const user = await twoFactorUser();
    const { b } = await pendingLogin(user.email, remember);
    const [challenge] = await t.db
      .select()
      .from(twoFactorChallenges)
      .where(eq(twoFactorChallenges.userId, user.id));
    expect(challenge!.remember).toBe(remember);
    expect(challenge!.expiresAt.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(challenge!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    await awayFromStepEdge();
    const ok = await b.post('/auth/two-factor-challenge', { code: await oathtool(user.secret) });
    const cookie = ok.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie.maxAge).toBe(remember ? 30 * 24 * 3600 : undefined);
    const [session] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sha256Hex(cookie.value)));
    expect(session!.remember).toBe(remember);
  });

  it('a pending login expires after 10 minutes; without one the challenge is refused', async () => {
    const user = await twoFactorUser();
    const { b } = await pendingLogin(user.email);
    await t.db
      .update(twoFactorChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(twoFactorChallenges.userId, user.id));
    const code = await oathtool(user.secret);
    const expired = await b.post('/auth/two-factor-challenge', { code });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors.code).toEqual(['Your login attempt has expired. Please log in again.']);
    expect(await isLoggedIn(b)).toBe(false);
    const none = await new Client(t.app).post('/auth/two-factor-challenge', {
      recovery_code: user.recoveryCodes[0],
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.recovery_code).toEqual([
      'Your login attempt has expired. Please log in again.',
    ]);
  });

  it('TOTP accepts codes within ±1 step (checked with oathtool), nothing further, each once', async () => {
    await awayFromStepEdge(5000);
    const now = Date.now();
    const user = await twoFactorUser();
    const attempt = async (at: number) => {
      const { b } = await pendingLogin(user.email);
      return (await b.post('/auth/two-factor-challenge', { code: await oathtool(user.secret, at) }))
        .statusCode;
    };
    // Too old and too new: outside the window.
    expect(await attempt(now - 2 * STEP)).toBe(422);
    expect(await attempt(now + 2 * STEP)).toBe(422);
    // One step back, then now, then one ahead: all accepted (each is newer than the last).
    expect(await attempt(now - STEP)).toBe(200);
    expect(await attempt(now)).toBe(200);
    // The same code again is refused, and so is an older step still inside the window.
    expect(await attempt(now)).toBe(422);
    expect(await attempt(now - STEP)).toBe(422);
    expect(await attempt(now + STEP)).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.twoFactorLastUsedStep).toBe(Math.floor(now / STEP) + 1);
  });

  it('one code used by two logins at once: exactly one wins', async () => {
    const user = await twoFactorUser();
    const first = await pendingLogin(user.email);
    const second = await pendingLogin(user.email);
    await awayFromStepEdge();
    const code = await oathtool(user.secret);
    const results = await Promise.all([
      first.b.post('/auth/two-factor-challenge', { code }),
      second.b.post('/auth/two-factor-challenge', { code }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
  });

  it('recovery codes: single use, the used one replaced by a new (hashed) one', async () => {
    const user = await twoFactorUser();
    const code = user.recoveryCodes[3]!;
    const { b } = await pendingLogin(user.email);
    const ok = await b.post('/auth/two-factor-challenge', { recovery_code: code });
    expect(ok.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    const stored = row!.twoFactorRecoveryCodes!;
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    expect(stored).not.toContain(sha256Hex(code));
    // The other seven are untouched, in place; the replacement is a new sha256.
    user.recoveryCodes.forEach((c, i) => {
      if (i !== 3) expect(stored[i]).toBe(sha256Hex(c));
    });
    expect(stored[3]).toMatch(/^[0-9a-f]{64}$/);

    const reuse = await (await pendingLogin(user.email)).b.post('/auth/two-factor-challenge', {
      recovery_code: code,
    });
    expect(reuse.statusCode).toBe(422);
    expect(reuse.json().errors.recovery_code).toEqual(['The provided two factor recovery code was invalid.']);
  });

  it('5 tries a minute per pending login, then 429', async () => {
    const user = await twoFactorUser();
    const { b } = await pendingLogin(user.email);
    for (let i = 0; i < 5; i++) {
      expect((await b.post('/auth/two-factor-challenge', { code: '000000' })).statusCode).toBe(422);
    }
    const limited = await b.post('/auth/two-factor-challenge', { code: await oathtool(user.secret) });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // A new pending login (a new password check) has its own count.
    const fresh = await pendingLogin(user.email);
    await awayFromStepEdge();
    expect(
      (await fresh.b.post('/auth/two-factor-challenge', { code: await oathtool(user.secret) })).statusCode,
    ).toBe(200);
  });
});

describe('two-factor secrets at rest (decision 0062)', () => {
  it('the column holds no base32 secret, yet the QR code call shows it and its codes log in', async () => {
    const user = await createUser(t.db, { password: PASSWORD });
    const b = new Client(t.app);
    await b.post('/auth/login', { email: user.email, password: PASSWORD });
    await b.post('/auth/user/confirm-password', { password: PASSWORD });
    await b.post('/auth/user/two-factor-authentication');
    const { secret } = (await b.get('/auth/user/two-factor/qr-code')).json();
    await awayFromStepEdge();
    const confirmed = await b.post('/auth/user/confirmed-two-factor-authentication', {
      code: await oathtool(secret),
    });
    expect(confirmed.statusCode).toBe(200);

    const stored = (await storedSecret(user.id))!;
    expect(stored).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored).not.toMatch(/[A-Z2-7]{32}/);
    // What a database dump would show, every column of the row: not the secret.
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(JSON.stringify(row)).not.toContain(secret);
    // The QR code call still answers the base32 secret, the same each time.
    expect((await b.get('/auth/user/two-factor/qr-code')).json().secret).toBe(secret);

    const { b: next } = await pendingLogin(user.email);
    const ok = await next.post('/auth/two-factor-challenge', {
      code: await oathtool(secret, Date.now() + STEP),
    });
    expect(ok.statusCode).toBe(200);
    expect(await isLoggedIn(next)).toBe(true);
  });

  it('reads a plain secret of before as it is, and seals it on that first use', async () => {
    const user = await twoFactorUser(async (secret) => secret);
    expect(await storedSecret(user.id)).toBe(user.secret);
    const { b } = await pendingLogin(user.email);
    await awayFromStepEdge();
    const ok = await b.post('/auth/two-factor-challenge', { code: await oathtool(user.secret) });
    expect(ok.statusCode).toBe(200);
    const stored = (await storedSecret(user.id))!;
    expect(isSealed(stored)).toBe(true);
    expect(openSecret(await installKey(), stored)).toBe(user.secret);
  });

  it("seals every plain secret at the server's start, once, and leaves sealed ones alone", async () => {
    const plainUser = () => twoFactorUser(async (secret) => secret);
    const plain = [await plainUser(), await plainUser()];
    const sealed = await twoFactorUser();
    const sealedBefore = await storedSecret(sealed.id);
    const without = await createUser(t.db, {});

    await identityModule.resume!(t.deps);
    for (const user of plain) {
      const stored = (await storedSecret(user.id))!;
      expect(isSealed(stored)).toBe(true);
      expect(openSecret(await installKey(), stored)).toBe(user.secret);
    }
    expect(await storedSecret(sealed.id)).toBe(sealedBefore);
    expect(await storedSecret(without.id)).toBeNull();
    expect(await sealPlainTwoFactorSecrets(t.deps)).toBe(0);
    // Batches of one: the walk goes on past each batch.
    const more = [await plainUser(), await plainUser(), await plainUser()];
    expect(await sealPlainTwoFactorSecrets(t.deps, 1)).toBe(3);
    for (const user of more) expect(isSealed(await storedSecret(user.id))).toBe(true);

    const { b } = await pendingLogin(plain[0]!.email);
    await awayFromStepEdge();
    const ok = await b.post('/auth/two-factor-challenge', { code: await oathtool(plain[0]!.secret) });
    expect(ok.statusCode).toBe(200);
  });

  it('a secret sealed under another install key: codes fail, recovery codes still let the user in', async () => {
    const user = await twoFactorUser(async (secret) =>
      sealSecret('another-install-key-of-at-least-32-characters', secret),
    );
    const { b } = await pendingLogin(user.email);
    await awayFromStepEdge();
    const refused = await b.post('/auth/two-factor-challenge', { code: await oathtool(user.secret) });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.code).toEqual(['The provided two factor authentication code was invalid.']);
    const ok = await b.post('/auth/two-factor-challenge', { recovery_code: user.recoveryCodes[0] });
    expect(ok.statusCode).toBe(200);
    // Setting it up again (turn off, enable) makes a new secret the install key opens.
    await b.post('/auth/user/confirm-password', { password: PASSWORD });
    expect((await b.get('/auth/user/two-factor/qr-code')).statusCode).toBe(422);
    await b.send('DELETE', '/auth/user/two-factor-authentication');
    await b.post('/auth/user/two-factor-authentication');
    const { secret } = (await b.get('/auth/user/two-factor/qr-code')).json();
    expect(openSecret(await installKey(), (await storedSecret(user.id))!)).toBe(secret);
  });
});
