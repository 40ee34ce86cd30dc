/**
 * The PostgreSQL error behind a failed query, whichever driver raised it. Drizzle wraps driver
 * errors in DrizzleQueryError (`cause`); pg and PGlite both raise pg-protocol's DatabaseError,
 * whose SQLSTATE `code`, `table`, `constraint` and `column` say what failed without the values.
 * Its `message`, `detail` and the wrapper's `params` may carry the request's data (passwords,
 * hashes, emails), so only these fields are meant to be logged or inspected.
 */
import { msg } from '@zema/contracts';
export type DatabaseErrorInfo = {
  code: string;
  table?: string;
  constraint?: string;
  column?: string;
  schema?: string;
};

const SQLSTATE = /^[0-9A-Z]{5}$/;

function asDatabaseError(value: unknown): DatabaseErrorInfo | null {
  if (!value || typeof value !== 'object') return null;
  const e = value as Record<string, unknown>;
  // `severity` tells a server error from a Node system error with a 5-letter code (EPIPE).
  if (typeof e.code !== 'string' || !SQLSTATE.test(e.code) || typeof e.severity !== 'string') return null;
  const text = (key: string) => (typeof e[key] === 'string' ? (e[key] as string) : undefined);
  return {
    code: e.code,
    table: text('table'),
    constraint: text('constraint'),
    column: text('column'),
    schema: text('schema'),
  };
}

/** The database error in `err` or its causes (a few levels), or null. */
export function databaseErrorOf(err: unknown): DatabaseErrorInfo | null {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current; depth++) {
    const found = asDatabaseError(current);
    if (found) return found;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

export const SQLSTATE_CODES = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
} as const;

/** A unique violation, optionally of one named constraint (or unique index). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const db = databaseErrorOf(err);
  return (
    db?.code === SQLSTATE_CODES.uniqueViolation && (constraint === undefined || db.constraint === constraint)
  );
}

/**
 * What a client may be told about a database error its input caused (the error handler's safety
 * net: routes should refuse such input before the query). Null = a server fault (500).
 */
export function clientFaultOf(info: DatabaseErrorInfo): { status: number; message: string } | null {
  const { code } = info;
  if (code === '23505') return { status: 409, message: msg('This conflicts with an existing record.') };
  if (code === '23503') {
    return { status: 409, message: msg('This refers to a record that does not exist or is still in use.') };
  }
  // 23502 not null, 23514 check, class 22 data exceptions (22003 out of range, 22P02 invalid text
  // representation, 22021/22P05 encoding, 22001 too long, 22007/22008 dates), 54000 too long
  // for an index or a tsvector.
  if (code === '23502' || code === '23514' || code.startsWith('22') || code === '54000') {
    return { status: 400, message: msg('The request contains a value that cannot be stored.') };
  }
  return null;
}
