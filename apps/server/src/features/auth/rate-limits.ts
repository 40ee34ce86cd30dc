import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '#src/http/errors';
import { SESSION_COOKIE } from './session.service';
import { sha256Hex } from './tokens';

export const TWO_FACTOR_COOKIE = 'zema_two_factor';
const MINUTE = 60_000;

/**
 * A 429 whose error sits on `field`, so the form shows it where the user typed (SPEC §5).
 * The plugin has already set Retry-After on the reply when this runs.
 */
function tooMany(field: string, prefix: string): RateLimitOptions['errorResponseBuilder'] {
  return (_request, context) => {
    const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
    const message = `${prefix} Please try again in ${seconds} seconds.`;
    return new HttpError(context.statusCode, message, { [field]: [message] });
  };
}

const bodyEmail = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
};

/**
 * The limits of RELIABILITY "Accounts and sessions". Counting happens in the rate-limit store
 * (an atomic INCR in Redis, a synchronous counter in memory), so of two requests at the limit
 * exactly one passes. `preHandler` runs after the body was parsed and validated, so keys can use
 * it. Keys use request.ip, which believes X-Forwarded-For only from TRUST_PROXY.
 */
export const rateLimits = {
  /** 5 a minute per (lower-cased email, IP). */
  login: {
    max: 5,
    timeWindow: MINUTE,
    hook: 'preHandler',
    keyGenerator: (request) => `login:${bodyEmail(request)}|${request.ip}`,
    errorResponseBuilder: tooMany('email', 'Too many login attempts.'),
  },
  /** 5 a minute per pending login (the challenge cookie), else per IP. */
  twoFactorChallenge: {
    max: 5,
    timeWindow: MINUTE,
    hook: 'preHandler',
    keyGenerator: (request) => {
      const pending = request.cookies[TWO_FACTOR_COOKIE];
      return pending ? `2fa:${sha256Hex(pending)}` : `2fa-ip:${request.ip}`;
    },
    errorResponseBuilder: tooMany('code', 'Too many attempts.'),
  },
  /** Password-reset requests: 6 a minute per IP. */
  forgotPassword: {
    max: 6,
    timeWindow: MINUTE,
    hook: 'preHandler',
    keyGenerator: (request) => `forgot:${request.ip}`,
    errorResponseBuilder: tooMany('email', 'Too many password reset requests.'),
  },
  /** Email code sends and checks: 6 a minute per account (id + email, unique across databases). */
  emailCodeSend: {
    max: 6,
    timeWindow: MINUTE,
    hook: 'preHandler',
    keyGenerator: (request) => `email-send:${request.user?.id}:${request.user?.email}`,
    errorResponseBuilder: tooMany('email', 'Too many verification emails.'),
  },
  emailCodeCheck: {
    max: 6,
    timeWindow: MINUTE,
    hook: 'preHandler',
    keyGenerator: (request) => `email-check:${request.user?.id}:${request.user?.email}`,
    errorResponseBuilder: tooMany('code', 'Too many attempts.'),
  },
  /** Password confirmation guesses: 5 a minute per session. */
  confirmPassword: {
    max: 5,
    timeWindow: MINUTE,
    hook: 'preHandler',
    keyGenerator: (request) => `confirm:${sha256Hex(request.cookies[SESSION_COOKIE] ?? request.ip)}`,
    errorResponseBuilder: tooMany('password', 'Too many attempts.'),
  },
  /**
   * Password changes (guesses of current_password): 5 a minute per user, whichever session or
   * client they come from (id + email, unique across databases).
   */
  passwordChange: {
    max: 5,
    timeWindow: MINUTE,
    hook: 'preHandler',
    keyGenerator: (request) => `password-change:${request.user?.id}:${request.user?.email}`,
    errorResponseBuilder: tooMany('current_password', 'Too many attempts.'),
  },
  /** Confirming two-factor setup: 5 codes a minute per session. */
  twoFactorConfirm: {
    max: 5,
    timeWindow: MINUTE,
    hook: 'preHandler',
    keyGenerator: (request) => `2fa-confirm:${sha256Hex(request.cookies[SESSION_COOKIE] ?? request.ip)}`,
    errorResponseBuilder: tooMany('code', 'Too many attempts.'),
  },
  /** Human verification round trips to the provider: 20 a minute per IP. */
  humanVerification: {
    max: 20,
    timeWindow: MINUTE,
    hook: 'preHandler',
    keyGenerator: (request) => `human:${request.ip}`,
    errorResponseBuilder: tooMany('token', 'Too many attempts.'),
  },
} satisfies Record<string, RateLimitOptions>;
