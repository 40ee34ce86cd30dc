import { bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { albums, tracks } from '../catalogue/tables';
import { users } from '../users/tables';

/** The player's tables: counted listens (modules/player). */

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
