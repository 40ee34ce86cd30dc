import { ANALYTICS_TOP_LIMIT, type AnalyticsQuery, type AnalyticsResponse } from '@zema/contracts/admin';
import { and, asc, count, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client';
import { albums, artists, trackArtist, tracks } from '#src/modules/catalogue/tables';
import { sessions } from '#src/modules/identity/tables';
import { users } from '#src/modules/users/tables';
import {
  addDays,
  addMonths,
  DAY_MS,
  daysBetween,
  floorHour,
  floorUtcDay,
  floorUtcMonth,
  HOUR_MS,
  localDate,
  localParts,
  nextUtcMonth,
  zonedStart,
} from './zoned-time';

/**
 * The admin dashboard (decision 0024). Every chart reads the rollups that the trigger on `plays`
 * keeps (migration 0007_analytics), never the plays log:
 *
 * - A range is turned into UTC instants in the admin's zone, then cut into whole UTC months, whole
 *   UTC days and the hours left at each edge, and each piece read from the rollup of its grain. Counts
 *   by hour exist for the whole history, so plays, countries, devices, platforms and browsers are
 *   exact in every zone whose offset is whole hours (in a half-hour zone, hours are counted where they
 *   start).
 * - Tracks, albums and artists keep hourly rows for 8 days only (at a large catalogue they would
 *   outnumber the plays): an edge older than that counts its whole UTC day when the range covers at
 *   least 12 of its hours, else none of it. Only a top list of a range starting over a week ago is
 *   affected, by at most half a day at its start.
 * - Unique listeners come from per-listener day rows (a mask of the UTC hours they played) and month
 *   rows (a mask of the days): exact in any whole-hour zone, and a year is a few rows per listener.
 *   A period no one has played after is read from each listener's latest hour instead, and an
 *   ended period's count is kept once counted (`listenerCounts`, migration 0012).
 */

export const ACTIVE_SESSION_MS = 15 * 60_000;
/** Hourly rows of tracks, albums and artists read back this far (the migration keeps 8 days). */
const ENTITY_HOURLY_MS = 7 * DAY_MS;
/** Rows read per bucket to find the top lists' candidates, then more when that proves nothing (`topKeys`). */
const TOP_CANDIDATES = [50, 400];
/** Full days of one month from which a month's listener rows are cheaper than its day rows. */
const MONTH_ROWS_FROM_DAYS = 7;

export type Granularity = 'hour' | 'day' | 'month';

/** A range resolved in its zone; instants are epoch ms, `end`s exclusive. */
export type ResolvedRange = {
  query: AnalyticsQuery;
  from: string;
  to: string;
  granularity: Granularity;
  start: number;
  end: number;
  previousStart: number;
  previousEnd: number;
  /** Start instants of the series' buckets (the last one ends at `end`). */
  buckets: number[];
  labels: string[];
  now: number;
};

const pad = (n: number) => String(n).padStart(2, '0');

/** The picker's choice as instants in the admin's zone, with the previous period and the buckets. */
export function resolveRange(query: AnalyticsQuery, now: number): ResolvedRange {
  const tz = query.timezone;
  const today = localDate(now, tz);
  let from: string;
  let to = today;
  let granularity: Granularity = 'day';
  let back: (date: string) => string;
  switch (query.range) {
    case 'today':
      from = today;
      granularity = 'hour';
      back = (d) => addDays(d, -1);
      break;
    case '12m':
      from = addMonths(today, -11);
      granularity = 'month';
      back = (d) => addMonths(d, -12);
      break;
    case 'custom': {
      from = query.from!;
      to = query.to!;
      const days = daysBetween(from, to);
      granularity = days <= 2 ? 'hour' : days <= 92 ? 'day' : 'month';
      back = (d) => addDays(d, -days);
      break;
    }
    default: {
      const days = Number.parseInt(query.range, 10);
      from = addDays(today, -(days - 1));
      back = (d) => addDays(d, -days);
    }
  }
  const start = zonedStart(from, tz);
  // Up to the end of the current hour: the current hour's rows are already counting.
  const end = Math.max(start, Math.min(zonedStart(addDays(to, 1), tz), floorHour(now) + HOUR_MS));
  const previousStart = zonedStart(back(from), tz);
  const buckets: number[] = [];
  const labels: string[] = [];
  if (granularity === 'hour') {
    for (let t = start; t < end; t += HOUR_MS) {
      const p = localParts(t, tz);
      buckets.push(t);
      labels.push(`${localDate(t, tz)}T${pad(p.hour)}:00`);
    }
  } else {
    let day = from;
    for (let t = start; t < end; t = zonedStart(day, tz)) {
      buckets.push(t);
      labels.push(granularity === 'day' ? day : day.slice(0, 7));
      day = granularity === 'day' ? addDays(day, 1) : addMonths(day, 1);
    }
  }
  return {
    query,
    from,
    to,
    granularity,
    start,
    end,
    previousStart,
    previousEnd: previousStart + (end - start),
    buckets,
    labels,
    now,
  };
}

// --- Cutting a span into rollup buckets ------------------------------------------------------

type Segment =
  | { type: 'month'; at: number }
  | { type: 'day'; at: number }
  | { type: 'hours'; at: number; from: number; to: number };

/** [start, end) as whole UTC months, whole UTC days and hours within a UTC day, in order. */
export function segments(start: number, end: number): Segment[] {
  const out: Segment[] = [];
  let t = floorHour(start);
  const stop = floorHour(end);
  while (t < stop) {
    const day = floorUtcDay(t);
    if (t === day && day + DAY_MS <= stop) {
      const month = floorUtcMonth(t);
      const monthEnd = nextUtcMonth(month);
      if (t === month && monthEnd <= stop) {
        out.push({ type: 'month', at: month });
        t = monthEnd;
      } else {
        out.push({ type: 'day', at: day });
        t = day + DAY_MS;
      }
      continue;
    }
    const until = Math.min(day + DAY_MS, stop);
    out.push({ type: 'hours', at: day, from: (t - day) / HOUR_MS, to: (until - day) / HOUR_MS });
    t = until;
  }
  return out;
}

type Grain = 'h' | 'd' | 'm';
type Bucket = { grain: Grain; at: number };

/**
 * The play_rollups buckets of a span. For tracks, albums and artists (`entityCutoff` set), hours
 * before the cutoff have no rows: their UTC day counts when the span covers at least half of it.
 */
function rollupBuckets(segs: Segment[], entityCutoff?: number): Bucket[] {
  const out: Bucket[] = [];
  for (const s of segs) {
    if (s.type === 'month') out.push({ grain: 'm', at: s.at });
    else if (s.type === 'day') out.push({ grain: 'd', at: s.at });
    else if (entityCutoff === undefined || s.at + s.from * HOUR_MS >= entityCutoff) {
      for (let h = s.from; h < s.to; h++) out.push({ grain: 'h', at: s.at + h * HOUR_MS });
    } else if (s.to - s.from >= 12) out.push({ grain: 'd', at: s.at });
  }
  return out;
}

type ListenerPiece = { grain: 'd' | 'm'; at: number; mask: number };

/** listener_rollups rows that cover a span: month rows (masked by day) and day rows (by hour). */
function listenerPieces(segs: Segment[]): ListenerPiece[] {
  const out: ListenerPiece[] = [];
  const daysByMonth = new Map<number, number[]>();
  for (const s of segs) {
    if (s.type === 'month') out.push({ grain: 'm', at: s.at, mask: -1 });
    else if (s.type === 'hours') {
      const mask = (s.to === 24 ? 0xffffff : (1 << s.to) - 1) & ~((1 << s.from) - 1);
      out.push({ grain: 'd', at: s.at, mask });
    } else {
      const month = floorUtcMonth(s.at);
      daysByMonth.set(month, [...(daysByMonth.get(month) ?? []), s.at]);
    }
  }
  for (const [month, days] of daysByMonth) {
    if (days.length >= MONTH_ROWS_FROM_DAYS) {
      const mask = days.reduce((m, d) => m | (1 << (new Date(d).getUTCDate() - 1)), 0);
      out.push({ grain: 'm', at: month, mask });
    } else for (const d of days) out.push({ grain: 'd', at: d, mask: -1 });
  }
  return out;
}

// Arrays go to the database as one literal each ('{a,b}'), which both drivers pass the same way.
const pgArray = (values: readonly (string | number | boolean)[]) => `{${values.join(',')}}`;
const iso = (ms: number) => new Date(ms).toISOString();

function bucketTable(buckets: Bucket[]) {
  return sql`unnest(${pgArray(buckets.map((b) => b.grain))}::text[], ${pgArray(buckets.map((b) => iso(b.at)))}::timestamptz[]) as b(grain, bucket)`;
}

/** Plays per key of the given dimensions over `buckets`. */
async function sumByKey(db: Database, dimensions: string[], buckets: Bucket[]) {
  if (!buckets.length) return [];
  // A lateral subquery behind `offset 0` (which keeps the planner from flattening it into a hash
  // join over the whole table): each bucket is one index range scan, whatever the list's length.
  return queryRows<{ dimension: string; key: string; plays: number }>(
    db,
    sql`select r.dimension, r.key, sum(r.plays)::int as plays
        from ${bucketTable(buckets)}
        cross join lateral (
          select r.dimension, r.key, r.plays from play_rollups r
          where r.dimension in ${dimensions} and r.grain = b.grain and r.bucket = b.bucket
          offset 0
        ) r
        group by 1, 2`,
  );
}

/** Distinct listeners per tag, each tag a list of listener pieces. */
async function distinctListeners(db: Database, tagged: ListenerPiece[][]): Promise<number[]> {
  const rows = tagged.flatMap((pieces, i) => pieces.map((p) => ({ i, ...p })));
  const counts = new Array<number>(tagged.length).fill(0);
  if (!rows.length) return counts;
  const result = await queryRows<{ i: number; n: number }>(
    db,
    // DISTINCT, then a count: hashed rather than the sort count(distinct) does per group.
    sql`select i, count(*)::int as n from (
          select distinct p.i, l.listener_id
          from unnest(${pgArray(rows.map((r) => r.i))}::int[], ${pgArray(rows.map((r) => r.grain))}::text[],
                      ${pgArray(rows.map((r) => iso(r.at)))}::timestamptz[], ${pgArray(rows.map((r) => r.mask))}::int[])
               as p(i, grain, bucket, mask)
          cross join lateral (
            select l.listener_id from listener_rollups l
            where l.grain = p.grain and l.bucket = p.bucket and (l.mask & p.mask) <> 0
            offset 0
          ) l
        ) d
        group by 1`,
  );
  for (const r of result) counts[r.i] = r.n;
  return counts;
}

/** A period is kept once it ended this long ago: a play being recorded right now falls after it. */
const SETTLED_MS = 5 * 60_000;

/**
 * Unique listeners of each period [start, end), counted over the hours it touches (as `segments`).
 * Three ways, cheapest first, each exact:
 * - No one has played since the period's last hour (the current period of every preset range):
 *   its listeners are those whose latest play is in it, one range of an index.
 * - The period ended a while ago: its count from `listener_counts`, or counted once from the
 *   listener rows and kept there (a past period cannot change; a backdated play or a rebuild drops
 *   the counts it changes).
 * - Otherwise (a period that ended minutes ago) counted from the listener rows.
 */
async function listenerCounts(db: Database, periods: [number, number][], now: number): Promise<number[]> {
  const out = new Array<number>(periods.length).fill(0);
  const hours = periods.map(([s, e]) => [floorHour(s), floorHour(e)] as const);
  const [latest] = await queryRows<{ at: string | Date | null }>(
    db,
    sql`select max(last_hour) as at from analytics_listeners`,
  );
  const lastHour = latest?.at ? new Date(latest.at).getTime() : Number.NEGATIVE_INFINITY;
  const open: number[] = [];
  const settled: number[] = [];
  const recent: number[] = [];
  hours.forEach(([s, e], i) => {
    if (e <= s) return;
    if (lastHour < e) open.push(i);
    else if (e <= now - SETTLED_MS) settled.push(i);
    else recent.push(i);
  });

  const counted: Promise<void>[] = [];
  if (open.length) {
    counted.push(
      queryRows<{ i: number; n: number }>(
        db,
        sql`select p.i, (select count(*)::int from analytics_listeners where last_hour >= p.at) as n
            from unnest(${pgArray(open)}::int[], ${pgArray(open.map((i) => iso(hours[i]![0])))}::timestamptz[]) as p(i, at)`,
      ).then((rows) => {
        for (const row of rows) out[row.i] = row.n;
      }),
    );
  }
  const fromRows = async (indexes: number[]) => {
    const counts = await distinctListeners(
      db,
      indexes.map((i) => listenerPieces(segments(hours[i]![0], hours[i]![1]))),
    );
    indexes.forEach((i, k) => {
      out[i] = counts[k]!;
    });
    return counts;
  };
  if (recent.length) counted.push(fromRows(recent).then(() => undefined));
  if (settled.length) {
    counted.push(
      (async () => {
        const kept = await queryRows<{ i: number; n: number }>(
          db,
          sql`select p.i, c.listeners as n
              from unnest(${pgArray(settled)}::int[], ${pgArray(settled.map((i) => iso(hours[i]![0])))}::timestamptz[],
                          ${pgArray(settled.map((i) => iso(hours[i]![1])))}::timestamptz[]) as p(i, s, e)
              join listener_counts c on c.period_start = p.s and c.period_end = p.e`,
        );
        const found = new Set<number>();
        for (const row of kept) {
          out[row.i] = row.n;
          found.add(row.i);
        }
        const missing = settled.filter((i) => !found.has(i));
        if (!missing.length) return;
        const counts = await fromRows(missing);
        await db.execute(
          sql`insert into listener_counts (period_start, period_end, listeners)
              select distinct on (s, e) s, e, n
              from unnest(${pgArray(missing.map((i) => iso(hours[i]![0])))}::timestamptz[],
                          ${pgArray(missing.map((i) => iso(hours[i]![1])))}::timestamptz[],
                          ${pgArray(counts)}::int[]) as p(s, e, n)
              on conflict (period_start, period_end) do nothing`,
        );
      })(),
    );
  }
  await Promise.all(counted);
  return out;
}

type TopRow = { kind: 'stat' | 'top'; i: number; key: string | null; plays: number; n: number };

/**
 * The most played keys of a dimension over many buckets without adding up every row. The top
 * `perBucket` rows of each bucket are the candidates and only their totals are summed; a key
 * outside them has at most the lowest candidate count of each bucket. Hours are also bounded by
 * their UTC day's row (a key's plays in some hours of a day are at most its plays that day), which
 * is much tighter than one small count per hour. When the last of the top `limit` beats the bound
 * the answer is exact; otherwise (flat, even plays) more rows per bucket are tried, then every row
 * is summed. One statement per try, answering a few rows: what costs on PGlite is rows handed over.
 */
export async function topKeys(
  db: Database,
  dimension: string,
  buckets: Bucket[],
  limit: number,
): Promise<{ key: string; plays: number }[]> {
  if (!buckets.length) return [];
  // Sources: each bucket (summed), plus the UTC day over its hours (bound only). Group = what a
  // bound is computed over: one UTC day of hours with its day row, or a bucket alone.
  const sources: { grain: Grain; at: number; group: number; summed: boolean }[] = [];
  const dayGroups = new Map<number, number>();
  for (const b of buckets) {
    if (b.grain !== 'h') {
      sources.push({ ...b, group: sources.length, summed: true });
      continue;
    }
    const day = floorUtcDay(b.at);
    let group = dayGroups.get(day);
    if (group === undefined) {
      group = sources.length;
      dayGroups.set(day, group);
      sources.push({ grain: 'd', at: day, group, summed: false });
    }
    sources.push({ ...b, group, summed: true });
  }
  const grains = pgArray(sources.map((s) => s.grain));
  const ats = pgArray(sources.map((s) => iso(s.at)));
  const summed = pgArray(sources.map((s) => s.summed));
  for (const perBucket of TOP_CANDIDATES) {
    const rows = await queryRows<TopRow>(
      db,
      sql`with b as (
            select * from unnest(${grains}::text[], ${ats}::timestamptz[], ${summed}::boolean[])
              with ordinality as b(grain, bucket, summed, i)
          ),
          c as (
            select b.i, b.summed, t.key, t.plays from b
            cross join lateral (
              select r.key, r.plays from play_rollups r
              where r.dimension = ${dimension} and r.grain = b.grain and r.bucket = b.bucket
              order by r.plays desc nulls last limit ${perBucket}
            ) t
          ),
          -- Per bucket, what a key not among its candidates can have there at most.
          s as (
            select i, bool_or(summed) as summed,
                   case when count(*) = ${perBucket} then min(plays) else 0 end as low
            from c group by i
          ),
          -- Per candidate: plays seen (a lower bound) and the most it could have (seen + the lows
          -- of the buckets where it was not seen). Only those that could reach the top are summed.
          k as (
            select c.key, coalesce(sum(c.plays) filter (where c.summed), 0) as seen,
                   coalesce(sum(s.low) filter (where c.summed), 0) as seen_low
            from c join s using (i) group by 1
          ),
          pool as (
            select k.key from k
            where k.seen + (select coalesce(sum(low) filter (where summed), 0) from s) - k.seen_low
                  >= coalesce((select seen from k order by seen desc offset ${limit - 1} limit 1), 0)
          ),
          totals as (
            select r.key, sum(r.plays)::int as plays from b
            cross join lateral (
              select r.key, r.plays from play_rollups r
              where r.dimension = ${dimension} and r.grain = b.grain and r.bucket = b.bucket
                and r.key = any(array(select key from pool))
              offset 0
            ) r
            where b.summed
            group by 1 order by 2 desc, r.key::int limit ${limit}
          )
          select 'stat' as kind, i::int as i, null as key, min(plays)::int as plays, count(*)::int as n from c group by i
          union all
          select 'top', 0, key, plays, 0 from totals`,
    );
    const top = rows
      .filter((r) => r.kind === 'top')
      .sort((a, b) => b.plays - a.plays || Number(a.key) - Number(b.key));
    if (!top.length) return [];
    // Per group: the sum of its summed buckets' lowest candidate counts, at most its day row's.
    const hours = new Map<number, number>();
    const cover = new Map<number, number>();
    for (const stat of rows) {
      if (stat.kind !== 'stat') continue;
      const source = sources[stat.i - 1]!;
      const low = stat.n === perBucket ? stat.plays : 0;
      if (source.summed) hours.set(source.group, (hours.get(source.group) ?? 0) + low);
      else cover.set(source.group, low);
    }
    let bound = 0;
    for (const [group, sum] of hours) bound += Math.min(sum, cover.get(group) ?? sum);
    const last = top[limit - 1];
    if (bound === 0 || (last && last.plays > bound))
      return top.map(({ key, plays }) => ({ key: key!, plays }));
  }
  return queryRows<{ key: string; plays: number }>(
    db,
    sql`select r.key, sum(r.plays)::int as plays
        from ${bucketTable(buckets)}
        cross join lateral (
          select r.key, r.plays from play_rollups r
          where r.dimension = ${dimension} and r.grain = b.grain and r.bucket = b.bucket
          offset 0
        ) r
        group by 1 order by 2 desc, r.key::int limit ${limit}`,
  );
}

// --- The dashboard's queries, one function per chart (the benchmark times each) --------------

const kpi = (value: number, previous: number | null) => ({ value, previous });
const entityCutoff = (r: ResolvedRange) => floorHour(r.now) - ENTITY_HOURLY_MS;
// A few more than shown: a top key whose track, album or artist was deleted since is skipped.
const TOP_FETCH = ANALYTICS_TOP_LIMIT + 5;

async function playsKpi(db: Database, r: ResolvedRange) {
  const [current, previous] = await Promise.all([
    sumByKey(db, ['all'], rollupBuckets(segments(r.start, r.end))),
    sumByKey(db, ['all'], rollupBuckets(segments(r.previousStart, r.previousEnd))),
  ]);
  return kpi(current[0]?.plays ?? 0, previous[0]?.plays ?? 0);
}

async function listenersKpi(db: Database, r: ResolvedRange) {
  const [current, previous] = await listenerCounts(
    db,
    [
      [r.start, r.end],
      [r.previousStart, r.previousEnd],
    ],
    r.now,
  );
  return kpi(current!, previous!);
}

/** New users and tracks (by created_at, indexed) and the sessions seen in the last 15 minutes. */
async function accountKpis(db: Database, r: ResolvedRange) {
  const inRange = (column: typeof users.createdAt | typeof tracks.createdAt, s: number, e: number) =>
    sql<number>`count(*) filter (where ${column} >= ${iso(s)}::timestamptz and ${column} < ${iso(e)}::timestamptz)::int`;
  const period = (column: typeof users.createdAt | typeof tracks.createdAt) =>
    and(gte(column, new Date(Math.min(r.start, r.previousStart))), lt(column, new Date(r.end)));
  const [[u], [t], [s]] = await Promise.all([
    db
      .select({
        value: inRange(users.createdAt, r.start, r.end),
        previous: inRange(users.createdAt, r.previousStart, r.previousEnd),
      })
      .from(users)
      .where(period(users.createdAt)),
    db
      .select({
        value: inRange(tracks.createdAt, r.start, r.end),
        previous: inRange(tracks.createdAt, r.previousStart, r.previousEnd),
      })
      .from(tracks)
      .where(period(tracks.createdAt)),
    db
      .select({ n: count() })
      .from(sessions)
      .where(
        and(
          gt(sessions.lastActive, new Date(r.now - ACTIVE_SESSION_MS)),
          gt(sessions.expiresAt, new Date(r.now)),
        ),
      ),
  ]);
  return {
    new_users: kpi(u?.value ?? 0, u?.previous ?? 0),
    new_tracks: kpi(t?.value ?? 0, t?.previous ?? 0),
    active_sessions: kpi(Number(s?.n ?? 0), null),
  };
}

async function playsSeries(db: Database, r: ResolvedRange): Promise<number[]> {
  const out = new Array<number>(r.buckets.length).fill(0);
  if (!r.buckets.length) return out;
  // Hourly totals exist for all history: each lands in the local bucket it starts in.
  const rows = await queryRows<{ i: number; plays: number }>(
    db,
    sql`select width_bucket(bucket, ${pgArray(r.buckets.map((b) => iso(floorHour(b))))}::timestamptz[]) as i,
               sum(plays)::int as plays
        from play_rollups
        where dimension = 'all' and grain = 'h'
          and bucket >= ${iso(floorHour(r.start))}::timestamptz and bucket < ${iso(floorHour(r.end))}::timestamptz
        group by 1`,
  );
  for (const row of rows) if (row.i >= 1) out[row.i - 1] = row.plays;
  return out;
}

function listenersSeries(db: Database, r: ResolvedRange): Promise<number[]> {
  return listenerCounts(
    db,
    r.buckets.map((b, i) => [b, r.buckets[i + 1] ?? r.end]),
    r.now,
  );
}

async function topTracks(db: Database, r: ResolvedRange) {
  const top = await topKeys(db, 'track', rollupBuckets(segments(r.start, r.end), entityCutoff(r)), TOP_FETCH);
  const ids = top.map((t) => Number(t.key));
  if (!ids.length) return [];
  const [rows, credits] = await Promise.all([
    db
      .select({ id: tracks.id, name: tracks.name, image: tracks.image, albumImage: albums.image })
      .from(tracks)
      .leftJoin(albums, sql`${albums.id} = ${tracks.albumId}`)
      .where(inArray(tracks.id, ids)),
    db
      .select({ trackId: trackArtist.trackId, id: artists.id, name: artists.name })
      .from(trackArtist)
      .innerJoin(artists, sql`${artists.id} = ${trackArtist.artistId}`)
      .where(inArray(trackArtist.trackId, ids))
      .orderBy(asc(trackArtist.position)),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return top.flatMap((t) => {
    const row = byId.get(Number(t.key));
    if (!row) return [];
    return [
      {
        id: row.id,
        name: row.name,
        image: row.image ?? row.albumImage,
        plays: t.plays,
        artists: credits.filter((c) => c.trackId === row.id).map(({ id, name }) => ({ id, name })),
      },
    ];
  });
}

async function topNamed(
  db: Database,
  r: ResolvedRange,
  dimension: 'album' | 'artist',
): Promise<{ id: number; name: string; image: string | null; plays: number }[]> {
  const top = await topKeys(
    db,
    dimension,
    rollupBuckets(segments(r.start, r.end), entityCutoff(r)),
    TOP_FETCH,
  );
  const ids = top.map((t) => Number(t.key));
  if (!ids.length) return [];
  const rows =
    dimension === 'album'
      ? await db
          .select({ id: albums.id, name: albums.name, image: albums.image })
          .from(albums)
          .where(inArray(albums.id, ids))
      : await db
          .select({ id: artists.id, name: artists.name, image: artists.imageSmall })
          .from(artists)
          .where(inArray(artists.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return top.flatMap((t) => {
    const row = byId.get(Number(t.key));
    return row ? [{ ...row, plays: t.plays }] : [];
  });
}

const BREAKDOWNS = {
  country: 'by_country',
  device: 'by_device_type',
  platform: 'by_platform',
  browser: 'by_browser',
} as const;

async function breakdowns(db: Database, r: ResolvedRange) {
  const rows = await sumByKey(db, Object.keys(BREAKDOWNS), rollupBuckets(segments(r.start, r.end)));
  const list = (dimension: string) =>
    rows
      .filter((row) => row.dimension === dimension)
      .sort((a, b) => b.plays - a.plays || a.key.localeCompare(b.key))
      .map((row) => ({ key: row.key || null, plays: row.plays }));
  return {
    by_country: list('country'),
    by_device_type: list('device'),
    by_platform: list('platform'),
    by_browser: list('browser'),
  };
}

/** Each chart's query on its own, by name: what the dashboard runs and the benchmark times. */
export const DASHBOARD_QUERIES = {
  playsKpi,
  listenersKpi,
  accountKpis,
  playsSeries,
  listenersSeries,
  topTracks,
  topArtists: (db: Database, r: ResolvedRange) => topNamed(db, r, 'artist'),
  topAlbums: (db: Database, r: ResolvedRange) => topNamed(db, r, 'album'),
  breakdowns,
};

/** GET api/v1/admin/analytics. */
export async function getDashboard(
  deps: { db: Database },
  query: AnalyticsQuery,
  now = Date.now(),
): Promise<AnalyticsResponse> {
  const { db } = deps;
  const r = resolveRange(query, now);
  const q = DASHBOARD_QUERIES;
  const [plays, listeners, accounts, playsByBucket, listenersByBucket, tracksTop, artistsTop, albumsTop, by] =
    await Promise.all([
      q.playsKpi(db, r),
      q.listenersKpi(db, r),
      q.accountKpis(db, r),
      q.playsSeries(db, r),
      q.listenersSeries(db, r),
      q.topTracks(db, r),
      q.topArtists(db, r),
      q.topAlbums(db, r),
      q.breakdowns(db, r),
    ]);
  return {
    range: {
      range: query.range,
      timezone: query.timezone,
      from: r.from,
      to: r.to,
      start: iso(r.start),
      end: iso(r.end),
      previous_start: iso(r.previousStart),
      previous_end: iso(r.previousEnd),
      granularity: r.granularity,
    },
    kpis: { plays, listeners, ...accounts },
    series: r.buckets.map((b, i) => ({
      start: iso(b),
      label: r.labels[i]!,
      plays: playsByBucket[i] ?? 0,
      listeners: listenersByBucket[i] ?? 0,
    })),
    top_tracks: tracksTop.slice(0, ANALYTICS_TOP_LIMIT),
    top_artists: artistsTop.slice(0, ANALYTICS_TOP_LIMIT),
    top_albums: albumsTop.slice(0, ANALYTICS_TOP_LIMIT),
    ...by,
  };
}

/**
 * Recomputes the rollups of the UTC months that [from, to) touches from the plays log (all of
 * it without bounds): after a bulk load with the trigger off, or to check the incremental path.
 */
export async function rebuildRollups(db: Database, range: { from?: Date; to?: Date } = {}): Promise<void> {
  await queryRows(
    db,
    sql`select analytics_rebuild(${range.from ? iso(range.from.getTime()) : null}::timestamptz,
                                 ${range.to ? iso(range.to.getTime()) : null}::timestamptz)`,
  );
}
