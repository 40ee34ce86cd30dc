import {
  LIST_DEFAULT_PER_PAGE,
  LIST_EXPORT_MAX_ROWS,
  type SortOrder,
  type TotalRelation,
} from '@zema/contracts/admin';
import { type AnyColumn, asc, desc, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '#src/db/client';
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
 * repeat or skip rows that share a sort value. Keys listed in `notNull` (never null) are ordered
 * without NULLS LAST: then an index on `(key, tiebreak)` serves both directions (a backward scan
 * yields NULLS FIRST, which the planner does not match to `desc nulls last`), and a large list's
 * first page is an index walk instead of a sort of every row.
 */
export function listOrder<K extends string>(
  query: ListQuery,
  sorts: Record<K, AnyColumn | SQL>,
  fallback: { sort: NoInfer<K>; order: SortOrder },
  tiebreak: AnyColumn,
  notNull: readonly NoInfer<K>[] = [],
): SQL[] {
  const key = (query.sort as K | undefined) ?? fallback.sort;
  const order = query.order ?? (query.sort ? 'asc' : fallback.order);
  const dir = order === 'desc' ? desc : asc;
  const chosen = sorts[key] ? key : fallback.sort;
  const expr = sorts[chosen];
  if (notNull.includes(chosen)) return [dir(expr as AnyColumn), dir(tiebreak)];
  // NULLS LAST either way: "never logged in" belongs at the end of both orders.
  const primary = order === 'desc' ? sql`${expr} desc nulls last` : sql`${expr} asc nulls last`;
  return [primary, dir(tiebreak)];
}

/** `%term%` for ILIKE, with the pattern characters of the term itself escaped. */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The LIKE pattern of a name search on a large table: `%term%` from three characters (the
 * trigram index needs three), `term%` below that, which a `lower(name) text_pattern_ops` index
 * answers as a range scan where a one- or two-letter `%ti%` would read every row. Typing a first
 * letter or two means "starts with" anyway.
 */
export function namePattern(term: string): string {
  const escaped = term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return [...term].length >= 3 ? `%${escaped}%` : `${escaped}%`;
}

/** A day (YYYY-MM-DD, from the contract) as the start of that day in UTC, or the next day's. */
export function dayStart(day: string, plusDays = 0): Date {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + plusDays);
  return d;
}

export function listPage<T>(
  rows: T[],
  total: number | ListTotal,
  query: ListQuery,
): Page<T> & { total_relation?: TotalRelation } {
  const { page, perPage } = listWindow(query);
  if (typeof total === 'number') return toPage(rows, total, page, perPage);
  return { ...toPage(rows, total.total, page, perPage), total_relation: total.relation };
}

export type ListTotal = { total: number; relation: TotalRelation };

/** From this many rows (the planner's estimate), an unfiltered list shows the estimate. */
export const ESTIMATE_TOTAL_FROM = 20_000;
/** A filtered list counts at most this many matches, then says "10,000+". */
export const COUNT_CAP = 10_000;

/**
 * The total of a list over a table that may be very large (the catalogue's 100 000 tracks), at a
 * bounded cost: counting every row is a scan of the whole table, slower than the page it goes with.
 * Unfiltered, a large table answers with the statistics' row estimate (kept by ANALYZE and
 * autovacuum; -1 before the first, when the table is new and small anyway), a small one exactly.
 * Filtered, the count stops after COUNT_CAP matches: past that the admin narrows the search
 * rather than pages to the end.
 */
export async function listTotal(db: Db, table: PgTable, where: SQL | undefined): Promise<ListTotal> {
  if (!where) {
    const [estimate] = await db
      .select({ n: sql<number>`reltuples::float8` })
      .from(sql`pg_class`)
      .where(sql`oid = ${getTableName(table)}::regclass`);
    const n = Number(estimate?.n ?? -1);
    if (n >= ESTIMATE_TOTAL_FROM) return { total: Math.round(n), relation: 'approx' };
  }
  const capped = db
    .select({ one: sql`1`.as('one') })
    .from(table)
    .where(where)
    .limit(COUNT_CAP + 1)
    .as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  const n = Number(row?.n ?? 0);
  return n > COUNT_CAP ? { total: COUNT_CAP, relation: 'gte' } : { total: n, relation: 'eq' };
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

/** One column of a CSV export: its header and its value in a row. */
export type CsvColumn<T> = { header: string; value: (row: T) => unknown };

/** Rows a CSV export reads per query. */
export const CSV_BATCH_ROWS = 1000;

/**
 * The CSV of every row of a list's current filter (every admin list's export): the header line,
 * then the rows read a page at a time through the list's own query (`page` of `batch` rows), so
 * the export filters and sorts exactly as the table does, up to `maxRows`, without holding more
 * than one batch in memory.
 */
export async function* listCsv<T>(
  page: (window: { page: number; perPage: number }) => Promise<readonly T[]>,
  columns: readonly CsvColumn<T>[],
  { batch = CSV_BATCH_ROWS, maxRows = LIST_EXPORT_MAX_ROWS }: { batch?: number; maxRows?: number } = {},
): AsyncGenerator<string> {
  yield csvLine(columns.map((c) => c.header));
  let written = 0;
  for (let n = 1; written < maxRows; n++) {
    const rows = await page({ page: n, perPage: batch });
    for (const row of rows.slice(0, maxRows - written)) yield csvLine(columns.map((c) => c.value(row)));
    written += rows.length;
    if (rows.length < batch) return;
  }
}

/** `yes` / `no` for a CSV cell. */
export const yesNo = (v: unknown) => (v ? 'yes' : 'no');
