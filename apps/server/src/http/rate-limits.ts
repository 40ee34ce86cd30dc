import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, TWO_FACTOR_COOKIE } from '#src/http/cookies';
import { HttpError } from '#src/http/errors';
import { sha256Hex } from '#src/lib/tokens';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A 429 whose error sits on `field`, so the form shows it where the user typed (SPEC §5). */
function tooManyError(field: string, prefix: string, ttlMs: number, status = 429): HttpError {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  const message = `${prefix} Please try again in ${seconds} seconds.`;
  return new HttpError(status, message, { [field]: [message] });
}

/** {@link tooManyError} for the plugin, which has already set Retry-After when this runs. */
function tooMany(field: string, prefix: string): RateLimitOptions['errorResponseBuilder'] {
  return (_request, context) => tooManyError(field, prefix, context.ttl, context.statusCode);
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
  /**
   * Workspace invitations and resends, which mail any address: 10 calls a minute per user (id +
   * email, unique across databases sharing one Redis), each up to 20 addresses.
   */
  workspaceInvites: {
    max: 10,
    timeWindow: MINUTE,
    hook: 'preHandler',
    keyGenerator: (request) => `ws-invite:${request.user?.id}:${request.user?.email}`,
    errorResponseBuilder: tooMany('emails', 'Too many invitations.'),
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
  /**
   * Admin actions that send mail or open another account: 6 a minute per admin (id + email, unique
   * across databases sharing one Redis).
   */
  adminSensitive: {
    max: 6,
    timeWindow: MINUTE,
    hook: 'preHandler',
    keyGenerator: (request) =>
      request.user
        ? `admin-sensitive:${request.user.id}:${request.user.email}`
        : `admin-sensitive:${request.ip}`,
    errorResponseBuilder: tooMany('user', 'Too many attempts. Try again in a minute.'),
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

/** The domain of the body's email, lower-cased ('' when there is none). */
const bodyEmailDomain = (request: FastifyRequest) => {
  const email = bodyEmail(request);
  return email.slice(email.lastIndexOf('@') + 1);
};

/** One of several limits a route applies at once: its window, its key, and where its 429 says so. */
type Limit = {
  max: number;
  timeWindow: number;
  key: (request: FastifyRequest) => string;
  field: string;
  prefix: string;
};

/**
 * Several limits on one route at once (which a route's `config.rateLimit` cannot express: the
 * plugin runs one limiter per request). Each counts in the rate-limit store (in-process, or Redis
 * with REDIS_URL), so they hold across instances and under concurrency; a limit of 0 is off. The
 * first one exceeded answers 429 with Retry-After and its error on its field. A preHandler hook.
 */
function limitsHook(app: FastifyInstance, limits: Limit[]) {
  const checks = limits
    .filter((limit) => limit.max > 0)
    .map((limit) => ({
      ...limit,
      check: app.createRateLimit({ max: limit.max, timeWindow: limit.timeWindow, keyGenerator: limit.key }),
    }));
  return async (request: FastifyRequest, reply: FastifyReply) => {
    for (const { check, field, prefix } of checks) {
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) continue;
      reply.header('retry-after', result.ttlInSeconds);
      throw tooManyError(field, prefix, result.ttl);
    }
  };
}

/**
 * Sign-up limits, two at once: attempts per client IP an hour, and a burst limit per email domain
 * a minute, so neither one address nor one throwaway domain can mass-create accounts. Returns a
 * preHandler hook for POST auth/register.
 */
export function registrationLimiter(app: FastifyInstance) {
  const { perIpPerHour, perDomainPerMinute } = app.deps.config.registrationLimits;
  return limitsHook(app, [
    {
      max: perIpPerHour,
      timeWindow: HOUR,
      key: (request) => `register-ip:${request.ip}`,
      field: 'email',
      prefix: 'Too many sign-ups from your network.',
    },
    {
      max: perDomainPerMinute,
      timeWindow: MINUTE,
      key: (request) => `register-domain:${bodyEmailDomain(request)}`,
      field: 'email',
      prefix: 'Too many sign-ups with this email domain.',
    },
  ]);
}

/** Contact page messages an hour: per client IP, and per sender email (whatever the IP). */
export const CONTACT_RATE_LIMITS = { perIpPerHour: 10, perEmailPerHour: 5 } as const;

/**
 * The contact page's limits (SPEC §7 contact-page), two at once: one network cannot flood the
 * site's inbox, and one address cannot be mailed copies over and over from many networks. Counted
 * only for bodies that passed validation (preHandler). Returns a preHandler hook.
 */
export function contactLimiter(app: FastifyInstance) {
  return limitsHook(app, [
    {
      max: CONTACT_RATE_LIMITS.perIpPerHour,
      timeWindow: HOUR,
      key: (request) => `contact-ip:${request.ip}`,
      field: 'message',
      prefix: 'Too many messages from your network.',
    },
    {
      max: CONTACT_RATE_LIMITS.perEmailPerHour,
      timeWindow: HOUR,
      key: (request) => `contact-email:${bodyEmail(request)}`,
      field: 'email',
      prefix: 'Too many messages from this email address.',
    },
  ]);
}
