/**
 * Ops: what an operator watches. `GET /metrics` (Prometheus text: requests by route and status,
 * database statement time and pool use, cache hits, open streams, task failures, the process's
 * memory and event-loop lag), `GET /ready` (readiness: database, Redis, storage, migrations), and
 * a second listener for both on METRICS_PORT, and OpenTelemetry tracing when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set (requests, statements, jobs). `/health`, the liveness check,
 * stays `system`'s.
 *
 * This file is the module's one public face (decision 0051): other modules and the composition
 * (app.ts, deps.ts, server-modules.ts) import only what it exports.
 */
import { Gauge } from 'prom-client';
import type { ServerModule } from '#src/platform/deps';
import { serveBackups } from './backup-socket';
import { createDrain, type Drain } from './drain';
import { countCacheLookups, countTaskFailures, observeQueries, poolOf } from './instrument';
import { createOpsMetrics, METRIC_PREFIX, type OpsMetrics } from './metrics';
import { type MetricsListener, startMetricsListener } from './metrics-listener';
import { opsRoutes } from './ops.routes';
import { createReadiness, type Readiness } from './readiness.service';
import { observeRequests } from './requests.http';
import { createTracing, statementSpan, type Tracing, traceRequests } from './tracing';

export type { Drain } from './drain';
export type { OpsMetrics } from './metrics';
export type { Readiness, ReadyReport } from './readiness.service';

/** This app's instruments and readiness, built once at register. */
export type OpsState = {
  /** A module adds metrics of its own with `registers: [deps.ops.metrics.registry]`. */
  metrics: OpsMetrics;
  readiness: Readiness;
  /**
   * The first half of a graceful shutdown (main.ts, before `app.close()`): not ready, no new
   * connections, the open ones closed after their next answer (drain.ts).
   */
  drain: Drain;
  /** Counts a failed piece of work by its task name (what `deps.background` does by itself). */
  taskFailed(name: string): void;
  /** OpenTelemetry tracing (null unless OTEL_EXPORTER_OTLP_ENDPOINT is set). */
  tracing: Tracing | null;
  /** The METRICS_PORT listener, once the app is ready (undefined without METRICS_PORT). */
  listener: MetricsListener | undefined;
  /** Stops what register started (the statement timing of a database a test shares). */
  stop(): void;
};

declare module '#src/platform/deps' {
  interface Deps {
    ops: OpsState;
  }
}

export const opsModule: ServerModule = {
  name: 'ops',
  async register(deps) {
    const metrics = createOpsMetrics();
    countCacheLookups(deps.cache, metrics.cacheTally('shared'));
    countCacheLookups(deps.userCache, metrics.cacheTally('user'));
    const failures = (name: string) => metrics.taskFailures.labels(name).inc();
    countTaskFailures(deps.background, failures);
    const queries = metrics.dbQueries.cell({ driver: deps.database.driver });
    const stopQueries = observeQueries(
      deps.database,
      () => (seconds) => metrics.dbQueries.observe(queries, seconds),
    );
    const tracing = await createTracing(deps);
    const stopSpans = tracing ? observeQueries(deps.database, statementSpan(deps.database.driver)) : () => {};
    const pool = poolOf(deps.database);
    if (pool) {
      // PGlite has one connection in this process: no pool to show.
      new Gauge({
        name: `${METRIC_PREFIX}db_pool_connections`,
        help: 'PostgreSQL connections of this instance’s pool: total, idle, and requests waiting for one',
        labelNames: ['state'],
        registers: [metrics.registry],
        collect() {
          this.labels('total').set(pool.totalCount);
          this.labels('idle').set(pool.idleCount);
          this.labels('waiting').set(pool.waitingCount);
        },
      });
    }
    deps.ops = {
      metrics,
      readiness: createReadiness(deps),
      // Replaced in `hooks`, where the app is at hand; an app without them has nothing to drain.
      drain: { active: false, start: async () => {} },
      taskFailed: failures,
      tracing,
      listener: undefined,
      stop: () => {
        stopQueries();
        stopSpans();
      },
    };
  },
  hooks(app) {
    const { deps } = app;
    // Before any route is added, so that each request is a span.
    if (deps.ops.tracing) traceRequests(app, deps.ops.tracing);
    observeRequests(app, deps.ops.metrics, deps.config.metrics.token);
    // Also marks the app not ready, and its answers closing their connection, once it closes.
    deps.ops.drain = createDrain(app, deps.ops.readiness);
    // On the embedded database: DATA_DIR/ops.sock, where `npm run backup` gets a consistent copy.
    serveBackups(app);
    if (deps.config.metrics.port !== undefined) {
      // When the app is ready (listen() or a test's ready()), so a script building the app for
      // other work opens no port; a port in use fails the start.
      app.addHook('onReady', async () => {
        deps.ops.listener = await startMetricsListener(deps);
      });
    }
  },
  rootRoutes: [opsRoutes],
  async close(deps) {
    deps.ops.stop();
    await deps.ops.listener?.close();
    await deps.ops.tracing?.shutdown();
  },
};
