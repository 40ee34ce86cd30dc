/**
 * Keeps secrets and personal data out of the log stream and the error log (RELIABILITY: passwords
 * are never logged). Three layers, because no single one sees everything:
 * - keys: any logged object's property named like a secret (password, token, secret, cookie,
 *   recovery code, hash…) is replaced, however deep (`redactKeys`);
 * - errors: an error is logged as a fixed set of fields — never a driver's `params`, `query`
 *   values or `detail` — and its message and stack are scrubbed (`serializeError`);
 * - text: known secret shapes are cut out of free text — bound query parameters printed by
 *   Drizzle ("params: …"), argon2 hashes, SHA-256 hex digests, bearer and personal access tokens,
 *   cookie and query values named like secrets, recovery codes, TOTP secrets and emails
 *   (`scrubText`).
 */

export const REDACTED = '[redacted]';

const SENSITIVE_KEY =
  /pass(word|wd)?|secret|token|authori[sz]ation|cookie|recovery|otp|hash|credential|api_?key|app_?key/i;

export function isSensitiveKey(key: string): boolean {
  return SENSITIVE_KEY.test(key);
}

const SECRET_PATTERNS: [RegExp, string][] = [
  // Drizzle's "Failed query: …\nparams: a,b,c" (the values of the query, to the end of the line).
  [/(^|\n)params: [^\n]*/g, `$1params: ${REDACTED}`],
  [/\$argon2(?:id|i|d)\$[^\s,"'\\]*/g, REDACTED],
  [/\bBearer\s+[^\s,"'\\]+/gi, `Bearer ${REDACTED}`],
  // A personal access token as shown once: "<id>|<40 random bytes, base64url>".
  [/\b\d+\|[A-Za-z0-9_-]{20,}/g, REDACTED],
  // SHA-256 digests (stored token and code hashes).
  [/\b[a-f0-9]{64}\b/gi, REDACTED],
  // cookie / query pairs whose name says secret: zema_session=…, XSRF-TOKEN=…, token=…
  [
    /\b([\w-]*(?:session|token|xsrf|secret|password|two_factor|code)[\w-]*)=([^;&\s"'\\]+)/gi,
    `$1=${REDACTED}`,
  ],
  // JSON members named like secrets inside a message: {"password":"…"}.
  [
    /("[^"\n]*(?:pass(?:word|wd)?|secret|token|recovery|otp|hash|app_?key)[^"\n]*"\s*:\s*)"(?:[^"\\\n]|\\.)*"/gi,
    `$1"${REDACTED}"`,
  ],
  // Two-factor recovery codes (RELIABILITY: [A-Za-z0-9]{10}-[A-Za-z0-9]{10}).
  [/\b[A-Za-z0-9]{10}-[A-Za-z0-9]{10}\b/g, REDACTED],
  // Base32 TOTP secrets (160 bits and more).
  [/\b[A-Z2-7]{32,}\b/g, REDACTED],
];

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

/** `text` without secret-shaped parts; `emails: true` also hides email addresses. */
export function scrubText(text: string, opts: { emails?: boolean; values?: readonly string[] } = {}): string {
  let out = text;
  // Exact values known to be sensitive (e.g. a failed query's bound parameters), longest first.
  for (const value of [...(opts.values ?? [])].sort((a, b) => b.length - a.length)) {
    if (value.length >= 3) out = out.split(value).join(REDACTED);
  }
  for (const [pattern, replacement] of SECRET_PATTERNS) out = out.replace(pattern, replacement);
  if (opts.emails) out = out.replace(EMAIL, '[email]');
  return out;
}

/**
 * Paths whose next segment is a bearer secret: a password reset token, and a workspace
 * invitation's id (whoever has it may see, join or decline the invitation: SPEC §7
 * workspace/join/{inviteId}), in the invitee's calls and in the admins' resend and revoke.
 */
const SECRET_PATHS = [
  /^(\/password\/reset\/)[^/?#]+/,
  /^(\/api\/v1\/workspace\/(?:invites|join|invite)\/)[^/?#]+/,
  /^(\/api\/v1\/workspaces\/[^/?#]+\/invites\/)[^/?#]+/,
];
/** Query parameters that carry a secret without being named like one: the join pages' `invite`. */
const SECRET_QUERY = /^(email|code|state|invite)$/i;

/**
 * A request URL fit for a log: reset tokens and invitation ids in the path and secret-named
 * query values cut out.
 */
export function scrubUrl(url: string): string {
  const q = url.indexOf('?');
  let path = q < 0 ? url : url.slice(0, q);
  for (const pattern of SECRET_PATHS) path = path.replace(pattern, `$1${REDACTED}`);
  if (q < 0) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const name = safeDecode(pair.slice(0, eq));
      return isSensitiveKey(name) || SECRET_QUERY.test(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${scrubText(query, { emails: true })}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The string values bound to a failed query (Drizzle's and PGlite's `params`). */
function boundValues(err: Record<string, unknown>): string[] {
  const params = err.params;
  if (!Array.isArray(params)) return [];
  return params.flatMap((p) => (typeof p === 'string' ? [p] : p instanceof Date ? [] : [String(p)]));
}

export type SerializedError = {
  type: string;
  message: string;
  stack?: string;
  code?: string | number;
  statusCode?: number;
  table?: string;
  constraint?: string;
  column?: string;
  cause?: SerializedError;
};

/**
 * An error as it may be logged: its type, scrubbed message and stack, and the fields that say
 * what failed without the data (code, status, table, constraint, column) — never `params`,
 * `detail` or other properties a driver or library attached. Causes are followed a few levels.
 */
export function serializeError(value: unknown, depth = 0): SerializedError {
  if (!(value instanceof Error) && (typeof value !== 'object' || value === null)) {
    return { type: typeof value, message: scrubText(String(value), { emails: true }) };
  }
  const err = value as Error & Record<string, unknown>;
  // The bound values of this error and of its causes: a driver error echoes some of them.
  const values: string[] = [];
  for (
    let e: unknown = err, i = 0;
    e && typeof e === 'object' && i < 5;
    e = (e as { cause?: unknown }).cause, i++
  ) {
    values.push(...boundValues(e as Record<string, unknown>));
  }
  const scrub = (text: string) => scrubText(text, { emails: true, values });
  const out: SerializedError = {
    type: err.constructor?.name && err.constructor.name !== 'Object' ? err.constructor.name : 'Error',
    message: scrub(typeof err.message === 'string' ? err.message : String(err)),
  };
  if (typeof err.stack === 'string') out.stack = scrub(err.stack);
  if (typeof err.code === 'string' || typeof err.code === 'number') out.code = err.code;
  if (typeof err.statusCode === 'number') out.statusCode = err.statusCode;
  for (const key of ['table', 'constraint', 'column'] as const) {
    if (typeof err[key] === 'string') out[key] = err[key] as string;
  }
  if (err.cause !== undefined && depth < 4) {
    const cause = serializeError(err.cause, depth + 1);
    out.cause = {
      ...cause,
      message: scrub(cause.message),
      ...(cause.stack ? { stack: scrub(cause.stack) } : {}),
    };
  }
  return out;
}

const MAX_DEPTH = 8;

/**
 * A copy of a log object with secret-named properties replaced, at any depth. Errors are left to
 * the `err` serializer; buffers and other class instances are kept as they are.
 */
export function redactKeys<T>(value: T, depth = 0): T {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object' || value instanceof Error)
    return value;
  if (Array.isArray(value)) return value.map((v) => redactKeys(v, depth + 1)) as T;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    out[key] =
      isSensitiveKey(key) && child !== undefined && child !== null ? REDACTED : redactKeys(child, depth + 1);
  }
  return out as T;
}
