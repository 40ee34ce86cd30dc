// The one way a server test talks to the app: an identity (cookies, headers, address) and the
// requests it sends through Fastify's inject. A visitor, a signed-in session, an API token and a
// browser that keeps its cookies are all `Client`s; only their starting state differs.
import { randomBytes, randomInt } from 'node:crypto';
import { XSRF_COOKIE } from '@zema/contracts';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Database } from '#src/db/client';
import { SESSION_COOKIE } from '#src/http/cookies';
import { createAccessToken, createSession } from '#src/modules/identity/index';

/** A random TEST-NET-3 style address, so per-IP limits of parallel test files never meet in Redis. */
export const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

const xsrfToken = () => randomBytes(20).toString('hex');

export type ClientInit = {
  /** Remote address of every request (default: a random one, as another device would have). */
  ip?: string;
  /** Starting cookies (default: a fresh XSRF cookie, echoed in X-XSRF-TOKEN). */
  cookies?: Record<string, string>;
  /** Headers sent with every request besides `cookie` and `x-xsrf-token` (e.g. a bearer token). */
  headers?: Record<string, string>;
  userId?: number | null;
  /** Take the answers' Set-Cookie into the jar, as a browser does (default true). */
  keepCookies?: boolean;
};

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * `new Client(app)` is a browser: it keeps cookies between requests (Max-Age=0 or a past Expires
 * deletes one), echoes the XSRF cookie in X-XSRF-TOKEN and comes from its own IP address.
 * `guest()`, `sessionFor()` and `tokenFor()` start from a fixed identity and send it unchanged.
 */
export class Client {
  readonly cookies: Map<string, string>;
  readonly userId: number | null;
  readonly ip: string;
  readonly keepCookies: boolean;
  readonly #headers: Record<string, string>;

  constructor(
    readonly app?: FastifyInstance,
    init: ClientInit = {},
  ) {
    this.cookies = new Map(Object.entries(init.cookies ?? { [XSRF_COOKIE]: xsrfToken() }));
    this.#headers = init.headers ?? {};
    this.userId = init.userId ?? null;
    this.ip = init.ip ?? randomIp();
    this.keepCookies = init.keepCookies ?? true;
  }

  /** What every request carries: the jar as one cookie header, the XSRF echo, the fixed headers. */
  get headers(): Record<string, string> {
    const out: Record<string, string> = {};
    if (this.cookies.size) out.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get(XSRF_COOKIE);
    if (xsrf !== undefined) out['x-xsrf-token'] = xsrf;
    return { ...out, ...this.#headers };
  }

  /** A copy with more cookies or headers (the jar is copied, not shared). */
  with(more: { cookies?: Record<string, string>; headers?: Record<string, string> }): Client {
    return new Client(this.app, {
      ip: this.ip,
      cookies: { ...Object.fromEntries(this.cookies), ...more.cookies },
      headers: { ...this.#headers, ...more.headers },
      userId: this.userId,
      keepCookies: this.keepCookies,
    });
  }

  /** Any inject request as this client; `headers` in `opts` win over the client's own. */
  async inject(opts: InjectOptions & { url: string }, app = this.app): Promise<LightMyRequestResponse> {
    if (!app) throw new Error('Client: no app to send to (pass one to the constructor or to request())');
    const res = await app.inject({
      remoteAddress: this.ip,
      ...opts,
      headers: { ...this.headers, ...(opts.headers as Record<string, string> | undefined) },
    });
    if (this.keepCookies) {
      for (const c of res.cookies) {
        const expired =
          (c.maxAge !== undefined && c.maxAge <= 0) || (c.expires && c.expires.getTime() <= Date.now());
        if (expired || c.value === '') this.cookies.delete(c.name);
        else this.cookies.set(c.name, c.value);
      }
    }
    return res;
  }

  send(method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) {
    return this.inject({
      method,
      url,
      headers,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  }
  post(url: string, payload?: unknown) {
    return this.send('POST', url, payload ?? {});
  }
  get(url: string) {
    return this.send('GET', url);
  }
}

// Fixed identities: light-my-request's default address, and cookies the answers do not change.
const fixed = { ip: '127.0.0.1', keepCookies: false } as const;

/** A visitor with a valid XSRF cookie/header pair. */
export function guest(): Client {
  return new Client(undefined, fixed);
}

/** A browser session for `userId`, with a valid XSRF pair. */
export async function sessionFor(db: Database, userId: number): Promise<Client> {
  const session = await createSession(db, userId, { ip: '127.0.0.1', userAgent: 'vitest' });
  return new Client(undefined, {
    ...fixed,
    userId,
    cookies: { [SESSION_COOKIE]: session, [XSRF_COOKIE]: xsrfToken() },
  });
}

/** An API client authenticated by a personal access token (no cookies, no XSRF). */
export async function tokenFor(db: Database, userId: number): Promise<Client & { token: string }> {
  const { plainTextToken } = await createAccessToken(db, userId, 'test');
  const client = new Client(undefined, {
    ...fixed,
    userId,
    cookies: {},
    headers: { authorization: `Bearer ${plainTextToken}` },
  });
  return Object.assign(client, { token: plainTextToken });
}

/** One request as `client` to `app` (any inject option). */
export function request(
  app: FastifyInstance,
  client: Client,
  opts: InjectOptions & { url: string },
): Promise<LightMyRequestResponse> {
  return client.inject(opts, app);
}

export function cookieFrom(res: LightMyRequestResponse, name: string) {
  return res.cookies.find((c) => c.name === name);
}
