import { randomInt } from 'node:crypto';
import { msg, RECOVERY_CODE_COUNT } from '@zema/contracts';
import { and, eq, gt, isNotNull, isNull, lt, notLike, or } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { invalidInput } from '#src/lib/errors';
import { randomToken, sha256Hex } from '#src/lib/tokens';
import { twoFactorChallenges } from '#src/modules/identity/tables';
import { updateUser } from '#src/modules/users/index';
import { users } from '#src/modules/users/tables';
import { resolveAppKey } from '#src/platform/app-key';
import type { Deps } from '#src/platform/deps';
import { isSealed, openSecret, SecretBoxError, sealSecret } from '#src/platform/secret-box';

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

/**
 * users.two_factor_secret holds the base32 secret sealed under the install key (`APP_KEY` or
 * DATA_DIR/app-key; platform/secret-box.ts, decision 0062), so a copy of the database alone does
 * not give away anyone's second factor. A row from before that holds it in plain text: it is read
 * as it is and sealed on the spot (and all of them at the server's start).
 */
type SecretDeps = Pick<Deps, 'db' | 'config' | 'log'>;

/**
 * The base32 secret of a stored value; null when it was sealed under another install key (APP_KEY
 * changed, DATA_DIR/app-key lost): codes then fail, recovery codes still work, and setting
 * two-factor up again makes a new one.
 */
async function openTotpSecret(deps: SecretDeps, userId: number, stored: string): Promise<string | null> {
  const appKey = await resolveAppKey(deps.config);
  if (!isSealed(stored)) {
    await sealPlainSecret(deps, appKey, userId, stored);
    return stored;
  }
  try {
    return openSecret(appKey, stored);
  } catch (err) {
    if (!(err instanceof SecretBoxError)) throw err;
    deps.log.warn(
      { userId },
      'two-factor secret sealed under another install key (APP_KEY changed?): its codes fail until two-factor is set up again; recovery codes still work',
    );
    return null;
  }
}

/** Seals a plain stored secret, unless the row changed meanwhile (its writer wrote a sealed one). */
async function sealPlainSecret(deps: Pick<Deps, 'db'>, appKey: string, userId: number, plain: string) {
  const done = await updateUser(
    deps.db,
    userId,
    { twoFactorSecret: sealSecret(appKey, plain) },
    eq(users.twoFactorSecret, plain),
  );
  return done !== null;
}

/**
 * Seals every two-factor secret still stored in plain text (rows written before decision 0062),
 * a batch at a time; run at the server's start. Safe on several instances at once: each row is
 * rewritten only while it still holds the plain value. Answers how many it sealed.
 */
export async function sealPlainTwoFactorSecrets(deps: Pick<Deps, 'db' | 'config'>, batch = 500) {
  const appKey = await resolveAppKey(deps.config);
  let sealed = 0;
  let after = 0;
  for (;;) {
    const rows = await deps.db
      .select({ id: users.id, secret: users.twoFactorSecret })
      .from(users)
      .where(
        and(gt(users.id, after), isNotNull(users.twoFactorSecret), notLike(users.twoFactorSecret, 'v1.%')),
      )
      .orderBy(users.id)
      .limit(batch);
    for (const row of rows) {
      if (row.secret && !isSealed(row.secret) && (await sealPlainSecret(deps, appKey, row.id, row.secret)))
        sealed++;
    }
    if (rows.length < batch) return sealed;
    after = rows[rows.length - 1]!.id;
  }
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

  let ok: boolean;
  if ('code' in body) {
    const secret = await openTotpSecret(deps, challenge.userId, user.secret);
    ok = secret !== null && (await acceptTotpCode(deps, challenge.userId, secret, body.code));
  } else {
    ok = await acceptRecoveryCode(deps, challenge.userId, body.recovery_code);
  }
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
    twoFactorSecret: sealSecret(await resolveAppKey(deps.config), new Secret({ size: SECRET_BYTES }).base32),
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

/** The user's two-factor setup: its stored (sealed) secret and whether it was confirmed. */
async function setupOf(deps: Deps, userId: number) {
  const [row] = await deps.db
    .select({ email: users.email, stored: users.twoFactorSecret, confirmedAt: users.twoFactorConfirmedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!row?.stored) throw invalidInput({ two_factor: [TWO_FACTOR_MESSAGES.notEnabled] });
  return { ...row, stored: row.stored };
}

/** The otpauth:// URI as an SVG QR code, issuer = site name, plus the base32 setup key. */
export async function twoFactorQrCode(deps: Deps, userId: number) {
  const { email, stored } = await setupOf(deps, userId);
  const secret = await openTotpSecret(deps, userId, stored);
  // Sealed under another install key: nothing to show; cancelling and enabling again starts afresh.
  if (secret === null) throw invalidInput({ two_factor: [TWO_FACTOR_MESSAGES.notEnabled] });
  const siteName = (await deps.settings.getClientSettings()).site_name;
  const uri = totpFor(secret, email, siteName).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { svg, secret };
}

/** Confirms setup with a code from the app (two-factor is on: a notice is mailed); answers the
 * recovery codes, shown this once. */
export async function confirmTwoFactor(deps: Deps, userId: number, code: string) {
  const { email, stored, confirmedAt } = await setupOf(deps, userId);
  if (confirmedAt) throw invalidInput({ code: [TWO_FACTOR_MESSAGES.alreadyEnabled] });
  const secret = await openTotpSecret(deps, userId, stored);
  if (secret === null || !(await acceptTotpCode(deps, userId, secret, code)))
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
  const { confirmedAt } = await setupOf(deps, userId);
  if (!confirmedAt) throw invalidInput({ two_factor: [TWO_FACTOR_MESSAGES.notEnabled] });
  const codes = generateRecoveryCodes();
  await updateUser(deps.db, userId, { twoFactorRecoveryCodes: codes.hashed, updatedAt: new Date() });
  return { recovery_codes: codes.plain };
}
