import type { RadioSourceConfig, RadioStream } from '@zema/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tracks } from '../catalogue/tables';

/**
 * A radio station (SPEC §1, §2 `radio/{slug}`): its page, its stream addresses, and where its
 * now-playing comes from (`source`, one of the kinds of RADIO_SOURCES with that kind's settings).
 */
export const radioStations = pgTable('radio_stations', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  cover: text('cover'),
  streams: jsonb('streams').$type<RadioStream[]>().notNull().default([]),
  hlsUrl: text('hls_url'),
  source: jsonb('source').$type<RadioSourceConfig>().notNull(),
  isPublic: boolean('is_public').notNull().default(true),
  position: integer('position').notNull().default(0),
  /** Listeners as the source last counted them (null: it does not say). */
  listeners: integer('listeners'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What a station played (its history), one row per song. The built-in station also plans its
 * songs here: `seq` counts its songs, and the instance that first needs song n+1 inserts it (the
 * unique index lets one win), so every instance streams the same song from the same moment.
 */
export const radioPlays = pgTable(
  'radio_plays',
  {
    id: serial('id').primaryKey(),
    stationId: integer('station_id')
      .notNull()
      .references(() => radioStations.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }),
    title: text('title').notNull(),
    artist: text('artist'),
    album: text('album'),
    art: text('art'),
    trackId: integer('track_id').references(() => tracks.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    durationMs: integer('duration_ms'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('radio_plays_station_seq').on(t.stationId, t.seq).where(sql`${t.seq} is not null`),
    index('radio_plays_station_started').on(t.stationId, t.startedAt),
  ],
);

/**
 * Which instance watches a station's now-playing source: one holder at a time, its lease renewed
 * while it watches and taken over by another instance once it lapses.
 */
export const radioWatchLeases = pgTable('radio_watch_leases', {
  stationId: integer('station_id')
    .primaryKey()
    .references(() => radioStations.id, { onDelete: 'cascade' }),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});
