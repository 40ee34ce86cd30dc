import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  RouteOptions,
} from 'fastify';
import { HttpError } from '#src/http/errors';
import { MESSAGES } from '#src/lib/errors';
import type { Cell } from './lean-histogram';
import { type OpsMetrics, type StreamKind, UNMATCHED_ROUTE } from './metrics';
import { METRICS_CHALLENGE, METRICS_PATH, metricsAccess, verifiedScrapes } from './metrics-access';

/** Subsonic methods that stream a song (`/rest/:method`, with or without `.view`). */
const SUBSONIC_STREAMS = new Set(['stream', 'stream.view']);

/** The kind of long-lived answer a route gives, by its pattern; null for an ordinary one. */
export function streamKindOf(route: string): StreamKind | 'subsonic' | null {
  if (route.endsWith('/events')) return 'sse';
  if (route === '/rest/:method') return 'subsonic';
  if (!route.endsWith('/stream')) return null;
  return route.includes('/radio/') ? 'radio' : 'audio';
}

type Hook = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

/** Marks the hooks added here, so a route built from another's options (HEAD) gets them once. */
const OWN = Symbol('zema.ops.hook');
const own = (hook: Hook): Hook => Object.assign(hook, { [OWN]: true });

function withHook(existing: unknown, hook: Hook): Hook[] {
  const hooks = (Array.isArray(existing) ? existing : existing ? [existing] : []) as Hook[];
  return hooks.some((h) => OWN in h) ? hooks : [...hooks, hook];
}

/**
 * What every request passes. Each route gets its own hooks as it is added (`onRoute`), with its
 * pattern in hand, so an ordinary request pays one bucket search and a map read, and reads no
 * per-request route options:
 * - its answer is observed by method, route pattern and status (`onResponse`);
 * - a long-lived answer (event streams, audio streams, radio listeners) is counted while open,
 *   until its socket closes, whether it ended or the client went away (`onRequest`);
 * - `/metrics` refuses a scrape unless METRICS_TOKEN is set and sent: before every other hook,
 *   since the auth plugin would take the scraper's bearer token for a personal access token.
 * Answers no route matched are observed as `(unmatched)`. Callback hooks: no promise per request.
 */
export function observeRequests(app: FastifyInstance, metrics: OpsMetrics, token: string | undefined): void {
  const open = metrics.openConnections;
  const count = (kind: StreamKind, reply: FastifyReply) => {
    open[kind]++;
    reply.raw.once('close', () => open[kind]--);
  };
  /** Observes into the cells of `route`, one per method and status, made on first use. */
  const observer = (route: string): Hook => {
    const cells = new Map<string, Cell>();
    return (request, reply, done) => {
      const status = reply.statusCode;
      const key = `${request.method} ${status}`;
      let cell = cells.get(key);
      if (!cell) {
        cell = metrics.http.cell({ method: request.method, route, status_code: status });
        cells.set(key, cell);
      }
      metrics.http.observe(cell, reply.elapsedTime / 1000);
      done();
    };
  };

  app.addHook('onRoute', (route: RouteOptions) => {
    route.onResponse = withHook(route.onResponse, own(observer(route.url)));
    const kind = streamKindOf(route.url);
    if (kind === 'subsonic') {
      route.onRequest = withHook(
        route.onRequest,
        own((request, reply, done) => {
          const method = (request.params as { method?: string } | undefined)?.method;
          if (method && SUBSONIC_STREAMS.has(method)) count('audio', reply);
          done();
        }),
      );
    } else if (kind) {
      route.onRequest = withHook(
        route.onRequest,
        own((_request, reply, done) => {
          count(kind, reply);
          done();
        }),
      );
    }
  });

  const unmatched = observer(UNMATCHED_ROUTE);
  // The not-found handler has no route of its own to carry the hook.
  app.addHook('onResponse', (request, reply, done) =>
    request.is404 ? unmatched(request, reply, done) : done(),
  );

  app.addHook('onRequest', (request, reply, done) => {
    // A cheap look at the URL first. A URL spelled otherwise that still reaches the route is
    // decided by its handler (and keeps its bearer token, which the auth plugin refuses): closed.
    if (!request.url.startsWith(METRICS_PATH) || request.routeOptions.url !== METRICS_PATH) return done();
    const verdict = metricsAccess(token, request.headers.authorization);
    if (verdict === 'unavailable') return done(new HttpError(404, MESSAGES.notFound));
    if (verdict === 'refused') {
      reply.header('www-authenticate', METRICS_CHALLENGE);
      return done(new HttpError(401, MESSAGES.unauthenticated));
    }
    // The scraper's token is no user's credential: the auth plugin must not look it up.
    delete request.headers.authorization;
    verifiedScrapes.add(request);
    done();
  });
}
