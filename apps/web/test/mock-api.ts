import type { QueryClient } from '@tanstack/react-query';
import { METHOD_OVERRIDE_HEADER } from '@zema/contracts';
import { vi } from 'vitest';
import { apiClientConfig } from '#src/lib/api-client';

/**
 * The one fake server of the web tests. `test/setup.ts` puts `guardedFetch` in place of `fetch`
 * for the whole run, so a test talks to its `mockApi` handler or fails: a request nobody answers
 * fails the test that made it, and a request after a test ended never reaches the network.
 */

export interface ApiCall {
  /**
   * The method meant: `X-HTTP-Method-Override` or `_method` over the method on the wire (the
   * client sends PUT, PATCH and DELETE as POST, SPEC §7).
   */
  method: string;
  /** The method on the wire. */
  sentMethod: string;
  /** The URL as the client passed it. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  /** A JSON body parsed; FormData, Blob and other bodies as sent. */
  body: unknown;
  init: RequestInit;
}

export interface ApiAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

type Answer = ApiAnswer | Response | Error;
/** An answer, a Response, an Error (a network failure) or a promise of one; undefined: not handled. */
export type ApiHandler = (call: ApiCall) => Answer | Promise<Answer> | undefined;

export const ok = (body: unknown): ApiAnswer => ({ status: 200, body });
export const fail = (status: number, body: unknown): ApiAnswer => ({ status, body });

type Phase = 'between-tests' | 'running' | 'tearing-down';

const state = {
  phase: 'between-tests' as Phase,
  handler: null as ApiHandler | null,
  /** One list per mockApi() call: the calls made since it was registered. */
  recorders: [] as ApiCall[][],
  problems: [] as string[],
  /** Settles every answer still pending when the test ends. */
  teardown: null as AbortController | null,
  inFlight: new Set<Promise<unknown>>(),
  clients: new Set<QueryClient>(),
};

/**
 * Answers this test's requests with `handler` (asked first to last for each request; `undefined`
 * means "not mine"; a later mockApi() of the same test is asked before earlier ones) and returns
 * the calls made from now on, in order. A request no handler answers gets a 404 and fails the test.
 */
export function mockApi(handler: ApiHandler): ApiCall[] {
  if (state.phase !== 'running') throw new Error('mockApi() is for use inside a test');
  const previous = state.handler;
  state.handler = previous ? (call) => handler(call) ?? previous(call) : handler;
  const calls: ApiCall[] = [];
  state.recorders.push(calls);
  return calls;
}

/** A query client made for a test: its queries are cancelled and dropped when the test ends. */
export function trackQueryClient(client: QueryClient) {
  state.clients.add(client);
}

function describeCall(call: Pick<ApiCall, 'method' | 'path' | 'query'>) {
  const q = call.query.toString();
  return `${call.method} ${call.path}${q ? `?${q}` : ''}`;
}

function headerRecord(headers: HeadersInit | undefined): Record<string, string> {
  if (!headers) return {};
  if (headers instanceof Headers) return Object.fromEntries(headers.entries());
  if (Array.isArray(headers)) return Object.fromEntries(headers);
  return { ...(headers as Record<string, string>) };
}

function parseBody(body: RequestInit['body']): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

