import { z } from 'zod';
import { paginationSchema } from './common';
import { msg } from './i18n/messages';
import { idParamSchema, idSchema, intParamSchema } from './primitives';

/**
 * The one list contract every admin list speaks (page, perPage, sort, order, query, and the list's
 * own filters as flat query parameters), so the data table, its URL and the server share one
 * shape. The answer is the usual `pagination` envelope with its totals.
 */
export const LIST_PER_PAGE_OPTIONS = [15, 25, 50, 100] as const;
export const LIST_DEFAULT_PER_PAGE = 15;
export const LIST_MAX_PER_PAGE = 100;
export const LIST_QUERY_MAX_LENGTH = 200;
/** Rows a CSV export writes at most (the current filter, every page). */
export const LIST_EXPORT_MAX_ROWS = 100_000;

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** `?verified=true|false` → boolean. */
export const booleanParamSchema = z
  .enum(['true', 'false'], { message: msg('Use true or false.') })
  .transform((v) => v === 'true');

/** `?from=2026-01-31` → the same string, checked to be a real calendar day. */
export const dayParamSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, msg('Use a date like 2026-01-31.'))
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    msg('Use a date like 2026-01-31.'),
  );

/** `?role=3` (a list filter by id). */
export const idFilterSchema = idParamSchema;

/**
 * `?ids=3,7` (only these rows, at most 100): how a filter picker shows the name of the item a
 * reloaded URL names, and a link to a few chosen rows.
 */
export const idListFilterSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,99}$/, msg('Use ids separated by commas, like 3,7.'))
  .transform((v) => [...new Set(v.split(',').map(Number))])
  .pipe(z.array(idSchema));

export function listQuerySchema<const S extends readonly [string, ...string[]], F extends z.ZodRawShape>(
  sorts: S,
  filters: F,
) {
  return z.object({
    page: intParamSchema(1, 1_000_000).optional(),
    perPage: intParamSchema(1, LIST_MAX_PER_PAGE).optional(),
    sort: z.enum(sorts).optional(),
    order: z.enum(SORT_ORDERS).optional(),
    query: z.string().trim().max(LIST_QUERY_MAX_LENGTH).optional(),
    ...filters,
  });
}

/**
 * A list's CSV export takes the list's own query (search, filters, sort) without the page window:
 * it writes every row of the filter, not the page on screen.
 */
export function listExportQuerySchema<T extends z.ZodRawShape & { page: z.ZodType; perPage: z.ZodType }>(
  list: z.ZodObject<T>,
) {
  // The mask's check cannot see through the generic shape; the keys are there by the constraint.
  return list.omit({ page: true, perPage: true } as never) as unknown as z.ZodObject<
    Omit<T, 'page' | 'perPage'>
  >;
}

/**
 * How `total` relates to the real number of rows: absent or `eq` = exact; `gte` = at least this
 * many (a broad search's count stops at a cap); `approx` = the database's estimate (an unfiltered
 * list of a very large table, where an exact count would cost more than the page itself).
 */
export const TOTAL_RELATIONS = ['eq', 'gte', 'approx'] as const;
export type TotalRelation = (typeof TOTAL_RELATIONS)[number];

/** A list's answer: the pagination envelope with its totals. */
export const listResponseSchema = <T extends z.ZodTypeAny>(item: T) =>
  paginationSchema(item).extend({ total_relation: z.enum(TOTAL_RELATIONS).optional() });

/** Bulk actions act on the selected rows' ids (at most one page of the largest size). */
export const bulkIdsSchema = z.object({
  ids: z.array(z.number().int().positive()).min(1, msg('Select at least one row.')).max(LIST_MAX_PER_PAGE),
});
export const bulkResultSchema = z.object({ message: z.string(), count: z.number().int() });
