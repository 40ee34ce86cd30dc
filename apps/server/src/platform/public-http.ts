import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import net, { isIP, type LookupFunction, type Socket } from 'node:net';
import tls from 'node:tls';
import { isPublicIp, unmapIPv4 } from '#src/platform/geoip';

/**
 * Requests the server makes to addresses someone else typed (an avatar URL, a radio station's
 * stream or metadata server): http(s) only, no credentials in the URL, and only public addresses
 * unless a test allows private ones. The address is checked in the DNS lookup the socket itself
 * uses, so a name that resolves to a private address is refused at connect time (no
 * check-then-use gap), and every redirect is checked again.
 */

/** The URL or the address it resolves to is not a public http(s) address. */
export class BlockedAddressError extends Error {
  override name = 'BlockedAddressError';
}

/** A redirect chain longer than allowed. */
export class TooManyRedirectsError extends Error {
  override name = 'TooManyRedirectsError';
}

/** A body over the size the caller accepts (declared or counted). */
export class ResponseTooLargeError extends Error {
  override name = 'ResponseTooLargeError';
}

/** A request that got no answer (or no byte) within its time. */
export class RequestTimeoutError extends Error {
  override name = 'RequestTimeoutError';
}

/** True for a refused address, also when Node wraps it as the `cause` of a socket error. */
export function isBlockedAddressError(err: unknown): boolean {
  return (
    err instanceof BlockedAddressError ||
    (err instanceof Error && (err as { cause?: unknown }).cause instanceof BlockedAddressError)
  );
}

/**
 * Which non-public addresses may be reached: none (false, the default), any (true: tests against a
 * local server), or those a test names (a function), so a test can allow its own server and still
 * see another loopback address refused.
 */
export type PrivateAddressPolicy = boolean | ((address: string) => boolean);

const allowedBy = (policy: PrivateAddressPolicy | undefined) => (address: string) =>
  isPublicIp(address) || policy === true || (typeof policy === 'function' && policy(address));

/** dns.lookup that only hands public addresses to the socket: the check holds at connect time. */
export function guardedLookup(allowPrivate: PrivateAddressPolicy): LookupFunction {
  const allowed = allowedBy(allowPrivate);
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const usable = addresses.filter((a) => allowed(a.address));
      if (!usable.length) return callback(new BlockedAddressError(hostname), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, usable);
      return callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}

/**
 * The URL when it may be requested: http(s), no user or password, and an IP literal only when it
 * is public (or `allowPrivate`); null otherwise. Names are checked later, by the lookup.
 */
export function checkPublicHttpUrl(raw: string | URL, allowPrivate: PrivateAddressPolicy): URL | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  // IP literals skip the lookup function, so they are checked here.
  if (isIP(hostOf(url)) && !allowedBy(allowPrivate)(unmapIPv4(hostOf(url)))) return null;
  return url;
}

/** The host without IPv6 brackets, as sockets and lookups take it. */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');
const portOf = (url: URL) => Number(url.port) || (url.protocol === 'https:' ? 443 : 80);

export type PublicRequestOptions = {
  /** Tests only: let the request reach loopback and private addresses. */
  allowPrivate?: PrivateAddressPolicy;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  method?: string;
  /** Time until the answer's headers arrive, connecting included; the body is the caller's. */
  timeoutMs?: number;
};

const DEFAULT_USER_AGENT = 'Zema';

// One pool per protocol and policy: a kept-alive socket opened for a test's private address is
// never handed to a request that must reach public addresses only (a test's own policy function
// gets no pool at all). An idle socket is closed after 4 s (an agent's `timeout` ends free
// sockets only), before most servers drop it and a reuse would meet a reset.
const pooled = { keepAlive: true, timeout: 4000 };
const agents = {
  'http:': { public: new http.Agent(pooled), private: new http.Agent(pooled) },
  'https:': { public: new https.Agent(pooled), private: new https.Agent(pooled) },
} as const;
const agentFor = (url: URL, policy: PrivateAddressPolicy) =>
  typeof policy === 'function'
    ? false
    : agents[url.protocol as 'http:' | 'https:'][policy ? 'private' : 'public'];

function refused(url: string | URL) {
  return new BlockedAddressError(`not a public http(s) address: ${String(url)}`);
}

/**
 * One request, no redirect followed (a 3xx comes back as it is): resolves with the answer once
 * its headers arrive. Rejects with a {@link BlockedAddressError} for a URL or resolved address
 * that is not allowed, a {@link RequestTimeoutError} after `timeoutMs`, or the socket's error.
 */
