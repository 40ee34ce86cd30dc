import { z } from 'zod';
import { msg } from '../i18n/messages';

/**
 * The admin dashboard's numbers (GET api/v1/admin/analytics, modules/system, decision 0024).
 * Every count comes from rollup tables kept current as plays arrive, never from a scan of the
 * plays log. Shapes are chart-ready: a series is one row per bucket in order, a breakdown one row
 * per key from the most played down.
 */

/** Who may open the dashboard (the `admin` permission grants it too). */
export const ANALYTICS_VIEW_PERMISSION = 'analytics.view';

/**
 * The range picker: today, the last 7, 30 or 90 days (today included), the last 12 calendar months
 * (this one included), or `custom` days from `from` to `to` (both included, at most
 * ANALYTICS_CUSTOM_MAX_DAYS), all in the requested time zone.
 */
export const ANALYTICS_RANGES = ['today', '7d', '30d', '90d', '12m', 'custom'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const ANALYTICS_CUSTOM_MAX_DAYS = 366;
/** Rows in each top list. */
export const ANALYTICS_TOP_LIMIT = 10;

/** True for an IANA zone name this runtime knows ('Africa/Addis_Ababa', 'UTC'). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const DAY_MS = 86_400_000;

export const analyticsQuerySchema = z
  .object({
    range: z.enum(ANALYTICS_RANGES).default('7d'),
    /** `custom` only: first and last day (YYYY-MM-DD) in `timezone`. */
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    /** The admin's IANA time zone: days, hours and months are this zone's. */
    timezone: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .default('UTC')
      .refine(isTimeZone, { message: msg('The time zone is not a known IANA time zone.') }),
  })
  .superRefine((q, ctx) => {
    if (q.range !== 'custom') return;
    if (!q.from)
      ctx.addIssue({ code: 'custom', path: ['from'], message: msg('The from field is required.') });
    if (!q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: msg('The to field is required.') });
    // A date the field itself refused (2026-02-30) has its own error already.
    const real = (d: string) =>
      !Number.isNaN(Date.parse(d)) && new Date(Date.parse(d)).toISOString().startsWith(d);
    if (!q.from || !q.to || !real(q.from) || !real(q.to)) return;
    const days = (Date.parse(q.to) - Date.parse(q.from)) / DAY_MS + 1;
    if (days < 1)
      ctx.addIssue({ code: 'custom', path: ['to'], message: msg('The to date must not be before from.') });
    else if (days > ANALYTICS_CUSTOM_MAX_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: msg('A custom range is at most 366 days.'),
      });
  });
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

/** A KPI card: the range's value and the previous period's (null when it has none). */
const kpiSchema = z.object({ value: z.number().int(), previous: z.number().int().nullable() });

/** A bucket of the series; `label` is its start in the admin's zone. */
export const analyticsPointSchema = z.object({
  /** Bucket start as an instant (ISO 8601, UTC). */
  start: z.string(),
  /** 'YYYY-MM-DDTHH:00' (hours), 'YYYY-MM-DD' (days) or 'YYYY-MM' (months), local to the zone. */
  label: z.string(),
  plays: z.number().int(),
  /** Distinct listeners in this bucket (not additive across buckets). */
  listeners: z.number().int(),
});

const topItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string().nullable(),
  plays: z.number().int(),
});

/** One row of a breakdown; `key` null = not known (no GeoIP match, an unrecognised browser). */
const breakdownSchema = z.array(z.object({ key: z.string().nullable(), plays: z.number().int() }));

export const analyticsResponseSchema = z.object({
  range: z.object({
    range: z.enum(ANALYTICS_RANGES),
    timezone: z.string(),
    /** First and last local day of the range. */
    from: z.string(),
    to: z.string(),
    /**
     * The counted span as instants, `end` exclusive: the range up to the end of the current hour.
     * The previous period is as long, the same span one range-length earlier (yesterday up to the
     * same hour for `today`, the 12 months before for `12m`).
     */
    start: z.string(),
    end: z.string(),
    previous_start: z.string(),
    previous_end: z.string(),
    granularity: z.enum(['hour', 'day', 'month']),
  }),
  kpis: z.object({
    plays: kpiSchema,
    /** Distinct listeners (signed-in users, and visitors by their listener cookie). */
    listeners: kpiSchema,
    new_users: kpiSchema,
    new_tracks: kpiSchema,
    /** Sessions seen in the last 15 minutes: a snapshot of now, so `previous` is null. */
    active_sessions: kpiSchema,
  }),
  /** Buckets from the range's start up to the current one (none in the future). */
  series: z.array(analyticsPointSchema),
  top_tracks: z.array(
    topItemSchema.extend({ artists: z.array(z.object({ id: z.number().int(), name: z.string() })) }),
  ),
  top_artists: z.array(topItemSchema),
  top_albums: z.array(topItemSchema),
  /** ISO 3166 alpha-2 country codes. */
  by_country: breakdownSchema,
  /** mobile, tablet, computer. */
  by_device_type: breakdownSchema,
  /** Operating system names without versions (Windows, Android, iOS, …). */
  by_platform: breakdownSchema,
  /** Browser names without versions (Chrome, Firefox, Safari, …). */
  by_browser: breakdownSchema,
});
export type AnalyticsResponse = z.infer<typeof analyticsResponseSchema>;
