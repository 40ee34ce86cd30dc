import { XMLBuilder } from 'fast-xml-parser';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The Subsonic protocol (PROTOCOLS.md, OpenSubsonic): parameters from the query or a form body,
 * the `subsonic-response` envelope in XML, JSON or JSONP, and its error codes, always with HTTP
 * 200 as clients expect.
 */

/** The Subsonic API version this server speaks. */
export const SUBSONIC_API_VERSION = '1.16.1';
/** `type` of the OpenSubsonic envelope: the server's name. */
export const SERVER_TYPE = 'zema';
const XMLNS = 'http://subsonic.org/restapi';

/** Subsonic's error codes (PROTOCOLS.md). */
export const SUBSONIC_ERRORS = {
  generic: 0,
  missingParameter: 10,
  clientTooOld: 20,
  serverTooOld: 30,
  wrongCredentials: 40,
  tokenAuthNotSupported: 41,
  authMechanismNotSupported: 42,
  conflictingAuth: 43,
  invalidApiKey: 44,
  notAuthorized: 50,
  trialOver: 60,
  notFound: 70,
} as const;

export class SubsonicError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export const missing = (name: string) =>
  new SubsonicError(SUBSONIC_ERRORS.missingParameter, `Required parameter is missing: ${name}`);
export const notFound = (what = 'Data') => new SubsonicError(SUBSONIC_ERRORS.notFound, `${what} not found`);
export const invalid = (name: string) =>
  new SubsonicError(SUBSONIC_ERRORS.generic, `Invalid value for parameter: ${name}`);

/** A call's parameters: each name may come several times (`id=1&id=2`), from the query and the form body. */
export class Params {
  private readonly map = new Map<string, string[]>();

  constructor(...sources: unknown[]) {
    for (const source of sources) {
      if (!source || typeof source !== 'object') continue;
      for (const [key, value] of Object.entries(source as Record<string, unknown>)) {
        const values = (Array.isArray(value) ? value : [value]).filter(
          (v): v is string => typeof v === 'string',
        );
        if (values.length) this.map.set(key, [...(this.map.get(key) ?? []), ...values]);
      }
    }
  }

  has(name: string): boolean {
    return this.map.has(name);
  }
  /** The first value of `name`, or undefined. */
  get(name: string): string | undefined {
    return this.map.get(name)?.[0];
  }
  all(name: string): string[] {
    return this.map.get(name) ?? [];
  }
  required(name: string): string {
    const value = this.get(name);
    if (value === undefined || value === '') throw missing(name);
    return value;
  }
  /** An integer parameter within [min, max], `fallback` when absent; anything else is an error. */
  int(name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
    const raw = this.get(name);
    if (raw === undefined || raw === '') return fallback;
    if (!/^-?\d{1,16}$/.test(raw)) throw invalid(name);
    const n = Number(raw);
    if (n < min) throw invalid(name);
    return Math.min(n, max);
  }
  bool(name: string, fallback: boolean): boolean {
    const raw = this.get(name);
    if (raw === undefined || raw === '') return fallback;
    return raw === 'true' || raw === '1';
  }
}

export type Format = 'xml' | 'json' | 'jsonp';

/** `f`: xml (the default), json or jsonp; anything else answers XML, as Subsonic servers do. */
export function formatOf(params: Params): { format: Format; callback: string | null } {
  const f = params.get('f');
  if (f === 'json') return { format: 'json', callback: null };
  if (f === 'jsonp') {
    const callback = params.get('callback') ?? '';
    // Only a plain (dotted) identifier: the callback is written into a script.
    if (/^[A-Za-z_$][\w$]{0,63}(\.[A-Za-z_$][\w$]{0,63}){0,3}$/.test(callback))
      return { format: 'jsonp', callback };
    return { format: 'json', callback: null };
  }
  return { format: 'xml', callback: null };
}

/** What a method answers: one key (the element, `artists`, `album`…) or none (ping). */
export type Payload = Record<string, unknown>;

/**
 * String properties that XML writes as child elements with text, not as attributes (artist and
 * album info); `value` is an element's own text (a genre's name, lyrics).
 */
const TEXT_ELEMENTS = new Set([
  'biography',
  'musicBrainzId',
  'lastFmUrl',
  'smallImageUrl',
  'mediumImageUrl',
  'largeImageUrl',
  'notes',
]);

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  suppressEmptyNode: true,
  suppressBooleanAttributes: false,
  processEntities: true,
});

/**
 * Characters XML 1.0 cannot carry at all, not even escaped (C0 controls but tab, LF and CR; lone
 * surrogates; U+FFFE/U+FFFF): a name holding one would make the whole answer unreadable to an app.
 */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const xmlText = (v: unknown) => String(v).replace(NOT_XML, '\uFFFD');

/** The JSON shape of a Subsonic payload as fast-xml-parser's builder reads it. */
function toXmlNode(value: Record<string, unknown>): Record<string, unknown> {
  const node: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined || v === null) continue;
    if (key === 'value') node['#text'] = xmlText(v);
    else if (Array.isArray(v))
      node[key] = v.map((item) => (isObject(item) ? toXmlNode(item) : { '#text': xmlText(item) }));
    else if (isObject(v)) node[key] = toXmlNode(v);
    else if (TEXT_ELEMENTS.has(key)) node[key] = { '#text': xmlText(v) };
    else node[`@_${key}`] = xmlText(v);
  }
  return node;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function envelope(status: 'ok' | 'failed', serverVersion: string, payload: Payload) {
  return {
    status,
    version: SUBSONIC_API_VERSION,
    type: SERVER_TYPE,
    serverVersion,
    openSubsonic: true,
    ...payload,
  };
}

/** Writes the answer in the asked format (HTTP 200, also for a failure: clients read `status`). */
export function sendSubsonic(
  reply: FastifyReply,
  params: Params,
  status: 'ok' | 'failed',
  payload: Payload,
  serverVersion: string,
) {
  const { format, callback } = formatOf(params);
  const body = envelope(status, serverVersion, payload);
  reply.status(200).header('cache-control', 'no-store');
  if (format === 'json') {
    return reply.type('application/json; charset=utf-8').send(JSON.stringify({ 'subsonic-response': body }));
  }
  if (format === 'jsonp') {
    return reply
      .type('text/javascript; charset=utf-8')
      .header('x-content-type-options', 'nosniff')
      .send(`${callback}(${JSON.stringify({ 'subsonic-response': body })});`);
  }
  const xml = builder.build({ 'subsonic-response': { '@_xmlns': XMLNS, ...toXmlNode(body) } }) as string;
  return reply.type('text/xml; charset=utf-8').send(`<?xml version="1.0" encoding="UTF-8"?>${xml}`);
}

export function sendSubsonicError(
  reply: FastifyReply,
  params: Params,
  err: SubsonicError,
  serverVersion: string,
) {
  return sendSubsonic(
    reply,
    params,
    'failed',
    { error: { code: err.code, message: err.message } },
    serverVersion,
  );
}

/** The call's parameters: the query, and for a POST the form body (the `formPost` extension). */
export function paramsOf(request: FastifyRequest): Params {
  return new Params(request.query, request.method === 'POST' ? request.body : null);
}
