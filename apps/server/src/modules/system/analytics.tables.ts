import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The admin dashboard's rollups (modules/system, decision 0024), kept current by a trigger on
 * `plays` (migration 0007) and recomputed from the log by `analytics_rebuild(from, to)`. Buckets
 * start on a UTC hour, day or month; the dashboard turns them into the admin's time zone.
 */

/**
 * Counted plays per bucket and dimension: `all` (key ''), `track`, `album`, `artist` (the id as
 * text), `country` (ISO code), `device` (mobile, tablet, computer), `platform` and `browser`
 * (names without versions); '' is "unknown". Grain `h`, `d` or `m`. Hourly rows of the track,
 * album and artist dimensions are kept 8 days only (see the migration): at a large catalogue they
 * would outnumber the plays themselves.
 *
 * The backstage's insights (modules/backstage/insights.service.ts) split each artist's plays too:
 * `artist_country` and `artist_device`, keyed `<artistId>:<code>` ('<artistId>:' = unknown), grains
 * `d` and `m` only (migration 0016). A track's play counts for every artist credited on it.
 */
export const playRollups = pgTable(
  'play_rollups',
  {
    dimension: text('dimension').notNull(),
    grain: text('grain').notNull(),
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    key: text('key').notNull(),
    plays: integer('plays').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.dimension, t.grain, t.bucket, t.key] }),
    // A bucket's most played keys first: the top lists read a few rows per bucket (analytics.service.ts).
    index('play_rollups_top').on(t.dimension, t.grain, t.bucket, t.plays.desc()),
  ],
);

/**
 * A small integer per listener key (`plays.listener`), so the listener sets below stay narrow, and
 * the UTC hour of their latest play: the listeners of a period that no one has played after are
 * those whose `last_hour` falls in it — one index range, whatever the period's length.
 */
export const analyticsListeners = pgTable(
  'analytics_listeners',
  {
    id: serial('id').primaryKey(),
    listener: text('listener').notNull().unique(),
    lastHour: timestamp('last_hour', { withTimezone: true }),
  },
  (t) => [index('analytics_listeners_last_hour').on(t.lastHour)],
);

/**
 * Who listened when, for exact unique-listener counts over any range: grain `d` = one row per
 * listener and UTC day, `mask` = bit n set when they played in UTC hour n; grain `m` = one row per
 * listener and UTC month, bit n = day n + 1.
 */
export const listenerRollups = pgTable(
  'listener_rollups',
  {
    grain: text('grain').notNull(),
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    listenerId: integer('listener_id').notNull(),
    mask: integer('mask').notNull(),
  },
  (t) => [primaryKey({ columns: [t.grain, t.bucket, t.listenerId] })],
);

/**
 * Unique listeners of a period that has ended, counted once and kept (a past period's count cannot
 * change): the dashboard's long series and previous periods read these instead of the rows above.
 * Periods are UTC instants, so every time zone shares them. The trigger on `plays` drops the
 * counts a backdated play falls into, and `analytics_rebuild` those of the months it recomputes.
 */
export const listenerCounts = pgTable(
  'listener_counts',
  {
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    listeners: integer('listeners').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.periodStart, t.periodEnd] }),
    index('listener_counts_period_end').on(t.periodEnd),
  ],
);

/**
 * Who listened to an artist on which UTC day (migration 0016): exact unique listeners of an artist
 * over any run of days, for the backstage's insights. `listener_id` is `analyticsListeners.id`; a
 * play of a track counts for every artist credited on it.
 */
export const artistListeners = pgTable(
  'artist_listeners',
  {
    artistId: integer('artist_id').notNull(),
    day: timestamp('day', { withTimezone: true }).notNull(),
    listenerId: integer('listener_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.artistId, t.day, t.listenerId] })],
);
