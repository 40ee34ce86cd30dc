import {
  ACTIVE_WORKSPACE_COOKIE,
  DEFAULT_WORKSPACE_ID,
  METHOD_OVERRIDE_HEADER,
  UNPREFIXED_PATH_ROOTS,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '@zema/contracts';
import { type Operation, type OperationResponse, operationPath } from '@zema/contracts/operation';
import type { z } from 'zod';
import { ApiError, markRetried } from './api-error';
import { getCookie } from './cookies';

/**
 * The one way the web app talks to the server: features call `api.call(operation, …)` with an
 * operation object of `@zema/contracts/<concept>/*.operations`; `apiFetch` underneath serves any URL.
 * Every SPEC §7 call convention lives here:
 * path prefixing, credentials, JSON accept, the XSRF header, comma-joined `with`/`load`/`loadCount`,
 * `workspaceId` on GET/POST/PUT, method override for PUT/PATCH/DELETE, and retries of idempotent
 * calls on network errors and 5xx (SPEC §8).
 */

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type ParamScalar = string | number | boolean | null | undefined;
export type ApiParams = Record<string, ParamScalar | readonly ParamScalar[]>;

export interface ApiFetchOptions {
  method?: HttpMethod;
  /** Query string parameters; null/undefined values are left out. */
  params?: ApiParams;
  /** A plain value is sent as JSON; FormData, Blob and URLSearchParams are sent as they are. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Retries for network errors and 5xx; only used for GET and HEAD. Default 3. */
  retries?: number;
  /** Send `workspaceId` whatever the method (operations marked `inWorkspace`). */
  inWorkspace?: boolean;
}

/** Array params the server reads comma-joined (SPEC §7). */
const COMMA_JOINED_PARAMS = new Set(['with', 'load', 'loadCount']);
const OVERRIDDEN_METHODS = new Set<HttpMethod>(['PUT', 'PATCH', 'DELETE']);
const WORKSPACE_METHODS = new Set<HttpMethod>(['GET', 'POST', 'PUT']);
const IDEMPOTENT_METHODS = new Set<HttpMethod>(['GET', 'HEAD']);
const DEFAULT_RETRIES = 3;

/** Tunable for tests: the first retry waits this long, each next one twice as long. */
export const apiClientConfig = { retryBaseDelayMs: 300 };

const ABSOLUTE_URL = /^https?:\/\//i;

/**
 * `auth/login` → `/auth/login`; `users/me` → `/api/v1/users/me`; `/health` and `https://…` stay
 * as they are. Relative paths are resolved from the site root, never from the current page.
 */
export function resolveApiPath(path: string): string {
  if (ABSOLUTE_URL.test(path) || path.startsWith('/')) return path;
  const root = path.split(/[/?#]/, 1)[0] ?? '';
  const unprefixed = (UNPREFIXED_PATH_ROOTS as readonly string[]).includes(root);
  return unprefixed ? `/${path}` : `/api/v1/${path}`;
}

/** The active workspace from its cookie (SPEC §4); 0 is the default personal workspace. */
export function getActiveWorkspaceId(): number {
  const raw = getCookie(ACTIVE_WORKSPACE_COOKIE);
  const id = raw === null ? DEFAULT_WORKSPACE_ID : Number.parseInt(raw, 10);
  return Number.isFinite(id) ? id : DEFAULT_WORKSPACE_ID;
}

/** Builds the final URL (path + query) and the method/headers actually sent. */
export function buildRequest(path: string, opts: ApiFetchOptions = {}) {
  const method = opts.method ?? 'GET';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(opts.params ?? {})) {
    if (Array.isArray(value)) {
      const items = value.filter((v): v is string | number | boolean => v !== null && v !== undefined);
      if (COMMA_JOINED_PARAMS.has(key)) {
        if (items.length) search.set(key, items.join(','));
      } else {
        for (const item of items) search.append(key, String(item));
      }
    } else if (value !== null && value !== undefined) {
      search.set(key, String(value));
    }
  }

  const workspaceId = getActiveWorkspaceId();
  if (
    workspaceId !== DEFAULT_WORKSPACE_ID &&
    (WORKSPACE_METHODS.has(method) || opts.inWorkspace) &&
    !search.has('workspaceId')
  ) {
    search.set('workspaceId', String(workspaceId));
  }

  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  let sentMethod: HttpMethod = method;
  if (OVERRIDDEN_METHODS.has(method)) {
    sentMethod = 'POST';
    headers[METHOD_OVERRIDE_HEADER] = method;
    search.set('_method', method);
  }

  const resolved = resolveApiPath(path);
  const sameOrigin = !ABSOLUTE_URL.test(resolved) || isSameOrigin(resolved);
  const xsrf = getCookie(XSRF_COOKIE);
  // The anti-forgery token is never handed to another origin.
  if (xsrf && sameOrigin) headers[XSRF_HEADER] = xsrf;

  let body: BodyInit | undefined;
  if (opts.body !== undefined && method !== 'GET' && method !== 'HEAD') {
    if (
      opts.body instanceof FormData ||
      opts.body instanceof Blob ||
      opts.body instanceof URLSearchParams ||
      typeof opts.body === 'string'
    ) {
      body = opts.body;
    } else {
      body = JSON.stringify(opts.body);
      headers['Content-Type'] = 'application/json';
    }
  }

  const query = search.toString();
  const hashless = resolved.split('#')[0] ?? resolved;
  const url = query ? `${hashless}${hashless.includes('?') ? '&' : '?'}${query}` : hashless;
  return { url, method: sentMethod, originalMethod: method, headers, body };
}

function isSameOrigin(url: string): boolean {
  if (typeof location === 'undefined') return false;
  try {
    return new URL(url).origin === location.origin;
  } catch {
    return false;
  }
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (ms <= 0) return resolve();
    const t = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        reject(signal.reason);
      },
      { once: true },
    );
  });

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204 || res.status === 205) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * Calls the API and resolves with the parsed JSON answer, or throws `ApiError` for a non-2xx
 * answer (status, body, field errors, debug payload). Network failures on GET/HEAD are retried,
 * then rethrown as they are (a TypeError from fetch, or the abort reason).
 */
