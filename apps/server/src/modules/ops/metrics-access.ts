import { createHash, timingSafeEqual } from 'node:crypto';

/** Where the metrics are scraped, on the main port and on METRICS_PORT. */
export const METRICS_PATH = '/metrics';

/**
 * What a scrape gets: `open`; `refused` (401: a token is configured and this is not it); or
 * `unavailable` (404: the main port without METRICS_TOKEN, so nothing says metrics exist there).
 */
export type MetricsVerdict = 'open' | 'refused' | 'unavailable';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Decides a scrape by its `Authorization: Bearer <token>` header, in constant time. Without a
 * configured token the main port answers `unavailable`; the separate listener (`listener: true`,
 * loopback by default) is open.
 */
export function metricsAccess(
  token: string | undefined,
  authorization: string | undefined,
  { listener = false } = {},
): MetricsVerdict {
  if (!token) return listener ? 'open' : 'unavailable';
  const given = /^bearer\s+(.+)$/i.exec(authorization ?? '')?.[1]?.trim() ?? '';
  // Digests have one length, so the comparison takes the same time whatever was sent.
  return given && timingSafeEqual(digest(given), digest(token)) ? 'open' : 'refused';
}

/**
 * Scrapes the main port's first hook let through (and whose token it took off, so the auth plugin
 * would not look it up): the route's handler serves these without asking again.
 */
export const verifiedScrapes = new WeakSet<object>();

/** The challenge a refused scrape gets (RFC 6750). */
export const METRICS_CHALLENGE = 'Bearer realm="metrics"';
