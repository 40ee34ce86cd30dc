import { createHash } from 'node:crypto';
import { hasPermission, PERMISSIONS, type User } from '@zema/contracts';
import { eq, sql } from 'drizzle-orm';
import { users } from '#src/modules/users/tables';
import type { Deps } from '#src/platform/deps';
import { matchAppPassword, type PasswordProof } from './app-passwords.service';
import { type Params, SUBSONIC_ERRORS, SubsonicError } from './protocol';

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/** Failed sign-ins per (user name, IP) in a window, then each further try waits and fails. */
export type AuthThrottle = {
  blocked(key: string): Promise<boolean>;
  failed(key: string): Promise<void>;
};

/** Cache keys of account ids by email (lower-cased). */
export const USER_BY_EMAIL_NAMESPACE = 'subsonic-user:';

export const AUTH_FAILURES_MAX = 5;
export const AUTH_FAILURE_WINDOW_MS = 60_000;

/**
 * Counts failed sign-ins like the login's limit (5 a minute per user name and IP), in Redis when
 * it is set (so the count holds across instances), else in this process.
 */
export function createAuthThrottle(
  redis: Deps['redis'],
  /** The install's REDIS_PREFIX (config.redisPrefix), before every key in Redis. */
  installPrefix = '',
  max = AUTH_FAILURES_MAX,
  windowMs = AUTH_FAILURE_WINDOW_MS,
): AuthThrottle {
  const local = new Map<string, { count: number; until: number }>();
  const prefix = `${installPrefix}zema-subsonic-auth:`;
  return {
    async blocked(key) {
      if (redis) return Number(await redis.get(prefix + key)) >= max;
      const entry = local.get(key);
      if (!entry) return false;
      if (entry.until <= Date.now()) {
        local.delete(key);
        return false;
      }
      return entry.count >= max;
    },
    async failed(key) {
      if (redis) {
        const n = await redis.incr(prefix + key);
        if (n === 1) await redis.pexpire(prefix + key, windowMs);
        return;
      }
      const now = Date.now();
      const entry = local.get(key);
      if (!entry || entry.until <= now) local.set(key, { count: 1, until: now + windowMs });
      else entry.count += 1;
      if (local.size > 10_000) {
        for (const [k, e] of local) if (e.until <= now) local.delete(k);
      }
    },
  };
}

/** `p` in the clear or as `enc:` + hex of its UTF-8 bytes. */
function plainPassword(p: string): string {
  if (!p.startsWith('enc:')) return p;
  const hex = p.slice(4);
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex))
    throw new SubsonicError(SUBSONIC_ERRORS.wrongCredentials, 'Wrong username or password');
  return Buffer.from(hex, 'hex').toString('utf8');
}

const wrong = () => new SubsonicError(SUBSONIC_ERRORS.wrongCredentials, 'Wrong username or password');

/**
 * Who is calling: a personal access token (`apiKey`, the OpenSubsonic apiKeyAuthentication
 * extension), or the email address (`u`) with one of the user's app passwords, in the clear
 * (`p`) or as a token (`t` = md5(password + `s`)). The account password never works here. The
 * user must be allowed to use the API (`api.access`), not suspended, and verified when the
 * site asks for verified emails.
 */
export async function authenticate(
  deps: Deps,
  throttle: AuthThrottle,
  params: Params,
  ip: string,
  sleep: (ms: number) => Promise<void>,
): Promise<User> {
  const apiKey = params.get('apiKey');
  const u = params.get('u');
  const p = params.get('p');
  const t = params.get('t');
  const s = params.get('s');
  let user: User | null;
  if (apiKey !== undefined) {
    if (u !== undefined || p !== undefined || t !== undefined) {
      throw new SubsonicError(
        SUBSONIC_ERRORS.conflictingAuth,
        'Provide either apiKey or a user name and password, not both',
      );
    }
    const key = `key|${ip}`;
    if (await throttle.blocked(key)) {
      await sleep(1000);
      throw new SubsonicError(SUBSONIC_ERRORS.invalidApiKey, 'Invalid API key');
    }
    user = apiKey ? await deps.signedIn.userForAccessToken(apiKey) : null;
    if (!user) {
      await throttle.failed(key);
      throw new SubsonicError(SUBSONIC_ERRORS.invalidApiKey, 'Invalid API key');
    }
  } else {
    if (!u) throw new SubsonicError(SUBSONIC_ERRORS.missingParameter, 'Required parameter is missing: u');
    if (p !== undefined && (t !== undefined || s !== undefined)) {
      throw new SubsonicError(SUBSONIC_ERRORS.conflictingAuth, 'Provide either p or t and s, not both');
    }
    let proof: PasswordProof;
    if (p !== undefined) proof = { kind: 'plain', password: plainPassword(p) };
    else if (t !== undefined && s !== undefined) proof = { kind: 'token', token: t, salt: s };
    else
      throw new SubsonicError(
        SUBSONIC_ERRORS.missingParameter,
        'Required parameter is missing: p, or t and s',
      );
    const name = u.trim().toLowerCase();
    const key = `${name}|${ip}`;
    if (await throttle.blocked(key)) {
      // Error 40, then a delay: a guesser gets no faster answer and no hint that it was stopped.
      await sleep(1000);
      throw wrong();
    }
    // Kept a minute (an app signs every request); an unknown name is not kept, and an email
    // change drops every entry (index.ts).
    const row = await deps.cache.get(
      `${USER_BY_EMAIL_NAMESPACE}${name}`,
      async () =>
        (
          await deps.db
            .select({ id: users.id })
            .from(users)
            .where(eq(sql`lower(${users.email})`, name))
            .limit(1)
        )[0] ?? null,
      { ttlMs: 60_000, keepIf: (found) => found !== null },
    );
    const matched = row ? await matchAppPassword(deps, row.id, proof, md5) : null;
    user = matched !== null && row ? await deps.signedIn.userById(row.id) : null;
    if (!user) {
      await throttle.failed(key);
      throw wrong();
    }
  }
  if (!hasPermission(user, PERMISSIONS.apiAccess)) {
    throw new SubsonicError(SUBSONIC_ERRORS.notAuthorized, 'Your account may not use apps');
  }
  if (!user.email_verified_at && (await deps.settings.getClientSettings()).require_email_confirmation) {
    throw new SubsonicError(SUBSONIC_ERRORS.notAuthorized, 'Verify your email address first');
  }
  return user;
}
