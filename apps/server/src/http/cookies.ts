import type { FastifyRequest } from 'fastify';

/** The session cookie (an opaque token; the database keeps its SHA-256). */
export const SESSION_COOKIE = 'zema_session';
/** A login waiting for its second factor (set by auth, read by the two-factor challenge and its rate limit). */
export const TWO_FACTOR_COOKIE = 'zema_two_factor';

/**
 * Whether cookies carry `Secure`: always when the public APP_URL is https (TLS may end at a proxy
 * we were not told to trust, so the request itself can look like plain http), and otherwise when
 * this request came over TLS (directly, or through a proxy listed in TRUST_PROXY).
 */
export function secureCookies(appUrl: string, request?: FastifyRequest): boolean {
  return appUrl.startsWith('https://') || request?.protocol === 'https';
}

export type CookieOptions = {
  path: string;
  httpOnly: boolean;
  sameSite: 'lax' | 'strict' | 'none';
  secure: boolean;
  maxAge?: number;
};

/**
 * The one source of options for every cookie the server sets or clears: path `/`, HttpOnly,
 * SameSite=Lax and `Secure` by {@link secureCookies}; `overrides` changes the rest (the XSRF cookie
 * must be readable by scripts, the social cookies live under their own path, lifetimes).
 */
export function cookieOptions(
  request: FastifyRequest,
  overrides: Partial<Omit<CookieOptions, 'secure'>> = {},
): CookieOptions {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    ...overrides,
    secure: secureCookies(request.server.deps.config.appUrl, request),
  };
}
