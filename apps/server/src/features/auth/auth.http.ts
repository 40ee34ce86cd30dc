/**
 * The HTTP side of signing in and out: the session and two-factor cookies, and the bootstrap data
 * answered after a login, a registration, a two-factor challenge or a logout. Called by routes only;
 * the checks and writes behind it are services (auth.service.ts, two-factor.service.ts).
 */
import type { BootstrapData } from '@zema/contracts';
import { GUEST_LOCALE_COOKIE, type RegisterRequest } from '@zema/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '#src/deps';
import { buildBootstrapData } from '#src/features/bootstrap/bootstrap.service';
import { loadUser } from '#src/features/users/users.service';
import { sessionCookieOptions } from '#src/http/auth.plugin';
import { browserOf } from '#src/http/caller';
import { cookieOptions, TWO_FACTOR_COOKIE } from '#src/http/cookies';
import { checkCredentials, type RegisterResult, register as registerAccount } from './auth.service';
import { noticeSignIn } from './devices.service';
import { createSession, deleteSession, REMEMBER_LIFETIME_MS, SESSION_COOKIE } from './session.service';
import {
  createTwoFactorChallenge,
  passTwoFactorChallenge,
  TWO_FACTOR_CHALLENGE_MS,
} from './two-factor.service';

/** Ends the session the request came with (if any) and clears its cookie. */
export async function endCurrentSession(deps: Deps, request: FastifyRequest, reply: FastifyReply) {
  const cookie = request.cookies[SESSION_COOKIE];
  if (!cookie) return;
  await deleteSession(deps.db, cookie);
  reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(request));
}

/**
 * Logs `userId` in with a NEW session id (session fixation: a cookie the browser came with is
 * deleted, never upgraded). Remember-me = a 30-day cookie; otherwise a browser-session cookie.
 * A sign-in from a device the user never used before mails them (not the account's first device).
 */
export async function startSession(
  deps: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  remember: boolean,
) {
  const old = request.cookies[SESSION_COOKIE];
  if (old) await deleteSession(deps.db, old);
  const meta = { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
  const token = await createSession(deps.db, userId, { ...meta, remember });
  reply.setCookie(
    SESSION_COOKIE,
    token,
    sessionCookieOptions(request, remember ? Math.floor(REMEMBER_LIFETIME_MS / 1000) : undefined),
  );
  await noticeSignIn({ db: deps.db, mail: deps.mail, log: request.log }, userId, meta);
}

/** Bootstrap data for `userId` (or a visitor) — the answer of login, register, 2FA and logout. */
export async function bootstrapFor(
  deps: Deps,
  request: FastifyRequest,
  userId: number | null,
): Promise<BootstrapData> {
  const user = userId ? await loadUser(deps.db, userId) : null;
  return buildBootstrapData(deps, user, request.cookies[GUEST_LOCALE_COOKIE]);
}

export type LoginResult = { userId: number } | { twoFactor: true };

/**
 * Login (SPEC §7 auth/login): checks the credentials and starts a session, or, when the account
 * has two-factor confirmed, a pending two-factor login in a cookie of its own (no session exists
 * until the challenge is passed; whatever session the browser had is over).
 */
export async function login(
  deps: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
  body: { email: string; password: string; remember: boolean },
): Promise<LoginResult> {
  const { userId, twoFactor } = await checkCredentials(deps, body);
  if (twoFactor) {
    await endCurrentSession(deps, request, reply);
    const token = await createTwoFactorChallenge(deps, userId, body.remember);
    reply.setCookie(
      TWO_FACTOR_COOKIE,
      token,
      cookieOptions(request, { maxAge: TWO_FACTOR_CHALLENGE_MS / 1000 }),
    );
    return { twoFactor: true };
  }
  await startSession(deps, request, reply, userId, body.remember);
  return { userId };
}

/** Registration: the account is created (auth.service.ts), then signed in, remembered. */
export async function register(
  deps: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
  body: RegisterRequest,
): Promise<RegisterResult> {
  const result = await registerAccount(deps, browserOf(request), body);
  await startSession(deps, request, reply, result.userId, true);
  return result;
}

/** The second step of a two-factor login: the challenge's cookie goes, the session starts. */
export async function completeTwoFactorChallenge(
  deps: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
  body: { code: string } | { recovery_code: string },
): Promise<number> {
  const { userId, remember } = await passTwoFactorChallenge(deps, request.cookies[TWO_FACTOR_COOKIE], body);
  reply.clearCookie(TWO_FACTOR_COOKIE, cookieOptions(request));
  await startSession(deps, request, reply, userId, remember);
  return userId;
}