export function publicRequest(raw: string | URL, opts: PublicRequestOptions = {}): Promise<IncomingMessage> {
  const allowPrivate = opts.allowPrivate ?? false;
  const url = checkPublicHttpUrl(raw, allowPrivate);
  if (!url) return Promise.reject(refused(raw));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: opts.method ?? 'GET',
        agent: agentFor(url, allowPrivate),
        lookup: guardedLookup(allowPrivate),
        signal: opts.signal,
        headers: { 'user-agent': DEFAULT_USER_AGENT, ...opts.headers },
      },
      (res) => {
        clearTimeout(timer);
        resolve(res);
      },
    );
    const timer =
      opts.timeoutMs === undefined
        ? undefined
        : setTimeout(
            () => req.destroy(new RequestTimeoutError(`no answer from ${url.host}`)),
            opts.timeoutMs,
          );
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(isBlockedAddressError(err) ? refused(url) : err);
    });
    req.end();
  });
}

/** Where a redirect answer points (resolved against `base`); null for any other answer. */
export function redirectTarget(res: { statusCode?: number; headers: IncomingHttpHeaders }, base: URL) {
  const status = res.statusCode ?? 0;
  const location = res.headers.location;
  if (status < 300 || status >= 400 || !location) return null;
  try {
    return new URL(location, base);
  } catch {
    return null;
  }
}

/**
 * {@link publicRequest} that follows up to `maxRedirects` redirects (default 3), checking every
 * target as the first URL. Resolves with the first answer that is not a redirect and its URL.
 */
export async function publicRequestFollowing(
  raw: string | URL,
  opts: PublicRequestOptions & { maxRedirects?: number } = {},
): Promise<{ res: IncomingMessage; url: URL }> {
  const allowPrivate = opts.allowPrivate ?? false;
  let url = checkPublicHttpUrl(raw, allowPrivate);
  if (!url) throw refused(raw);
  const max = opts.maxRedirects ?? 3;
  for (let hop = 0; hop <= max; hop++) {
    const res = await publicRequest(url, opts);
    const next = redirectTarget(res, url);
    if (!next) return { res, url };
    res.resume();
    const checked = checkPublicHttpUrl(next, allowPrivate);
    if (!checked) throw refused(next);
    url = checked;
  }
  throw new TooManyRedirectsError(`more than ${max} redirects from ${String(raw)}`);
}

/**
 * The whole body, at most `maxBytes` (refused early when the declared length says more); rejects
 * when the answer breaks off before its end.
 */
export function readLimitedBody(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(res.headers['content-length'] ?? 0);
    if (declared > maxBytes) {
      res.destroy();
      reject(new ResponseTooLargeError(`${declared} bytes declared`));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const fail = (err: Error) => {
      if (done) return;
      done = true;
      reject(err);
    };
    res.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        res.destroy();
        fail(new ResponseTooLargeError(`more than ${maxBytes} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    res.on('end', () => {
      if (done) return;
      done = true;
      resolve(Buffer.concat(chunks));
    });
    res.on('error', fail);
    res.on('close', () => fail(new Error('the answer broke off')));
  });
}

/**
 * A raw TCP (or TLS for https:) connection to the URL's host, under the same rules, for protocols
 * Node's HTTP client cannot read (SHOUTcast's `ICY 200 OK`). Resolves once connected.
 */
export function publicConnect(
  raw: string | URL,
  opts: Pick<PublicRequestOptions, 'allowPrivate' | 'signal' | 'timeoutMs'> = {},
): Promise<Socket> {
  const allowPrivate = opts.allowPrivate ?? false;
  const url = checkPublicHttpUrl(raw, allowPrivate);
  if (!url) return Promise.reject(refused(raw));
  if (opts.signal?.aborted) return Promise.reject(opts.signal.reason);
  const host = hostOf(url);
  const port = portOf(url);
  const lookup = guardedLookup(allowPrivate);
  return new Promise((resolve, reject) => {
    const socket: Socket =
      url.protocol === 'https:'
        ? tls.connect({ host, port, lookup, servername: isIP(host) ? undefined : host })
        : net.connect({ host, port, lookup });
    const ready = url.protocol === 'https:' ? 'secureConnect' : 'connect';
    const onAbort = () => socket.destroy(opts.signal?.reason);
    const timer =
      opts.timeoutMs === undefined
        ? undefined
        : setTimeout(
            () => socket.destroy(new RequestTimeoutError(`could not connect to ${url.host}`)),
            opts.timeoutMs,
          );
    const cleanup = () => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
    };
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    socket.once(ready, () => {
      cleanup();
      socket.removeListener('error', onError);
      resolve(socket);
    });
    const onError = (err: Error) => {
      cleanup();
      reject(isBlockedAddressError(err) ? refused(url) : err);
    };
    socket.once('error', onError);
  });
}
