import { ready } from '@zema/contracts/ops/ready.operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineRoute } from '#src/http/define-route';
import { HttpError } from '#src/http/errors';
import { MESSAGES } from '#src/lib/errors';
import { METRICS_CHALLENGE, METRICS_PATH, metricsAccess, verifiedScrapes } from './metrics-access';

/**
 * `GET /ready` and `GET /metrics` at the root, beside `/health`. Neither is rate limited (the
 * limiter is per route, `global: false`): a load balancer polls readiness every few seconds, and
 * readiness reuses one round of checks a second however often it is asked. Their answers are not
 * logged below a warning: probes and scrapes would fill the log with lines that say nothing.
 */
export const opsRoutes: FastifyPluginAsyncZod = async (app) => {
  defineRoute(app, ready.check, { logLevel: 'warn' }, async (_request, reply) => {
    const report = await app.deps.ops.readiness.check();
    return reply
      .code(report.status === 'ok' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(report);
  });

  // Prometheus' text format, not an API operation (http/define-route.test.ts lists it). Who may
  // scrape is decided before any other hook (requests.http.ts): 404 without METRICS_TOKEN, 401
  // without the right bearer token; here again for a request that hook did not let through.
  app.get(METRICS_PATH, { config: { access: 'guest' }, logLevel: 'warn' }, async (request, reply) => {
    if (!verifiedScrapes.has(request)) {
      const verdict = metricsAccess(app.deps.config.metrics.token, request.headers.authorization);
      if (verdict === 'unavailable') throw new HttpError(404, MESSAGES.notFound);
      reply.header('www-authenticate', METRICS_CHALLENGE);
      throw new HttpError(401, MESSAGES.unauthenticated);
    }
    const { metrics } = app.deps.ops;
    return reply
      .type(metrics.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.render());
  });
};
