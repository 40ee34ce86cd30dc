import { HUMAN_VERIFICATION_FAILED_MESSAGE, HUMAN_VERIFICATION_TOKEN_FIELD } from '@zema/contracts';
import type { Redis } from 'ioredis';
import type { BrowserRef } from '#src/lib/caller';
import { invalidInput } from '#src/lib/errors';
import type { Deps } from '#src/platform/deps';

export const DEFAULT_VERIFY_URLS = {
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
} as const;

/** reCAPTCHA v3 answers a score from 0 (bot) to 1 (human); below this we refuse. */
export const MIN_RECAPTCHA_SCORE = 0.5;
/** A verified browser may register (or send the contact form) for 5 minutes. */
export const HUMAN_MARK_TTL_MS = 5 * 60 * 1000;
const VERIFY_TIMEOUT_MS = 10_000;

/**
 * Browsers that passed verification recently. In Redis when REDIS_URL is set (so the instance
 * that verified and the one that registers may differ), otherwise in memory.
 */
export type HumanMarks = {
  mark(key: string): Promise<void>;
  has(key: string): Promise<boolean>;
};

/** `prefix`: the install's REDIS_PREFIX (config.redisPrefix), before every key in Redis. */
export function createHumanMarks(redis: Redis | null, prefix = ''): HumanMarks {
  if (redis) {
    const k = (key: string) => `${prefix}zema-human:${key}`;
    return {
      async mark(key) {
        await redis.set(k(key), '1', 'PX', HUMAN_MARK_TTL_MS);
      },
      async has(key) {
        return (await redis.exists(k(key))) === 1;
      },
    };
  }
  const marks = new Map<string, number>();
  return {
    async mark(key) {
      const now = Date.now();
      // Sweep on write, so the map only holds browsers of the last five minutes.
      for (const [k, expires] of marks) if (expires <= now) marks.delete(k);
      marks.set(key, now + HUMAN_MARK_TTL_MS);
    },
    async has(key) {
      return (marks.get(key) ?? 0) > Date.now();
    },
  };
}

/**
 * Asks the provider whether `token` came from a human: form-encoded secret, response, remoteip
 * (the same contract for reCAPTCHA and Turnstile). Any failure to ask counts as "no".
 */
export async function verifyWithProvider(deps: Deps, token: string, remoteIp: string): Promise<boolean> {
  const { provider } = (await deps.settings.getClientSettings()).human_verification;
  const secret = await deps.settings.humanVerificationSecret();
  const { verifyUrl } = deps.config.humanVerification;
  if (!provider || !secret) {
    deps.log.warn('human verification requested but no provider or secret key is configured');
    return false;
  }
  const url = verifyUrl ?? DEFAULT_VERIFY_URLS[provider];
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret, response: token, remoteip: remoteIp }),
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    if (!res.ok) {
      deps.log.warn({ status: res.status }, 'human verification endpoint answered an error');
      return false;
    }
    const data = (await res.json()) as { success?: unknown; score?: unknown };
    if (data.success !== true) return false;
    return typeof data.score === 'number' ? data.score >= MIN_RECAPTCHA_SCORE : true;
  } catch (err) {
    deps.log.warn({ err }, 'human verification endpoint could not be reached');
    return false;
  }
}

/**
 * POST recaptcha/verify: verifies and, on success, marks this browser (its XSRF cookie, hashed:
 * http/caller.ts `browserOf`) for 5 minutes.
 */
export async function verifyHuman(deps: Deps, browser: BrowserRef, token: string) {
  const success = await verifyWithProvider(deps, token, browser.ip);
  const { key } = browser;
  if (success && key) await deps.humanMarks.mark(key);
  return success;
}

/**
 * For register and the contact page: passes when this browser was verified in the last 5 minutes,
 * or the body carries a token that verifies now; otherwise 422 on `recaptcha`.
 */
export async function assertHuman(deps: Deps, browser: BrowserRef, body: Record<string, unknown>) {
  if (browser.key && (await deps.humanMarks.has(browser.key))) return;
  const token = body[HUMAN_VERIFICATION_TOKEN_FIELD];
  if (typeof token === 'string' && token && (await verifyWithProvider(deps, token, browser.ip))) return;
  throw invalidInput({ recaptcha: [HUMAN_VERIFICATION_FAILED_MESSAGE] });
}
