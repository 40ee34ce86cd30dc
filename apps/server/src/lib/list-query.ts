import { LIST_DEFAULT_PER_PAGE, type SortOrder } from '@zema/contracts/admin';
import { type AnyColumn, asc, desc, type SQL, sql } from 'drizzle-orm';
import { type Page, toPage } from './pagination';

/**
 * The server half of the one list contract (contracts `listQuerySchema`): page window, ORDER BY
 * from a whitelist of sort keys (the contract's enum already refused any other), and the `%…%`
 * pattern of a search. Every admin list builds its query from these, so they page, sort and
 * search alike.
 */
export type ListQuery = { page?: number; perPage?: number; sort?: string; order?: SortOrder; query?: string };

export function listWindow(query: ListQuery) {
  const page = query.page ?? 1;
  const perPage = query.perPage ?? LIST_DEFAULT_PER_PAGE;
  return { page, perPage, offset: (page - 1) * perPage };
}

/**
 * ORDER BY the chosen key (or the default), then `tiebreak` in the same direction, so pages never
 * repeat or skip rows that share a sort value.
 */
export function listOrder<K extends string>(
  query: ListQuery,
  sorts: Record<K, AnyColumn | SQL>,
  fallback: { sort: NoInfer<K>; order: SortOrder },
  tiebreak: AnyColumn,
): SQL[] {
  const key = (query.sort as K | undefined) ?? fallback.sort;
  const order = query.order ?? (query.sort ? 'asc' : fallback.order);
  const dir = order === 'desc' ? desc : asc;
  const expr = sorts[key] ?? sorts[fallback.sort];
  // NULLS LAST either way: "never logged in" belongs at the end of both orders.
  const primary = order === 'desc' ? sql`${expr} desc nulls last` : sql`${expr} asc nulls last`;
  return [primary, dir(tiebreak)];
}

/** `%term%` for ILIKE, with the pattern characters of the term itself escaped. */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A day (YYYY-MM-DD, from the contract) as the start of that day in UTC, or the next day's. */
export function dayStart(day: string, plusDays = 0): Date {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + plusDays);
  return d;
}

export function listPage<T>(rows: T[], total: number, query: ListQuery): Page<T> {
  const { page, perPage } = listWindow(query);
  return toPage(rows, total, page, perPage);
}

/** One CSV line (RFC 4180 quoting; a leading = + - @ is defused so a spreadsheet never runs it). */
export function csvLine(values: readonly unknown[]): string {
  return `${values
    .map((v) => {
      if (v === null || v === undefined) return '';
      let s = String(v);
      if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
      return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
    })
    .join(',')}\r\n`;
}
