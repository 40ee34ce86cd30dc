/**
 * HTTP range and conditional-request rules for audio streaming (RFC 9110 §13–14; RELIABILITY
 * "Uploads and streaming"). Pure functions, so each rule is tested on its own.
 */

export type RangeDecision =
  /** Send the whole file with 200 (no Range, bad syntax, several ranges, stale If-Range). */
  | { kind: 'full' }
  /** Send bytes start..end inclusive with 206. */
  | { kind: 'partial'; start: number; end: number }
  /** 416 with `Content-Range: bytes *\/size`. */
  | { kind: 'unsatisfiable' };

const SINGLE_RANGE = /^(\d*)-(\d*)$/;

/** Interprets a Range header against a file of `size` bytes. */
export function parseRange(header: string | undefined, size: number): RangeDecision {
  if (!header) return { kind: 'full' };
  const match = /^bytes=(.+)$/i.exec(header.trim());
  if (!match) return { kind: 'full' };
  const specs = match[1]!.split(',').map((s) => s.trim());
  // Several ranges would need multipart/byteranges; RFC 9110 lets a server ignore Range instead.
  if (specs.length !== 1) return { kind: 'full' };
  const spec = SINGLE_RANGE.exec(specs[0]!);
  if (!spec) return { kind: 'full' };
  const [, first, last] = spec;
  if (first === '' && last === '') return { kind: 'full' };
  // Beyond 2^53 the numbers are not exact; no audio file is that large, so treat it as bad syntax.
  if ((first?.length ?? 0) > 15 || (last?.length ?? 0) > 15) return { kind: 'full' };
  if (first === '') {
    // Suffix: the last n bytes (all of them when n exceeds the size).
    const n = Number(last);
    if (n === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Number(last);
  // "5-3" is not a valid range-spec: the header is ignored.
  if (last !== '' && end < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: Math.min(end, size - 1) };
}

export type Validators = { etag: string; lastModified: Date };

/** An HTTP date has one-second resolution: compare at that resolution. */
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * If-Range: the range applies only when the validator still matches. An entity tag must match
 * strongly (a weak tag never does); a date must equal Last-Modified exactly.
 */
export function ifRangeMatches(header: string | undefined, v: Validators): boolean {
  if (header === undefined) return true;
  const value = header.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return value === v.etag;
  const date = Date.parse(value);
  return Number.isFinite(date) && Math.floor(date / 1000) === seconds(v.lastModified);
}

/** True when the client's copy is current: answer 304. If-None-Match wins over If-Modified-Since. */
export function notModified(
  ifNoneMatch: string | undefined,
  ifModifiedSince: string | undefined,
  v: Validators,
): boolean {
  if (ifNoneMatch !== undefined) {
    if (ifNoneMatch.trim() === '*') return true;
    const bare = v.etag.replace(/^W\//, '');
    // Weak comparison: W/"x" and "x" are the same representation for a GET.
    return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
  }
  if (ifModifiedSince !== undefined) {
    const date = Date.parse(ifModifiedSince);
    return Number.isFinite(date) && seconds(v.lastModified) <= Math.floor(date / 1000);
  }
  return false;
}
