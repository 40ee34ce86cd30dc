import {
  INSIGHTS_TOP_LIMIT,
  type InsightsQuery,
  type InsightsRange,
  type InsightsResponse,
} from '@zema/contracts';
import { eq, sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client';
import { NotFoundError } from '#src/lib/errors';
import { artists } from '#src/modules/catalogue/tables';
import type { WorkspaceScope } from '#src/modules/workspaces/index';
import { assertArtistAccess } from '#src/modules/workspaces/index';

/**
 * An artist's insights (GET api/v1/backstage/artists/:id/insights), read from the rollups the
 * trigger on `plays` keeps (migrations 0010, 0012, 0016), never the plays log: plays from the
 * `artist` dimension, countries and devices from `artist_country` / `artist_device`, top tracks from
 * the `track` rows of the artist's tracks, and unique listeners from `artist_listeners`. These are
 * kept by UTC day and month, so a range is whole UTC days (or whole UTC months for `12m`).
 */

const DAY_MS = 86_400_000;

export type InsightsPeriod = {
  range: InsightsRange;
  granularity: 'day' | 'month';
  /** Instants (epoch ms), `end`s exclusive; the previous period is as many days or months before. */
  start: number;
  end: number;
  previousStart: number;
  /** Start of each bucket of the series (the last ends at `end`). */
  buckets: number[];
};

const utcDay = (t: number) => Math.floor(t / DAY_MS) * DAY_MS;
const utcMonth = (t: number, add = 0) => {
  const d = new Date(t);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + add, 1);
};
const dateOf = (t: number) => new Date(t).toISOString().slice(0, 10);
const iso = (t: number) => new Date(t).toISOString();

/** The range picker's choice as UTC instants, with the period before it and the series' buckets. */
export function insightsPeriod(range: InsightsRange, now: number): InsightsPeriod {
  const end = utcDay(now) + DAY_MS;
  if (range === '12m') {
    const start = utcMonth(now, -11);
    const buckets = Array.from({ length: 12 }, (_, i) => utcMonth(start, i));
    return { range, granularity: 'month', start, end, previousStart: utcMonth(start, -12), buckets };
  }
  const days = Number.parseInt(range, 10);
  const start = end - days * DAY_MS;
  const buckets = Array.from({ length: days }, (_, i) => start + i * DAY_MS);
  return { range, granularity: 'day', start, end, previousStart: start - days * DAY_MS, buckets };
}

/**
 * 403 unless the artist is the caller's in the active workspace (`workspace_insights.view` in a
 * team); an admin or analytics viewer may read any (404 if none).
 */
export async function assertMayReadInsights(
  db: Database,
  caller: { scope: WorkspaceScope; mayReadAll: boolean },
  artistId: number,
): Promise<{ id: number; name: string }> {
  if (!caller.mayReadAll) await assertArtistAccess(db, caller.scope, artistId, 'insights');
  const [artist] = await db
    .select({ id: artists.id, name: artists.name })
    .from(artists)
    .where(eq(artists.id, artistId));
  if (!artist) throw new NotFoundError();
  return artist;
}

export async function getArtistInsights(
  db: Database,
  artist: { id: number; name: string },
  query: InsightsQuery,
  now = Date.now(),
): Promise<InsightsResponse> {
  const p = insightsPeriod(query.range, now);
  const grain = p.granularity === 'day' ? 'd' : 'm';
  const key = String(artist.id);
  const [series, [listeners], top, breakdown] = await Promise.all([
    queryRows<{ bucket: string | Date; plays: number }>(
      db,
      sql`select bucket, plays from play_rollups
          where dimension = 'artist' and grain = ${grain} and key = ${key}
            and bucket >= ${iso(p.previousStart)}::timestamptz and bucket < ${iso(p.end)}::timestamptz`,
    ),
    queryRows<{ current: number; previous: number }>(
      db,
      sql`select count(distinct listener_id) filter (where day >= ${iso(p.start)}::timestamptz)::int as current,
                 count(distinct listener_id) filter (where day < ${iso(p.start)}::timestamptz)::int as previous
          from artist_listeners
          where artist_id = ${artist.id}
            and day >= ${iso(p.previousStart)}::timestamptz and day < ${iso(p.end)}::timestamptz`,
    ),
    queryRows<{ id: number; name: string; plays: number }>(
      db,
      sql`select t.id, t.name, r.plays from (
            select r.key, sum(r.plays)::int as plays from play_rollups r
            where r.dimension = 'track' and r.grain = ${grain}
              and r.bucket >= ${iso(p.start)}::timestamptz and r.bucket < ${iso(p.end)}::timestamptz
              and r.key = any(array(select track_id::text from track_artist where artist_id = ${artist.id}))
            group by 1
          ) r join tracks t on t.id = r.key::int
          order by r.plays desc, t.id limit ${INSIGHTS_TOP_LIMIT}`,
    ),
    // Keys '<artistId>:<code>' (a prefix test: a range of text keys would follow the collation).
    queryRows<{ dimension: string; key: string; plays: number }>(
      db,
      sql`select dimension, key, sum(plays)::int as plays from play_rollups
          where dimension in ('artist_country', 'artist_device') and grain = ${grain}
            and bucket >= ${iso(p.start)}::timestamptz and bucket < ${iso(p.end)}::timestamptz
            and starts_with(key, ${`${key}:`})
          group by 1, 2`,
    ),
  ]);

  const values = new Array<number>(p.buckets.length).fill(0);
  let previous = 0;
  for (const row of series) {
    const at = new Date(row.bucket).getTime();
    if (at < p.start) previous += row.plays;
    else {
      const i = p.buckets.indexOf(at);
      if (i >= 0) values[i]! += row.plays;
    }
  }
  const list = (dimension: string) =>
    breakdown
      .filter((r) => r.dimension === dimension)
      .map((r) => ({ key: r.key.slice(key.length + 1) || null, plays: r.plays }))
      // Most plays first; on a tie, unknown last.
      .sort(
        (a, b) =>
          b.plays - a.plays ||
          Number(a.key === null) - Number(b.key === null) ||
          (a.key ?? '').localeCompare(b.key ?? ''),
      );
  const previousEnd = p.start - DAY_MS;
  return {
    artist,
    range: {
      range: p.range,
      from: dateOf(p.start),
      to: dateOf(p.end - DAY_MS),
      previous_from: dateOf(p.previousStart),
      previous_to: dateOf(previousEnd),
      granularity: p.granularity,
    },
    plays: { value: values.reduce((a, b) => a + b, 0), previous },
    listeners: { value: listeners?.current ?? 0, previous: listeners?.previous ?? 0 },
    series: p.buckets.map((b, i) => ({
      label: p.granularity === 'day' ? dateOf(b) : dateOf(b).slice(0, 7),
      plays: values[i]!,
    })),
    top_tracks: top,
    countries: list('artist_country'),
    devices: list('artist_device'),
  };
}
