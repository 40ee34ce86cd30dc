import { AsyncLocalStorage } from 'node:async_hooks';
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';

/**
 * Which request a piece of work belongs to, carried through its async calls: set for each request
 * (app.ts), for a task it hands to `deps.background`, and for a job it sends (module `jobs` stores
 * the id with the job and restores it in the worker, on whichever instance). The app logger's
 * `mixin` adds `reqId` to the lines written by that work through `deps.log`, so a request's log
 * lines and those of the work it started are found with one id. Request handlers log through
 * `request.log`, which has its `reqId` already.
 */
type WorkContext = { reqId: string; detached: boolean };

const storage = new AsyncLocalStorage<WorkContext>();

/** The id of the request the running code serves or was started by, if any. */
export const currentReqId = (): string | undefined => storage.getStore()?.reqId;

/** Runs the rest of a request (`done`) with its id in context. */
export function enterRequest(reqId: string, done: () => void): void {
  storage.run({ reqId, detached: false }, done);
}

/** Runs work that outlives its request (a background task, a job) with that request's id. */
export function runDetached<T>(reqId: string | undefined, work: () => T): T {
  return reqId ? storage.run({ reqId, detached: true }, work) : storage.exit(work);
}

/** pino's `mixin`: the starting request's id on lines written by detached work. */
export function workLogMixin(): Record<string, unknown> {
  const store = storage.getStore();
  return store?.detached ? { reqId: store.reqId } : {};
}

/**
 * The running code's trace as W3C headers (`traceparent`…), for work it hands to another process;
 * undefined when nothing traces (OpenTelemetry's API does nothing until the ops module registers a
 * provider).
 */
export function currentTrace(): Record<string, string> | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return Object.keys(carrier).length ? carrier : undefined;
}

/**
 * Runs a job as a span `job <queue>`, a child of the trace that sent it (`carrier`, from
 * currentTrace) when there is one; its failure marks the span.
 */
export function inJobSpan<T>(
  queue: string,
  carrier: Record<string, string> | undefined,
  work: () => Promise<T>,
): Promise<T> {
  const parent = carrier ? propagation.extract(ROOT_CONTEXT, carrier) : ROOT_CONTEXT;
  return trace
    .getTracer('zema')
    .startActiveSpan(
      `job ${queue}`,
      { kind: SpanKind.CONSUMER, attributes: { 'messaging.destination.name': queue } },
      parent,
      async (span) => {
        try {
          return await work();
        } catch (err) {
          span.setStatus({ code: SpanStatusCode.ERROR });
          throw err;
        } finally {
          span.end();
        }
      },
    );
}
