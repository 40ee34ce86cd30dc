import {
  PASSWORD_CONFIRMATION_SECONDS,
  type RegisterRequest,
  type UpdatePasswordRequest,
} from '@zema/contracts';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  personalAccessTokens,
  roles,
  sessions,
  twoFactorChallenges,
  userRole,
  users,
} from '#src/db/schema/index';
import { issueEmailVerificationCode } from '#src/features/auth/email-verification.service';
import { assertHuman } from '#src/features/human-verification/human-verification.service';
import { cookieOptions, TWO_FACTOR_COOKIE } from '#src/http/cookies';
import { HttpError, validationError } from '#src/http/errors';
import { hashPassword, verifyPassword } from '#src/lib/password';
import { randomToken, sha256Hex } from '#src/lib/tokens';
import { currentSessionId, endCurrentSession, startSession } from './login-session';

export const MESSAGES = {
  badCredentials: 'These credentials do not match our records.',
  registrationDisabled: 'Registration is currently disabled.',
  emailTaken: 'The email has already been taken.',
  confirmationMismatch: 'The password confirmation does not match.',
  wrongPassword: 'The provided password is incorrect.',
  wrongCurrentPassword: 'The provided password does not match your current password.',
  confirmationRequired: 'Password confirmation required.',
  passwordChangeByToken:
    'The password cannot be changed with an API token. Sign in to the site to change your password.',
} as const;

/** A pending two-factor login lasts 10 minutes (RELIABILITY). */
export const TWO_FACTOR_CHALLENGE_MS = 10 * 60 * 1000;

const normalise = (email: string) => email.trim().toLowerCase();

/** Postgres unique_violation, as thrown by pg and PGlite (possibly wrapped by Drizzle). */
function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

export type LoginResult = { userId: number } | { twoFactor: true };

/**
 * Checks the credentials and starts a session, or a pending two-factor login when the account has
 * two-factor confirmed (then no session exists until the challenge succeeds).
 */
export async function login(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  body: { email: string; password: string; remember: boolean },
): Promise<LoginResult> {
  const [user] = await app.db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      twoFactorConfirmedAt: users.twoFactorConfirmedAt,
    })
    .from(users)
    .where(eq(sql`lower(${users.email})`, normalise(body.email)));
  // Unknown users are verified against a dummy hash, so timing does not reveal who has an account.
  const ok = await verifyPassword(user?.passwordHash, body.password);
  if (!user || !ok) throw validationError({ email: [MESSAGES.badCredentials] });

  if (user.twoFactorConfirmedAt) {
    // Whatever session the browser had is over: it is logging in as someone now.
    await endCurrentSession(app, request, reply);
    const token = randomToken(32);
    await app.db.insert(twoFactorChallenges).values({
      id: sha256Hex(token),
      userId: user.id,
      remember: body.remember,
      expiresAt: new Date(Date.now() + TWO_FACTOR_CHALLENGE_MS),
    });
    reply.setCookie(
      TWO_FACTOR_COOKIE,
      token,
      cookieOptions(request, { maxAge: TWO_FACTOR_CHALLENGE_MS / 1000 }),
    );
    return { twoFactor: true };
  }
  await startSession(app, request, reply, user.id, body.remember);
  return { userId: user.id };
}

export type RegisterResult = { userId: number; status: 'success' | 'needs_email_verification' };

