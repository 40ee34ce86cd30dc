import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { albums, tracks } from '../catalogue/tables';
import { users } from '../users/tables';

/** The player's tables: counted listens, downloads and the saved play queues (modules/player). */

/** One row per counted listen (docs/guide/listening.md: after 30 s, or the whole track if shorter). */
export const plays = pgTable(
  'plays',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    trackId: integer('track_id')
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    /** Null for anonymous listeners. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A stable hash identifying the listener (user id, or the anonymous listener cookie/IP). */
    listener: text('listener').notNull(),
    /** Client-chosen id of one listen: the same listen is never counted twice. */
    listenId: text('listen_id').notNull(),
    secondsListened: integer('seconds_listened').notNull(),
    playedAt: timestamp('played_at', { withTimezone: true }).notNull().defaultNow(),
    /** Where and on what the listen happened, for the dashboard; never the IP itself. ISO code. */
    country: text('country'),
    /** mobile, tablet or computer (identity/devices.service.ts). */
    deviceType: text('device_type'),
    /** Operating system and browser names, without versions. */
    platform: text('platform'),
    browser: text('browser'),
  },
  (t) => [
    uniqueIndex('plays_listener_listen').on(t.listener, t.listenId),
    index('plays_played_at_track').on(t.playedAt, t.trackId),
    index('plays_track_played_at').on(t.trackId, t.playedAt),
    index('plays_user_played_at').on(t.userId, t.playedAt),
  ],
);

/**
 * One row per download (a track file or an album zip): the count a `music.download`
 * `count_per_day` restriction is measured against, and what the artists' numbers can show.
 */
export const downloads = pgTable(
  'downloads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The track or the album downloaded (null once it is deleted; the count stays). */
    trackId: integer('track_id').references(() => tracks.id, { onDelete: 'set null' }),
    albumId: integer('album_id').references(() => albums.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('downloads_user_created_at').on(t.userId, t.createdAt)],
);

/**
 * The play queue a listener saved (one per account), shared by the web player and the Subsonic
 * apps (getPlayQueue, savePlayQueue). The track ids are a JSON array, read the same on PGlite and
 * PostgreSQL; they are not foreign keys, so a deleted track is left out when the queue is read
 * (play-queue.service.ts). At most PLAY_QUEUE_MAX_TRACKS entries.
 */
export const playQueues = pgTable('play_queues', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** In order; the same track may come twice. */
  trackIds: jsonb('track_ids').$type<number[]>().notNull().default([]),
  /** The current entry's track (null: empty queue), and which entry it is when it comes twice. */
  currentTrackId: integer('current_track_id'),
  currentIndex: integer('current_index'),
  /** Where in the current track, in milliseconds. */
  positionMs: integer('position_ms').notNull().default(0),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  /** The client that saved it, as it named itself ("Zema web", a Subsonic app's `c`). */
  changedBy: text('changed_by').notNull(),
});
