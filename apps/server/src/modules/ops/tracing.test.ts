// Both drivers: statement spans wrap node-postgres' pooled clients and PGlite's query/exec alike.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SpanStatusCode, trace } from '@opentelemetry/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '#test/helpers';

type Attribute = { key: string; value: { stringValue?: string; intValue?: string | number } };
type Span = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Attribute[];
};

/** An OTLP/HTTP collector: every span posted to /v1/traces (JSON), and each body as it came. */
async function startCollector() {
  const spans: Span[] = [];
  const bodies: string[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      if (req.url === '/v1/traces' && req.method === 'POST') {
        bodies.push(body);
        const parsed = JSON.parse(body) as {
          resourceSpans: { scopeSpans: { spans: Span[] }[] }[];
        };
        for (const r of parsed.resourceSpans) for (const s of r.scopeSpans) spans.push(...s.spans);
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, spans, bodies, close: () => server.close() };
}

const attr = (span: Span, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
};

describe('OpenTelemetry tracing (OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    collector = await startCollector();
    app = await buildTestApp({ OTEL_EXPORTER_OTLP_ENDPOINT: `${collector.url}/` });
  });
  afterAll(async () => {
    await app?.close();
    collector?.close();
  });

  it('is off without an endpoint', async () => {
    const plain = await buildTestApp();
    try {
      expect(plain.deps.ops.tracing).toBeNull();
    } finally {
      await plain.close();
    }
  });

  it('sends a request as a span of the caller’s trace, by route, with its statements as children — never its path values or query', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const res = await app.app.inject({
      url: '/ready?token=very-secret-value',
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    expect(res.statusCode).toBe(200);
    await app.deps.ops.tracing!.flush();

    const mine = collector.spans.filter((s) => s.traceId === traceId);
    const request = mine.find((s) => s.name === 'GET /ready');
    expect(request, JSON.stringify(mine.map((s) => s.name))).toBeDefined();
    expect(request!.parentSpanId).toBe('00f067aa0ba902b7');
    expect(attr(request!, 'http.route')).toBe('/ready');
    expect(attr(request!, 'url.path')).toBe('/ready');
    expect(attr(request!, 'http.response.status_code')).toBe(200);
    expect(attr(request!, 'http.request.id')).toBe(res.headers['x-request-id']);
    // Readiness reads the database: its statements are spans of the same trace, under the request.
    const statements = mine.filter((s) => s.name.startsWith('db '));
    expect(statements.length).toBeGreaterThan(0);
    expect(attr(statements[0]!, 'db.system.name')).toBe('postgresql');
    const ids = new Set(mine.map((s) => s.spanId));
    for (const s of statements) expect(ids.has(s.parentSpanId!)).toBe(true);
    // What was asked never leaves the process in a span: neither the query nor its value.
    expect(collector.bodies.join('\n')).not.toContain('very-secret-value');
  });

  it('names a path with values by its route only, and keeps a failure’s bound values out', async () => {
    const traceId = '5bf92f3577b34da6a3ce929d0e0e4736';
    await app.app.inject({
      url: '/api/v1/tracks/999999999',
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    await app.deps.ops.tracing!.flush();
    const request = collector.spans.find((s) => s.traceId === traceId && s.kind === 2);
    expect(request?.name).toBe('GET /api/v1/tracks/:id');
    expect(attr(request!, 'url.path')).toBe('/api/v1/tracks/:id');
    expect(JSON.stringify(request)).not.toContain('999999999');
  });

  it('records an error by its kind and scrubbed message: no bound values, no stack, no status text', async () => {
    // What a failed statement throws (drizzle): the statement and its values in the message.
    const err = Object.assign(new Error('Failed query: select 1 where token = $1\nparams: tok-4242-secret'), {
      params: ['tok-4242-secret'],
    });
    const span = trace.getTracer('zema').startSpan('failing');
    const traceId = span.spanContext().traceId;
    span.recordException(err);
    span.setStatus({ code: SpanStatusCode.ERROR, message: err.message });
    span.end();
    await app.deps.ops.tracing!.flush();
    const sent = collector.spans.find((s) => s.traceId === traceId) as Span & {
      events: { name: string; attributes: Attribute[] }[];
      status: { code: number; message?: string };
    };
    expect(sent.status.code).toBe(2);
    expect(sent.status.message ?? '').toBe('');
    const event = sent.events.find((e) => e.name === 'exception')!;
    const value = (key: string) => event.attributes.find((a) => a.key === key)?.value.stringValue;
    expect(value('exception.type')).toBe('Error');
    expect(value('exception.message')).toContain('Failed query');
    expect(value('exception.stacktrace')).toBeUndefined();
    expect(collector.bodies.join('\n')).not.toContain('tok-4242-secret');
  });
});