export async function apiFetch<T = unknown>(path: string, opts: ApiFetchOptions = {}): Promise<T> {
  const req = buildRequest(path, opts);
  const retries = IDEMPOTENT_METHODS.has(req.originalMethod) ? (opts.retries ?? DEFAULT_RETRIES) : 0;

  for (let attempt = 0; ; attempt++) {
    let res: Response;
    try {
      res = await fetch(req.url, {
        method: req.method,
        headers: req.headers,
        body: req.body,
        credentials: 'include',
        signal: opts.signal,
      });
    } catch (err) {
      if (opts.signal?.aborted) throw err;
      if (attempt >= retries) throw retries > 0 ? markRetried(err) : err;
      await sleep(apiClientConfig.retryBaseDelayMs * 2 ** attempt, opts.signal);
      continue;
    }
    if (res.status >= 500 && attempt < retries) {
      await sleep(apiClientConfig.retryBaseDelayMs * 2 ** attempt, opts.signal);
      continue;
    }
    const data = await readBody(res);
    if (!res.ok) {
      const error = new ApiError(res.status, data);
      throw res.status >= 500 && retries > 0 ? markRetried(error) : error;
    }
    return data as T;
  }
}

type MethodOptions = Omit<ApiFetchOptions, 'method' | 'body'>;

/** Shorthands over `apiFetch`. */
export const apiClient = {
  get: <T = unknown>(path: string, opts?: MethodOptions) => apiFetch<T>(path, { ...opts, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, opts?: MethodOptions) =>
    apiFetch<T>(path, { ...opts, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, opts?: MethodOptions) =>
    apiFetch<T>(path, { ...opts, method: 'PUT', body }),
  patch: <T = unknown>(path: string, body?: unknown, opts?: MethodOptions) =>
    apiFetch<T>(path, { ...opts, method: 'PATCH', body }),
  delete: <T = unknown>(path: string, body?: unknown, opts?: MethodOptions) =>
    apiFetch<T>(path, { ...opts, method: 'DELETE', body }),
};

/** Path and query values as they go on the wire: the schema's keys, any scalar (ids as numbers). */
type Wire<T> = { [K in keyof T]: ParamScalar | readonly ParamScalar[] };

type CallInput<O extends Operation> = (O['params'] extends z.ZodType
  ? { params: Wire<z.input<O['params']>> }
  : { params?: undefined }) &
  (O['query'] extends z.ZodType ? { query?: Wire<z.input<O['query']>> } : { query?: undefined }) &
  (O['body'] extends z.ZodType
    ? undefined extends z.input<O['body']>
      ? { body?: z.input<O['body']> }
      : { body: z.input<O['body']> }
    : { body?: unknown }) & {
    signal?: AbortSignal;
    headers?: Record<string, string>;
    retries?: number;
  };

/** Arguments of `api.call`: the input may be left out when the operation needs none. */
type CallArgs<O extends Operation> =
  object extends CallInput<O> ? [input?: CallInput<O>] : [input: CallInput<O>];

/**
 * Calls one operation of `@zema/contracts` (ARCHITECTURE convention 2): its method and path,
 * `params` filled into the path, `query` and `body` typed from its schemas, and the answer parsed
 * by its response schema. Every SPEC §7 convention of `apiFetch` applies (XSRF, method override,
 * workspaceId, comma-joined `with`/`load`, retries). `body` also takes FormData or a Blob for
 * uploads, which have no JSON schema.
 */
async function call<O extends Operation>(
  operation: O,
  ...[input]: CallArgs<O>
): Promise<OperationResponse<O>> {
  const path = operationPath(operation.path, input?.params as Record<string, unknown> | undefined);
  const data = await apiFetch<unknown>(path, {
    method: operation.method,
    params: input?.query as ApiParams | undefined,
    body: input?.body,
    signal: input?.signal,
    headers: input?.headers,
    retries: input?.retries,
    inWorkspace: operation.inWorkspace,
  });
  return (operation.response ? operation.response.parse(data) : data) as OperationResponse<O>;
}

export const api = { call };
