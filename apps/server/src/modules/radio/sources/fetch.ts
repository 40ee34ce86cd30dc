import type { IncomingMessage } from 'node:http';
import { publicRequestFollowing, readLimitedBody } from '#src/platform/public-http';
import { SOURCE_MESSAGES, SourceError, toSourceError } from './errors';
import type { SourceOptions } from './types';

/** How the watchers introduce themselves to a station's servers. */
export const USER_AGENT = 'Zema radio';
/** A now-playing document is a few kilobytes; anything past this is not one. */
export const MAX_JSON_BYTES = 1024 * 1024;
export const DEFAULT_TIMEOUT_MS = 10_000;

/** `base` (an install's root, maybe under a path) joined with a path of its API. */
export function under(base: string, path: string): URL {
  const root = new URL(base);
  if (!root.pathname.endsWith('/')) root.pathname += '/';
  root.search = '';
  root.hash = '';
  return new URL(path.replace(/^\//, ''), root);
}

/**
 * A signal that aborts with `outer` or after `timeoutMs` (a TimeoutError), and `dispose` to let go
 * of `outer` again: a watcher's signal lives for days and sees a request a second, so nothing
 * may stay attached to it per request.
 */
export function linkedSignal(outer: AbortSignal | undefined, timeoutMs: number) {
  const controller = new AbortController();
  const onAbort = () => controller.abort(outer?.reason);
  const timer = setTimeout(() => controller.abort(new DOMException('timed out', 'TimeoutError')), timeoutMs);
  if (outer?.aborted) onAbort();
  else outer?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    dispose() {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    },
  };
}

/**
 * Opens `url` under the SSRF guard (redirects followed and checked), answering 200 or throwing a
 * {@link SourceError}; `notFound` is the message for a 404 (a wrong station or mount).
 */
export async function openSource(
  url: URL,
  opts: SourceOptions,
  signal: AbortSignal,
  headers: Record<string, string>,
  notFound: string = SOURCE_MESSAGES.httpError,
): Promise<IncomingMessage> {
  let res: IncomingMessage;
  try {
    ({ res } = await publicRequestFollowing(url, {
      allowPrivate: opts.allowPrivateAddresses === true,
      signal,
      timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      headers: { 'user-agent': USER_AGENT, ...headers },
    }));
  } catch (err) {
    throw toSourceError(err);
  }
  const status = res.statusCode ?? 0;
  if (status !== 200) {
    res.resume();
    throw new SourceError(
      status === 404 ? notFound : SOURCE_MESSAGES.httpError,
      `HTTP ${status} from ${url.href}`,
    );
  }
  return res;
}

/** A JSON document's text (at most 1 MB, within the time limit), parsed by the caller. */
export async function fetchText(
  url: URL,
  opts: SourceOptions,
  outer?: AbortSignal,
  notFound?: string,
): Promise<string> {
  const { signal, dispose } = linkedSignal(outer, opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  try {
    const res = await openSource(url, opts, signal, { accept: 'application/json' }, notFound);
    return (await readLimitedBody(res, MAX_JSON_BYTES)).toString('utf8');
  } catch (err) {
    throw toSourceError(err);
  } finally {
    dispose();
  }
}

/** Waits `ms`, or less when `signal` aborts (then it resolves: the watcher returns). */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * The loop of a polled source: reads, emits the first reading and each that differs from the last
 * (by `key`), waits `pollMs`, again until `signal` aborts (resolves) or a read fails (rejects).
 */
export async function pollSource<T>(
  read: (signal: AbortSignal) => Promise<T>,
  key: (value: T) => string,
  emit: (value: T) => void,
  signal: AbortSignal,
  pollMs: number,
): Promise<void> {
  let last: string | null = null;
  while (!signal.aborted) {
    let value: T;
    try {
      value = await read(signal);
    } catch (err) {
      if (signal.aborted) return;
      throw err;
    }
    if (signal.aborted) return;
    const k = key(value);
    if (k !== last) {
      last = k;
      emit(value);
    }
    await pause(pollMs, signal);
  }
}
