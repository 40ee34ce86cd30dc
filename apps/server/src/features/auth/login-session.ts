import type { BootstrapData } from '@zema/contracts';
import { GUEST_LOCALE_COOKIE } from '@zema/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { buildBootstrapData } from '#src/features/bootstrap/bootstrap.service';
import { loadUser } from '#src/features/users/users.service';
import { sessionCookieOptions } from '#src/http/auth.plugin';
import { sha256Hex } from '#src/lib/tokens';
import { noticeSignIn } from './devices.service';
import { createSession, deleteSession, REMEMBER_LIFETIME_MS, SESSION_COOKIE } from './session.service';

/** sha256 of the session cookie of a cookie-authenticated request (= sessions.id), else null. */
export function currentSessionId(request: FastifyRequest): string | null {
  const cookie = request.cookies[SESSION_COOKIE];
  return request.authVia === 'session' && cookie ? sha256Hex(cookie) : null;
}

/** Ends the session the request came with (if any) and clears its cookie. */
export async function endCurrentSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const cookie = request.cookies[SESSION_COOKIE];
  if (!cookie) return;
  await deleteSession(app.db, cookie);
  reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(request));
}

/**
 * Logs `userId` in with a NEW session id (session fixation: a cookie the browser came with is
 * deleted, never upgraded). Remember-me = a 30-day cookie; otherwise a browser-session cookie.
 * A sign-in from a device the user never used before mails them (not the account's first device).
 */
export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  remember: boolean,
) {
  const old = request.cookies[SESSION_COOKIE];
  if (old) await deleteSession(app.db, old);
  const meta = { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
  const token = await createSession(app.db, userId, { ...meta, remember });
  reply.setCookie(
    SESSION_COOKIE,
    token,
    sessionCookieOptions(request, remember ? Math.floor(REMEMBER_LIFETIME_MS / 1000) : undefined),
  );
  await noticeSignIn({ db: app.db, mail: app.mail, log: request.log }, userId, meta);
}

/** Bootstrap data for `userId` (or a visitor) — the answer of login, register, 2FA and logout. */
export async function bootstrapFor(
  app: FastifyInstance,
  request: FastifyRequest,
  userId: number | null,
): Promise<BootstrapData> {
  const user = userId ? await loadUser(app.db, userId) : null;
  return buildBootstrapData(app, user, request.cookies[GUEST_LOCALE_COOKIE]);
}
