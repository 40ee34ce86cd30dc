/**
 * The session cookie's side of signing in and out, shared by every way in (password, two-factor,
 * social sign-in) and by the account pages that end a session: start a session with a fresh id,
 * end the current one, and answer the bootstrap data for whoever is signed in now.
 */
import type { BootstrapData } from '@zema/contracts';
import { GUEST_LOCALE_COOKIE } from '@zema/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionCookieOptions } from '#src/http/auth.plugin';
import { SESSION_COOKIE } from '#src/http/cookies';
import { buildBootstrapData } from '#src/modules/site/index';
import { loadUser } from '#src/modules/users/index';
import type { Deps } from '#src/platform/deps';
import { noticeSignIn } from './devices.service';
import { createSession, deleteSession, REMEMBER_LIFETIME_MS } from './session.service';

/** Ends the session the request came with (if any) and clears its cookie. */
export async function endCurrentSession(deps: Deps, request: FastifyRequest, reply: FastifyReply) {
  const cookie = request.cookies[SESSION_COOKIE];
  if (!cookie) return;
  await deleteSession(deps, cookie);
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
  opts: { impersonatorId?: number } = {},
) {
  const old = request.cookies[SESSION_COOKIE];
  if (old) await deleteSession(deps, old);
  const meta = { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
  const token = await createSession(deps.db, userId, {
    ...meta,
    remember,
    impersonatorId: opts.impersonatorId,
  });
  reply.setCookie(
    SESSION_COOKIE,
    token,
    sessionCookieOptions(request, remember ? Math.floor(REMEMBER_LIFETIME_MS / 1000) : undefined),
  );
  // An admin's "Log in as" is not the user signing in from a new device.
  if (!opts.impersonatorId)
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