export async function register(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  body: RegisterRequest,
): Promise<RegisterResult> {
  const settings = await app.settings.getClientSettings();
  if (settings.registration.disable) throw new HttpError(403, MESSAGES.registrationDisabled);
  if (settings.human_verification.register) await assertHuman(app, request, body);

  const email = normalise(body.email);
  const errors: Record<string, string[]> = {};
  const [existing] = await app.db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email));
  if (existing) errors.email = [MESSAGES.emailTaken];
  if (body.password !== body.password_confirmation) errors.password = [MESSAGES.confirmationMismatch];
  for (const policy of settings.registration.policies) {
    if (body[policy.id] !== true) errors[policy.id] = [`You must accept the ${policy.name}.`];
  }
  if (Object.keys(errors).length) throw validationError(errors);

  const passwordHash = await hashPassword(body.password);
  let userId: number;
  try {
    userId = await app.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          email,
          passwordHash,
          firstName: body.first_name || null,
          lastName: body.last_name || null,
        })
        .returning({ id: users.id });
      const defaults = await tx.select({ id: roles.id }).from(roles).where(eq(roles.default, true));
      if (defaults.length)
        await tx.insert(userRole).values(defaults.map((r) => ({ userId: row!.id, roleId: r.id })));
      return row!.id;
    });
  } catch (err) {
    // Two sign-ups with the same email at once: the unique index decides, the loser gets a 422.
    if (isUniqueViolation(err)) throw validationError({ email: [MESSAGES.emailTaken] });
    throw err;
  }

  await startSession(app, request, reply, userId, true);
  if (settings.require_email_confirmation) {
    await issueEmailVerificationCode(app, userId, email);
    return { userId, status: 'needs_email_verification' };
  }
  app.mail.sendWelcome(email, body.first_name || email.split('@')[0]!);
  return { userId, status: 'success' };
}

/** Logout: the session is deleted on the server, not only forgotten by the browser. */
export async function logout(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  await endCurrentSession(app, request, reply);
}

/** Whether the password was confirmed in this session within `seconds` (at most 9000). */
export async function passwordConfirmedWithin(
  app: FastifyInstance,
  request: FastifyRequest,
  seconds = PASSWORD_CONFIRMATION_SECONDS,
): Promise<boolean> {
  const sessionId = currentSessionId(request);
  // Bearer tokens have no session to confirm in; sensitive actions need the browser session.
  if (!sessionId) return false;
  const window = Math.min(seconds, PASSWORD_CONFIRMATION_SECONDS) * 1000;
  const [row] = await app.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), gt(sessions.passwordConfirmedAt, new Date(Date.now() - window))));
  return Boolean(row);
}

/** 423 unless the password was confirmed in this session within the last 9000 s (SPEC §9). */
export async function requireConfirmedPassword(app: FastifyInstance, request: FastifyRequest) {
  if (!(await passwordConfirmedWithin(app, request))) throw new HttpError(423, MESSAGES.confirmationRequired);
}

async function checkOwnPassword(
  app: FastifyInstance,
  userId: number,
  password: string,
  field: string,
  message: string,
) {
  const [row] = await app.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!(await verifyPassword(row?.hash, password))) throw validationError({ [field]: [message] });
}

export async function confirmPassword(app: FastifyInstance, request: FastifyRequest, password: string) {
  await checkOwnPassword(app, request.user!.id, password, 'password', MESSAGES.wrongPassword);
  const sessionId = currentSessionId(request);
  if (!sessionId)
    throw new HttpError(422, 'Password confirmation needs a browser session.', {
      password: ['Password confirmation needs a browser session.'],
    });
  await app.db.update(sessions).set({ passwordConfirmedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/**
 * Changes the password, ends every other session of the user (this one stays), revokes their
 * personal access tokens and mails a notice. Only a browser session may do it: a leaked token must
 * not be able to lock the owner out (and it would have no session of its own to keep).
 */
export async function updatePassword(
  app: FastifyInstance,
  request: FastifyRequest,
  body: UpdatePasswordRequest,
) {
  if (request.authVia !== 'session') throw new HttpError(403, MESSAGES.passwordChangeByToken);
  const userId = request.user!.id;
  await checkOwnPassword(
    app,
    userId,
    body.current_password,
    'current_password',
    MESSAGES.wrongCurrentPassword,
  );
  if (body.password !== body.password_confirmation)
    throw validationError({ password: [MESSAGES.confirmationMismatch] });
  const passwordHash = await hashPassword(body.password);
  const keep = currentSessionId(request);
  await app.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    await tx
      .delete(sessions)
      .where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId));
    await tx.delete(personalAccessTokens).where(eq(personalAccessTokens.userId, userId));
  });
  app.mail.sendPasswordChanged(request.user!.email);
}
