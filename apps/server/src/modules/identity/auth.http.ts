/**
 * The HTTP side of the ways in: login, registration and the two-factor challenge set the session
 * and two-factor cookies (the session itself: modules/identity/session.http.ts). Called by routes
 * only; the checks and writes behind it are services (auth.service.ts, two-factor.service.ts).
 */
import type { RegisterRequest } from '@zema/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { browserOf } from '#src/http/caller';
import { cookieOptions, TWO_FACTOR_COOKIE } from '#src/http/cookies';
import type { Deps } from '#src/platform/deps';
import { checkCredentials, type RegisterResult, register as registerAccount } from './auth.service';
import { endCurrentSession, startSession } from './session.http';
import {
  createTwoFactorChallenge,
  passTwoFactorChallenge,
  TWO_FACTOR_CHALLENGE_MS,
} from './two-factor.service';

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
