import { randomInt } from 'node:crypto';
import { msg, RECOVERY_CODE_COUNT } from '@zema/contracts';
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { invalidInput } from '#src/lib/errors';
import { randomToken, sha256Hex } from '#src/lib/tokens';
import { twoFactorChallenges } from '#src/modules/identity/tables';
import { updateUser } from '#src/modules/users/index';
import { users } from '#src/modules/users/tables';
import type { Deps } from '#src/platform/deps';

/** A pending two-factor login lasts 10 minutes (RELIABILITY). */
export const TWO_FACTOR_CHALLENGE_MS = 10 * 60 * 1000;

/** RELIABILITY: SHA-1, 6 digits, 30 s, window ±1 step, secret of at least 160 bits. */
const TOTP_PARAMS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
const TOTP_WINDOW = 1;
const SECRET_BYTES = 20;

export const TWO_FACTOR_MESSAGES = {
  invalidCode: msg('The provided two factor authentication code was invalid.'),
  invalidRecoveryCode: msg('The provided two factor recovery code was invalid.'),
  expired: msg('Your login attempt has expired. Please log in again.'),
  notEnabled: msg('Two-factor authentication is not enabled.'),
  alreadyEnabled: msg('Two-factor authentication is already enabled.'),
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
export async function acceptTotpCode(deps: Deps, userId: number, secret: string, code: string) {
  if (!/^\d{6}$/.test(code)) return false;
  const now = Date.now();
  const totp = totpFor(secret);
  const delta = totp.validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  if (delta === null) return false;
  const step = totp.counter({ timestamp: now }) + delta;
  // Compare-and-set: a code's step is accepted once, even by two requests at the same moment.
  const updated = await updateUser(
    deps.db,
    userId,
    { twoFactorLastUsedStep: step },
    or(isNull(users.twoFactorLastUsedStep), lt(users.twoFactorLastUsedStep, step)),
  );
  return updated !== null;
}

/** Uses a recovery code: single use, and the used one is replaced by a fresh one (RELIABILITY). */
async function acceptRecoveryCode(deps: Deps, userId: number, code: string) {
  const hash = sha256Hex(code.trim());
  return deps.db.transaction(async (tx) => {
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
    await updateUser(tx, userId, { twoFactorRecoveryCodes: next });
    return true;
  });
}

/**
 * Passes a pending two-factor login (`challengeToken`: the value of its cookie): a valid code or
 * recovery code consumes the challenge and answers who logged in and their remember-me choice made
 * at login (auth.http.ts then starts the session).
 */
export async function passTwoFactorChallenge(
  deps: Deps,
  challengeToken: string | undefined,
  body: { code: string } | { recovery_code: string },
): Promise<{ userId: number; remember: boolean }> {
  const field = 'code' in body ? 'code' : 'recovery_code';
  const cookie = challengeToken;
  const [challenge] = cookie
    ? await deps.db
        .select()
        .from(twoFactorChallenges)
        .where(
          and(eq(twoFactorChallenges.id, sha256Hex(cookie)), gt(twoFactorChallenges.expiresAt, new Date())),
        )
    : [];
  if (!challenge) throw invalidInput({ [field]: [TWO_FACTOR_MESSAGES.expired] });

  const [user] = await deps.db
    .select({ secret: users.twoFactorSecret, confirmedAt: users.twoFactorConfirmedAt })
    .from(users)
    .where(eq(users.id, challenge.userId));
  if (!user?.secret || !user.confirmedAt) throw invalidInput({ [field]: [TWO_FACTOR_MESSAGES.expired] });

  const ok =
    'code' in body
      ? await acceptTotpCode(deps, challenge.userId, user.secret, body.code)
      : await acceptRecoveryCode(deps, challenge.userId, body.recovery_code);
  if (!ok) {
    throw invalidInput({
      [field]: ['code' in body ? TWO_FACTOR_MESSAGES.invalidCode : TWO_FACTOR_MESSAGES.invalidRecoveryCode],
    });
  }
  // Deleting first makes the challenge single use even when two right answers race.
  const gone = await deps.db
    .delete(twoFactorChallenges)
    .where(eq(twoFactorChallenges.id, challenge.id))
    .returning({ id: twoFactorChallenges.id });
  if (!gone.length) throw invalidInput({ [field]: [TWO_FACTOR_MESSAGES.expired] });
  return { userId: challenge.userId, remember: challenge.remember };
}

/** A pending two-factor login for `userId` (credentials checked): its secret token, for a cookie. */
export async function createTwoFactorChallenge(deps: Deps, userId: number, remember: boolean) {
  const token = randomToken(32);
  await deps.db.insert(twoFactorChallenges).values({
    id: sha256Hex(token),
    userId,
    remember,
    expiresAt: new Date(Date.now() + TWO_FACTOR_CHALLENGE_MS),
  });
  return token;
}

export type TwoFactorStatus = { enabled: boolean; pending: boolean };

async function status(deps: Deps, userId: number): Promise<TwoFactorStatus> {
  const [row] = await deps.db
    .select({ secret: users.twoFactorSecret, confirmedAt: users.twoFactorConfirmedAt })
    .from(users)
    .where(eq(users.id, userId));
  return { enabled: Boolean(row?.confirmedAt), pending: Boolean(row?.secret && !row.confirmedAt) };
}

/**
 * Starts (or restarts) setup: a new 160-bit secret and 8 hashed recovery codes, not yet
 * confirmed. Nothing secret is answered; the QR code call shows the secret.
 */
export async function enableTwoFactor(deps: Deps, userId: number): Promise<TwoFactorStatus> {
  if ((await status(deps, userId)).enabled)
    throw invalidInput({ two_factor: [TWO_FACTOR_MESSAGES.alreadyEnabled] });
  await updateUser(deps.db, userId, {
    twoFactorSecret: new Secret({ size: SECRET_BYTES }).base32,
    twoFactorRecoveryCodes: generateRecoveryCodes().hashed,
    twoFactorConfirmedAt: null,
    twoFactorLastUsedStep: null,
    updatedAt: new Date(),
  });
  await deps.events.emit('account.changed', { userId });
  return { enabled: false, pending: true };
}

/** Turns two-factor off (or cancels a setup); only turning off a confirmed one mails a notice. */
export async function disableTwoFactor(deps: Deps, userId: number): Promise<TwoFactorStatus> {
  const [before] = await deps.db
    .select({ email: users.email, confirmedAt: users.twoFactorConfirmedAt })
    .from(users)
    .where(eq(users.id, userId));
  await updateUser(deps.db, userId, {
    twoFactorSecret: null,
    twoFactorRecoveryCodes: null,
    twoFactorConfirmedAt: null,
    twoFactorLastUsedStep: null,
    updatedAt: new Date(),
  });
  await deps.db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
  await deps.events.emit('account.changed', { userId });
  if (before?.confirmedAt) deps.mail.sendTwoFactorChanged(before.email, false);
  return { enabled: false, pending: false };
}

async function secretOf(deps: Deps, userId: number) {
  const [row] = await deps.db
    .select({ email: users.email, secret: users.twoFactorSecret, confirmedAt: users.twoFactorConfirmedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!row?.secret) throw invalidInput({ two_factor: [TWO_FACTOR_MESSAGES.notEnabled] });
  return { ...row, secret: row.secret };
}

/** The otpauth:// URI as an SVG QR code, issuer = site name, plus the base32 setup key. */
export async function twoFactorQrCode(deps: Deps, userId: number) {
  const { email, secret } = await secretOf(deps, userId);
  const siteName = (await deps.settings.getClientSettings()).site_name;
  const uri = totpFor(secret, email, siteName).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { svg, secret };
}

/** Confirms setup with a code from the app (two-factor is on: a notice is mailed); answers the
 * recovery codes, shown this once. */
export async function confirmTwoFactor(deps: Deps, userId: number, code: string) {
  const { email, secret, confirmedAt } = await secretOf(deps, userId);
  if (confirmedAt) throw invalidInput({ code: [TWO_FACTOR_MESSAGES.alreadyEnabled] });
  if (!(await acceptTotpCode(deps, userId, secret, code)))
    throw invalidInput({ code: [TWO_FACTOR_MESSAGES.invalidCode] });
  const codes = generateRecoveryCodes();
  await updateUser(deps.db, userId, {
    twoFactorConfirmedAt: new Date(),
    twoFactorRecoveryCodes: codes.hashed,
    updatedAt: new Date(),
  });
  await deps.events.emit('account.changed', { userId });
  deps.mail.sendTwoFactorChanged(email, true);
  return { recovery_codes: codes.plain };
}

/** New recovery codes (the old ones stop working); answered in plain this once. */
export async function regenerateRecoveryCodes(deps: Deps, userId: number) {
  const { confirmedAt } = await secretOf(deps, userId);
  if (!confirmedAt) throw invalidInput({ two_factor: [TWO_FACTOR_MESSAGES.notEnabled] });
  const codes = generateRecoveryCodes();
  await updateUser(deps.db, userId, { twoFactorRecoveryCodes: codes.hashed, updatedAt: new Date() });
  return { recovery_codes: codes.plain };
}
