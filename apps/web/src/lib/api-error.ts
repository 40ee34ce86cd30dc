import { DEFAULT_ERROR_MESSAGE, type DebugErrorPayload, debugErrorPayloadSchema } from '@zema/contracts';
import { transNow } from './translate';

/** A failed API answer, as every fetcher throws it (SPEC §8). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** errors.{field} as lists, when the server sent an errors map (SPEC §5). */
  readonly errors: Record<string, string[]> | null;
  /** The debug payload, when the server is in debug mode and sent a trace (SPEC §3). */
  readonly debug: DebugErrorPayload | null;

  constructor(status: number, body: unknown) {
    const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    super(typeof b.message === 'string' && b.message ? b.message : transNow(DEFAULT_ERROR_MESSAGE));
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.errors = normaliseErrors(b.errors);
    const debug = debugErrorPayloadSchema.safeParse(body);
    this.debug = debug.success ? debug.data : null;
  }
}

const RETRIED = Symbol('retried by the API client');

/**
 * Marks an error the API client has already retried (SPEC §8: network errors and 5xx on GET and
 * HEAD, 3 times), so that no other layer asks again: the query layer's own retries on top of those
 * made a failing GET send 12 requests and show its error after about 9 s.
 */
export function markRetried<T>(error: T): T {
  if (error && typeof error === 'object') (error as Record<symbol, unknown>)[RETRIED] = true;
  return error;
}

export function wasRetried(error: unknown): boolean {
  return !!error && typeof error === 'object' && (error as Record<symbol, unknown>)[RETRIED] === true;
}

/** Server field errors may be a string or a list of strings per field (SPEC §5). */
function normaliseErrors(raw: unknown): Record<string, string[]> | null {
  if (!raw || typeof raw !== 'object') return null;
  const out: Record<string, string[]> = {};
  for (const [field, v] of Object.entries(raw as Record<string, unknown>)) {
    const list = Array.isArray(v)
      ? v.filter((x): x is string => typeof x === 'string')
      : typeof v === 'string'
        ? [v]
        : [];
    if (list.length) out[field] = list;
  }
  return Object.keys(out).length ? out : null;
}

/**
 * The message to show for any thrown value (SPEC §8 default). The server writes its messages in
 * the reader's language; the default is translated here.
 */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  return transNow(DEFAULT_ERROR_MESSAGE);
}

/** The message to show for a failed call: its first field error, else its message (SPEC §8). */
export function firstErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return Object.values(error.errors ?? {})[0]?.[0] ?? error.message;
  return transNow(DEFAULT_ERROR_MESSAGE);
}
