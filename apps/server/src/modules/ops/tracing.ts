import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { NodeTracerProvider, Span, SpanProcessor } from '@opentelemetry/sdk-trace-node';
import type { FastifyInstance, FastifyPluginCallback, FastifyRequest } from 'fastify';
import { serializeError } from '#src/lib/redact';
import type { Deps } from '#src/platform/deps';

/** The instrumentation scope of Zema's own spans (statements, jobs). */
export const TRACER_NAME = 'zema';

export type Tracing = {
  /** Registers the request spans: before any route, so each is covered. */
  plugin: FastifyPluginCallback;
  /** Sends the spans ended so far (tests; the close does it too). */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
};

/**
 * Errors on spans as the logs have them: a driver's message echoes the statement and its bound
 * values, so each recorded exception keeps only its kind and scrubbed message (serializeError: no
 * bound values, emails or tokens), without a stack, and a status keeps its code without a message.
 * Applied to every span as it starts, whoever records on it (@fastify/otel records a handler's
 * error itself).
 */
const scrubbedErrors: SpanProcessor = {
  onStart(span: Span) {
    const record = span.recordException.bind(span);
    span.recordException = (exception, time) => {
      const e = serializeError(exception);
      record({ name: e.type, message: e.message }, time);
    };
    const setStatus = span.setStatus.bind(span);
    span.setStatus = (status) => setStatus({ code: status.code });
  },
  onEnd() {},
  forceFlush: () => Promise.resolve(),
  shutdown: () => Promise.resolve(),
};

/** Set by the first app that traces in this process: OpenTelemetry's globals are per process. */
let registeredBy: NodeTracerProvider | null = null;

/**
 * OpenTelemetry tracing, on when OTEL_EXPORTER_OTLP_ENDPOINT is set (null otherwise): spans go to
 * `<endpoint>/v1/traces` as OTLP/HTTP JSON, in batches. The provider is registered globally (the
 * context manager that carries the active span through async calls, the W3C trace-context
 * propagator, and the tracer the jobs' and statements' spans come from), so one install traces
 * per process. Requests are spans through @fastify/otel, continuing an incoming `traceparent`;
 * their attributes are the method, the route and the status — the path is the route's pattern,
 * never the path asked (a path may carry a token), and never the query.
 */
export async function createTracing(deps: Pick<Deps, 'config' | 'log'>): Promise<Tracing | null> {
  const { endpoint, serviceName } = deps.config.tracing;
  if (!endpoint) return null;
  // Loaded only when tracing is on: the SDK and its exporter take most of a second to import.
  const [{ default: FastifyOtelInstrumentation }, { OTLPTraceExporter }, { resourceFromAttributes }, sdk] =
    await Promise.all([
      import('@fastify/otel'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/sdk-trace-node'),
    ]);
  const { BatchSpanProcessor, NodeTracerProvider } = sdk;
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      'service.name': serviceName,
      'service.instance.id': `${process.pid}`,
    }),
    spanProcessors: [
      scrubbedErrors,
      new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint}/v1/traces` })),
    ],
  });
  if (!registeredBy) {
    provider.register();
    registeredBy = provider;
  } else {
    deps.log.warn('tracing: another app in this process traces already; its provider stays the global one');
  }
  const instrumentation = new FastifyOtelInstrumentation({
    requestHook(span, request: FastifyRequest) {
      const route = request.routeOptions.url;
      span.updateName(`${request.method} ${route ?? '(unmatched)'}`);
      span.setAttribute('url.path', route ?? '(unmatched)');
      span.setAttribute('http.request.id', request.id);
    },
  });
  instrumentation.setTracerProvider(provider);
  return {
    plugin: instrumentation.plugin() as unknown as FastifyPluginCallback,
    flush: () => provider.forceFlush(),
    async shutdown() {
      await provider
        .shutdown()
        .catch((err: unknown) => deps.log.warn({ err }, 'tracing: could not send the last spans'));
      if (registeredBy === provider) {
        registeredBy = null;
        trace.disable();
        context.disable();
        propagation.disable();
      }
    },
  };
}

/** A span per database statement, a child of the request's or job's span: its kind only, no text. */
export function statementSpan(driver: Deps['database']['driver']) {
  const tracer = trace.getTracer(TRACER_NAME);
  return (operation: string) => {
    const span = tracer.startSpan(`db ${operation}`, {
      kind: SpanKind.CLIENT,
      attributes: {
        'db.system.name': 'postgresql',
        'db.operation.name': operation,
        'zema.db.driver': driver,
      },
    });
    return (_seconds: number, failed: boolean) => {
      if (failed) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    };
  };
}

/** Registers `tracing`'s request spans on `app` (first, so every route and hook is covered). */
export function traceRequests(app: FastifyInstance, tracing: Tracing) {
  void app.register(tracing.plugin);
}