function toCall(input: RequestInfo | URL, init: RequestInit): ApiCall {
  const url = input instanceof Request ? input.url : String(input);
  const parsed = new URL(url, 'http://localhost');
  const headers = headerRecord(init.headers ?? (input instanceof Request ? input.headers : undefined));
  const sentMethod = (init.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  const override = Object.entries(headers).find(
    ([k]) => k.toLowerCase() === METHOD_OVERRIDE_HEADER.toLowerCase(),
  )?.[1];
  const method =
    sentMethod === 'POST' ? (override ?? parsed.searchParams.get('_method') ?? 'POST') : sentMethod;
  return {
    method: method.toUpperCase(),
    sentMethod,
    url,
    path: parsed.pathname,
    query: parsed.searchParams,
    headers,
    body: parseBody(init.body),
    init,
  };
}

function toResponse(answer: ApiAnswer | Response): Response {
  if (answer instanceof Response) return answer;
  const noBody = answer.status === 204 || answer.status === 205 || answer.body === undefined;
  return new Response(noBody ? null : JSON.stringify(answer.body), {
    status: answer.status,
    headers: { 'Content-Type': 'application/json', ...answer.headers },
  });
}

function abortError(signal: AbortSignal | null | undefined) {
  return signal?.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/** Stands in for `fetch` during the whole run (installed by `installApiGuard`). */
async function guardedFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const call = toCall(input, init);
  if (state.phase !== 'running') {
    const when = state.phase === 'tearing-down' ? 'while the test was ending' : 'after its test ended';
    state.problems.push(`${describeCall(call)} was requested ${when}`);
    throw new TypeError(`No network in tests: ${describeCall(call)} ${when}`);
  }
  for (const calls of state.recorders) calls.push(call);
  const answer = state.handler?.(call);
  if (answer === undefined) {
    state.problems.push(`${describeCall(call)} was not handled by mockApi()`);
    return toResponse({ status: 404, body: { message: 'Not found (no mockApi handler)' } });
  }
  const signal = init.signal;
  if (signal?.aborted) throw abortError(signal);
  const ended = state.teardown?.signal;
  const settled = new Promise<Response>((resolve, reject) => {
    const onAbort = () => reject(abortError(signal));
    const onEnd = () => reject(new DOMException('The test ended.', 'AbortError'));
    signal?.addEventListener('abort', onAbort, { once: true });
    ended?.addEventListener('abort', onEnd, { once: true });
    Promise.resolve(answer).then((a) => (a instanceof Error ? reject(a) : resolve(toResponse(a))), reject);
  });
  const tracked = settled.catch(() => undefined);
  state.inFlight.add(tracked);
  void tracked.finally(() => state.inFlight.delete(tracked));
  return settled;
}

/** For the tests of this module: takes the problems recorded so far (they then fail nothing). */
export function takeProblems(): string[] {
  return state.problems.splice(0);
}

/** Once per run (test/setup.ts): every `fetch` goes through the guard. */
export function installApiGuard() {
  Object.defineProperty(globalThis, 'fetch', { value: guardedFetch, writable: true, configurable: true });
}

/** Before each test: no handler yet, and the API client retries without waiting. */
export function beginApiTest() {
  const late = state.problems.splice(0);
  state.phase = 'running';
  state.handler = null;
  state.recorders = [];
  state.teardown = new AbortController();
  apiClientConfig.retryBaseDelayMs = 0;
  // Stubs of a test must not outlive it; the guard is what fetch falls back to.
  if (globalThis.fetch !== guardedFetch) installApiGuard();
  if (late.length) {
    throw new Error(
      `Requests after the previous test ended (they never reached the network):\n${late.join('\n')}`,
    );
  }
}

const nextMacrotask = () => new Promise<void>((r) => setTimeout(r, 0));

/**
 * After each test (after the React trees are unmounted): cancels and drops the test's queries,
 * settles answers still pending, waits until no request is in flight, and fails the test if it
 * made a request nobody handled or one while it was ending.
 */
export async function finishApiTest() {
  state.phase = 'tearing-down';
  vi.useRealTimers();
  const clients = [...state.clients];
  state.clients.clear();
  await Promise.all(clients.map((c) => c.cancelQueries()));
  for (const c of clients) c.clear();
  state.teardown?.abort();
  // Readiness, not time: until nothing is in flight and a macrotask passed with nothing new.
  do {
    await Promise.all([...state.inFlight]);
    await nextMacrotask();
  } while (state.inFlight.size > 0);
  state.phase = 'between-tests';
  state.handler = null;
  const problems = state.problems.splice(0);
  if (problems.length) throw new Error(`Unexpected API requests:\n${problems.join('\n')}`);
}
