import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@zema/contracts';
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { twoFactorChallenges, users } from '#src/db/schema/index';
import { cookieOptions, TWO_FACTOR_COOKIE } from '#src/http/cookies';
import { validationError } from '#src/http/errors';
import { sha256Hex } from '#src/lib/tokens';
import { startSession } from './login-session';

/** RELIABILITY: SHA-1, 6 digits, 30 s, window ±1 step, secret of at least 160 bits. */
const TOTP_PARAMS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
const TOTP_WINDOW = 1;
const SECRET_BYTES = 20;

export const TWO_FACTOR_MESSAGES = {
  invalidCode: 'The provided two factor authentication code was invalid.',
  invalidRecoveryCode: 'The provided two factor recovery code was invalid.',
  expired: 'Your login attempt has expired. Please log in again.',
  notEnabled: 'Two-factor authentication is not enabled.',
  alreadyEnabled: 'Two-factor authentication is already enabled.',
} as const;

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const randomChars = (n: number) =>
  Array.from({ length: n }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('');

/** `[A-Za-z0-9]{10}-[A-Za-z0-9]{10}`: about 119 bits each, so a plain sha256 is a safe store. */
export function generateRecoveryCode(): string {
  return `${randomChars(10)}-${randomChars(10)}`;
}

export function generateRecoveryCodes(): { plain: string[]; hashed: string[] } {
  const plain = Array.from({ length: RECOVERY_CODE_COUNT }, generateRecoveryCode);
  return { plain, hashed: plain.map(sha256Hex) };
}

function totpFor(secret: string, label = '', issuer = '') {
  return new TOTP({ ...TOTP_PARAMS, issuer, label, secret: Secret.fromBase32(secret) });
}

/**
 * Accepts a TOTP code once per user: the matched time step must be newer than the last accepted
 * one, and storing it is a conditional UPDATE, so two concurrent uses of one code cannot both win.
 */
export async function acceptTotpCode(app: FastifyInstance, userId: number, secret: string, code: string) {
  if (!/^\d{6}$/.test(code)) return false;
  const now = Date.now();
  const totp = totpFor(secret);
  const delta = totp.validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  if (delta === null) return false;
  const step = totp.counter({ timestamp: now }) + delta;
  const updated = await app.db
    .update(users)
    .set({ twoFactorLastUsedStep: step })
    .where(
      and(
        eq(users.id, userId),
        or(isNull(users.twoFactorLastUsedStep), lt(users.twoFactorLastUsedStep, step)),
      ),
    )
    .returning({ id: users.id });
  return updated.length > 0;
}

/** Uses a recovery code: single use, and the used one is replaced by a fresh one (RELIABILITY). */
async function acceptRecoveryCode(app: FastifyInstance, userId: number, code: string) {
  const hash = sha256Hex(code.trim());
  return app.db.transaction(async (tx) => {
    // Row lock: two concurrent uses of one code serialise here; the second no longer finds it.
    const [row] = await tx
      .select({ codes: users.twoFactorRecoveryCodes })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    const codes = row?.codes ?? [];
    const index = codes.indexOf(hash);
    if (index < 0) return false;
    const next = [...codes];
    next[index] = sha256Hex(generateRecoveryCode());
    await tx.update(users).set({ twoFactorRecoveryCodes: next }).where(eq(users.id, userId));
    return true;
  });
}

/**
 * Finishes a pending two-factor login: a valid code or recovery code turns the challenge into a
 * new session (with the remember-me choice made at login); the challenge is deleted.
 */
export async function completeTwoFactorChallenge(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  body: { code: string } | { recovery_code: string },
): Promise<number> {
  const field = 'code' in body ? 'code' : 'recovery_code';
  const cookie = request.cookies[TWO_FACTOR_COOKIE];
  const [challenge] = cookie
    ? await app.db
        .select()
        .from(twoFactorChallenges)
        .where(
          and(eq(twoFactorChallenges.id, sha256Hex(cookie)), gt(twoFactorChallenges.expiresAt, new Date())),
        )
    : [];
  if (!challenge) throw validationError({ [field]: [TWO_FACTOR_MESSAGES.expired] });

  const [user] = await app.db
    .select({ secret: users.twoFactorSecret, confirmedAt: users.twoFactorConfirmedAt })
    .from(users)
    .where(eq(users.id, challenge.userId));
  if (!user?.secret || !user.confirmedAt) throw validationError({ [field]: [TWO_FACTOR_MESSAGES.expired] });

  const ok =
    'code' in body
      ? await acceptTotpCode(app, challenge.userId, user.secret, body.code)
      : await acceptRecoveryCode(app, challenge.userId, body.recovery_code);
  if (!ok) {
    throw validationError({
      [field]: ['code' in body ? TWO_FACTOR_MESSAGES.invalidCode : TWO_FACTOR_MESSAGES.invalidRecoveryCode],
    });
  }
  // Deleting first makes the challenge single use even when two right answers race.
  const gone = await app.db
    .delete(twoFactorChallenges)
    .where(eq(twoFactorChallenges.id, challenge.id))
    .returning({ id: twoFactorChallenges.id });
  if (!gone.length) throw validationError({ [field]: [TWO_FACTOR_MESSAGES.expired] });
  reply.clearCookie(TWO_FACTOR_COOKIE, cookieOptions(request));
  await startSession(app, request, reply, challenge.userId, challenge.remember);
  return challenge.userId;
}

export type TwoFactorStatus = { enabled: boolean; pending: boolean };

async function status(app: FastifyInstance, userId: number): Promise<TwoFactorStatus> {
  const [row] = await app.db
    .select({ secret: users.twoFactorSecret, confirmedAt: users.twoFactorConfirmedAt })
    .from(users)
    .where(eq(users.id, userId));
  return { enabled: Boolean(row?.confirmedAt), pending: Boolean(row?.secret && !row.confirmedAt) };
}

/**
 * Starts (or restarts) setup: a new 160-bit secret and 8 hashed recovery codes, not yet
 * confirmed. Nothing secret is answered; the QR code call shows the secret.
 */
export async function enableTwoFactor(app: FastifyInstance, userId: number): Promise<TwoFactorStatus> {
  if ((await status(app, userId)).enabled)
    throw validationError({ two_factor: [TWO_FACTOR_MESSAGES.alreadyEnabled] });
  await app.db
    .update(users)
    .set({
      twoFactorSecret: new Secret({ size: SECRET_BYTES }).base32,
      twoFactorRecoveryCodes: generateRecoveryCodes().hashed,
      twoFactorConfirmedAt: null,
      twoFactorLastUsedStep: null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
  return { enabled: false, pending: true };
}

/** Turns two-factor off (or cancels a setup); only turning off a confirmed one mails a notice. */
export async function disableTwoFactor(app: FastifyInstance, userId: number): Promise<TwoFactorStatus> {
  const [before] = await app.db
    .select({ email: users.email, confirmedAt: users.twoFactorConfirmedAt })
    .from(users)
    .where(eq(users.id, userId));
  await app.db
    .update(users)
    .set({
      twoFactorSecret: null,
      twoFactorRecoveryCodes: null,
      twoFactorConfirmedAt: null,
      twoFactorLastUsedStep: null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
  await app.db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
  if (before?.confirmedAt) app.mail.sendTwoFactorChanged(before.email, false);
  return { enabled: false, pending: false };
}

async function secretOf(app: FastifyInstance, userId: number) {
  const [row] = await app.db
    .select({ email: users.email, secret: users.twoFactorSecret, confirmedAt: users.twoFactorConfirmedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!row?.secret) throw validationError({ two_factor: [TWO_FACTOR_MESSAGES.notEnabled] });
  return { ...row, secret: row.secret };
}

/** The otpauth:// URI as an SVG QR code, issuer = site name, plus the base32 setup key. */
export async function twoFactorQrCode(app: FastifyInstance, userId: number) {
  const { email, secret } = await secretOf(app, userId);
  const siteName = (await app.settings.getClientSettings()).site_name;
  const uri = totpFor(secret, email, siteName).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { svg, secret };
}

/** Confirms setup with a code from the app (two-factor is on: a notice is mailed); answers the
 * recovery codes, shown this once. */
export async function confirmTwoFactor(app: FastifyInstance, userId: number, code: string) {
  const { email, secret, confirmedAt } = await secretOf(app, userId);
  if (confirmedAt) throw validationError({ code: [TWO_FACTOR_MESSAGES.alreadyEnabled] });
  if (!(await acceptTotpCode(app, userId, secret, code)))
    throw validationError({ code: [TWO_FACTOR_MESSAGES.invalidCode] });
  const codes = generateRecoveryCodes();
  await app.db
    .update(users)
    .set({ twoFactorConfirmedAt: new Date(), twoFactorRecoveryCodes: codes.hashed, updatedAt: new Date() })
    .where(eq(users.id, userId));
  app.mail.sendTwoFactorChanged(email, true);
  return { recovery_codes: codes.plain };
}

/** New recovery codes (the old ones stop working); answered in plain this once. */
export async function regenerateRecoveryCodes(app: FastifyInstance, userId: number) {
  const { confirmedAt } = await secretOf(app, userId);
  if (!confirmedAt) throw validationError({ two_factor: [TWO_FACTOR_MESSAGES.notEnabled] });
  const codes = generateRecoveryCodes();
  await app.db
    .update(users)
    .set({ twoFactorRecoveryCodes: codes.hashed, updatedAt: new Date() })
    .where(eq(users.id, userId));
  return { recovery_codes: codes.plain };
}
