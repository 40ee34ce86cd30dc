import type { IncomingMessage } from 'node:http';

const OVERRIDABLE = new Set(['PUT', 'PATCH', 'DELETE']);

/**
 * SPEC §7: the web app sends PUT/PATCH/DELETE as POST with `X-HTTP-Method-Override` and
 * `_method`. Used as fastify's `rewriteUrl`, which runs before route lookup for real and injected
 * requests alike, so the overridden method picks the route and every hook (CSRF included) sees it.
 * Only POST is overridden and only into PUT/PATCH/DELETE: a GET can never turn into a write, and a
 * POST can never turn into a safe method that would skip the CSRF check.
 */
export function applyMethodOverride(req: IncomingMessage): string {
  const url = req.url ?? '/';
  if (req.method !== 'POST') return url;
  const header = req.headers['x-http-method-override'];
  let wanted = typeof header === 'string' ? header : undefined;
  if (!wanted) {
    const q = url.indexOf('?');
    if (q >= 0) wanted = new URLSearchParams(url.slice(q + 1)).get('_method') ?? undefined;
  }
  const method = wanted?.trim().toUpperCase();
  if (method && OVERRIDABLE.has(method)) req.method = method;
  return url;
}
