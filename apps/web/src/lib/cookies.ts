/** Small document.cookie helpers (the app's cookies are script-readable by design, SPEC §4). */

export function getCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    const key = (eq === -1 ? part : part.slice(0, eq)).trim();
    if (key === name) {
      const raw = eq === -1 ? '' : part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return null;
}

export interface CookieOptions {
  /** Lifetime in days; omitted means a session cookie. */
  days?: number;
  path?: string;
  sameSite?: 'Lax' | 'Strict' | 'None';
}

/** Builds the exact cookie string, so callers (and tests) can see what is written. */
export function serializeCookie(name: string, value: string, opts: CookieOptions = {}): string {
  const parts = [`${name}=${encodeURIComponent(value)}`];
  if (opts.days !== undefined) {
    const expires = new Date(Date.now() + opts.days * 864e5);
    parts.push(`expires=${expires.toUTCString()}`, `max-age=${Math.round(opts.days * 86400)}`);
  }
  parts.push(`path=${opts.path ?? '/'}`, `SameSite=${opts.sameSite ?? 'Lax'}`);
  if (typeof location !== 'undefined' && location.protocol === 'https:') parts.push('Secure');
  return parts.join('; ');
}

export function setCookie(name: string, value: string, opts: CookieOptions = {}): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every supported browser yet.
  document.cookie = serializeCookie(name, value, opts);
}

export function removeCookie(name: string, path = '/'): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see setCookie.
  document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=${path}`;
}
