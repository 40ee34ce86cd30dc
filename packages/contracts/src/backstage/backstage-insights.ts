import { z } from 'zod';
import { msg } from '../i18n/messages';

/**
 * An artist's insights in the backstage: plays over time against the previous
 * period, unique listeners, top tracks, countries and devices, from the same rollups as the admin
 * dashboard (decision 0024), for one artist the caller manages. A track's play counts for every
 * artist credited on it. Days are UTC days: the per-artist rollups are kept by day and month.
 */

/** The last 7, 28 or 90 days (today included), or the last 12 calendar months (this one included). */
export const INSIGHTS_RANGES = ['7d', '28d', '90d', '12m'] as const;
export type InsightsRange = (typeof INSIGHTS_RANGES)[number];
export const INSIGHTS_RANGE_LABELS: Record<InsightsRange, string> = {
  '7d': msg('Last 7 days'),
  '28d': msg('Last 28 days'),
  '90d': msg('Last 90 days'),
  '12m': msg('Last 12 months'),
};
/** Rows in the top tracks list. */
export const INSIGHTS_TOP_LIMIT = 10;

export const insightsQuerySchema = z.object({
  range: z.enum(INSIGHTS_RANGES).default('28d'),
});
export type InsightsQuery = z.infer<typeof insightsQuerySchema>;

/** A figure of the range and the same figure over the period as long just before it. */
const figureSchema = z.object({ value: z.number().int(), previous: z.number().int() });

/** One row of a breakdown; `key` null = not known (no GeoIP match, an unrecognised device). */
const breakdownSchema = z.array(z.object({ key: z.string().nullable(), plays: z.number().int() }));

export const insightsResponseSchema = z.object({
  artist: z.object({ id: z.number().int(), name: z.string() }),
  range: z.object({
    range: z.enum(INSIGHTS_RANGES),
    /** First and last UTC day counted (YYYY-MM-DD), and those of the previous period. */
    from: z.string(),
    to: z.string(),
    previous_from: z.string(),
    previous_to: z.string(),
    granularity: z.enum(['day', 'month']),
  }),
  plays: figureSchema,
  /** Distinct listeners over the whole range (signed-in users, and visitors by their cookie). */
  listeners: figureSchema,
  /** One row per day or month of the range, oldest first; `label` is 'YYYY-MM-DD' or 'YYYY-MM'. */
  series: z.array(z.object({ label: z.string(), plays: z.number().int() })),
  /** The artist's most played tracks in the range, most played first. */
  top_tracks: z.array(z.object({ id: z.number().int(), name: z.string(), plays: z.number().int() })),
  /** ISO 3166 alpha-2 country codes, most plays first. */
  countries: breakdownSchema,
  /** mobile, tablet, computer, most plays first. */
  devices: breakdownSchema,
});
export type InsightsResponse = z.infer<typeof insightsResponseSchema>;
