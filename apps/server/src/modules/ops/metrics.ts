import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { LeanHistogram } from './lean-histogram';

/** Prefix of every metric this server exposes (the process's default metrics too). */
export const METRIC_PREFIX = 'zema_';

/** Label of a request no route matched (so a scan of made-up URLs adds no series). */
export const UNMATCHED_ROUTE = '(unmatched)';

/** Long-lived answers counted while they are open. */
export type StreamKind = 'sse' | 'audio' | 'radio';

/**
 * The app's instruments, in a registry of its own (each app built in one process, as tests do,
 * counts apart). Label values are bounded: route patterns, never URLs; task names written in code.
 */
export type OpsMetrics = {
  /** Other modules add their metrics here (`registers: [deps.ops.metrics.registry]`). */
  registry: Registry;
  /**
   * Requests by method, route pattern and status (cells `{method, route, status_code}`); its
   * `_count` is the request counter.
   */
  http: LeanHistogram;
  /** Long-lived answers open now, by kind: plain numbers the hooks add to, read at scrape time. */
  openConnections: Record<StreamKind, number>;
  /**
   * The lookup counts of one cache (`zema_cache_lookups_total{cache, result}`; the hit rate is
   * hit / (hit + miss)). Plain numbers a lookup adds to, read at scrape time: several lookups run
   * per request, and a prom-client counter's `inc` hashes its labels each time.
   */
  cacheTally(cache: string): CacheTally;
  /** Statement time, from issue to answer, by driver (cells `{driver}`). */
  dbQueries: LeanHistogram;
  /** Background work that failed, by task name (`deps.background`, and what a module reports). */
  taskFailures: Counter<'task'>;
  /** The exposition text: this process's metrics, then the app's. */
  render(): Promise<string>;
  contentType: string;
};

export type CacheTally = { hits: number; misses: number };

let processRegistry: Registry | undefined;

/**
 * Memory, CPU, handles, heap spaces, GC and event-loop lag: prom-client's default metrics, for the
 * process, so collected once per process however many apps it builds.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: METRIC_PREFIX });
  }
  return processRegistry;
}

/** From 1 ms (most API answers) to 10 s (exports, searches over a large catalogue). */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

export function createOpsMetrics(): OpsMetrics {
  const registry = new Registry();
  const registers = [registry];
  const defaults = processMetrics();
  const tallies = new Map<string, CacheTally>();
  const openConnections: Record<StreamKind, number> = { sse: 0, audio: 0, radio: 0 };
  new Gauge({
    name: `${METRIC_PREFIX}open_connections`,
    help: 'Long-lived answers open on this instance: sse (live events, radio now-playing), audio (track streams), radio (station listeners)',
    labelNames: ['kind'],
    registers,
    collect() {
      for (const [kind, open] of Object.entries(openConnections)) this.labels(kind).set(open);
    },
  });
  new Counter({
    name: `${METRIC_PREFIX}cache_lookups_total`,
    help: 'Shared cache lookups by cache (shared, user) and result (hit, miss)',
    labelNames: ['cache', 'result'],
    registers,
    collect() {
      this.reset();
      for (const [cache, tally] of tallies) {
        this.labels(cache, 'hit').inc(tally.hits);
        this.labels(cache, 'miss').inc(tally.misses);
      }
    },
  });
  return {
    registry,
    http: new LeanHistogram(
      `${METRIC_PREFIX}http_request_duration_seconds`,
      'HTTP requests by method, route pattern and status code, and the time to answer them',
      LATENCY_BUCKETS,
      registry,
    ),
    openConnections,
    cacheTally(cache) {
      let tally = tallies.get(cache);
      if (!tally) {
        tally = { hits: 0, misses: 0 };
        tallies.set(cache, tally);
      }
      return tally;
    },
    dbQueries: new LeanHistogram(
      `${METRIC_PREFIX}db_query_duration_seconds`,
      'Database statements, from issue to answer (on PGlite, waiting for its one connection included)',
      QUERY_BUCKETS,
      registry,
    ),
    taskFailures: new Counter({
      name: `${METRIC_PREFIX}task_failures_total`,
      help: 'Background tasks that failed, by task name',
      labelNames: ['task'],
      registers,
    }),
    async render() {
      const [process, app] = await Promise.all([defaults.metrics(), registry.metrics()]);
      return `${process}\n${app}`;
    },
    contentType: registry.contentType,
  };
}
