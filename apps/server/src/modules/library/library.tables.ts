import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { tracks } from '../catalogue/tables';
import { users } from '../users/tables';

/** The library's tables: likes, follows and playlists (modules/library). */

export const LIKEABLE_TYPES = ['track', 'album', 'artist'] as const;

export const likes = pgTable(
  'likes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    likeableType: text('likeable_type', { enum: LIKEABLE_TYPES }).notNull(),
    likeableId: integer('likeable_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.likeableType, t.likeableId] }),
    index('likes_user_created').on(t.userId, t.likeableType, t.createdAt),
    index('likes_likeable').on(t.likeableType, t.likeableId),
  ],
);

/**
 * A listener's own 1–5 star rating of a track, album or artist (the Subsonic `setRating`; no
 * rating = no row). Private to the listener: never summed into public figures.
 */
export const ratings = pgTable(
  'ratings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ratedType: text('rated_type', { enum: LIKEABLE_TYPES }).notNull(),
    ratedId: integer('rated_id').notNull(),
    rating: integer('rating').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.ratedType, t.ratedId] }),
    check('ratings_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);

export const FOLLOWABLE_TYPES = ['artist', 'user'] as const;

export const follows = pgTable(
  'follows',
  {
    followerId: integer('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followableType: text('followable_type', { enum: FOLLOWABLE_TYPES }).notNull(),
    followableId: integer('followable_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followableType, t.followableId] }),
    index('follows_followable').on(t.followableType, t.followableId),
  ],
);

export const playlists = pgTable(
  'playlists',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    image: text('image'),
    public: boolean('public').notNull().default(true),
    collaborative: boolean('collaborative').notNull().default(false),
    plays: bigint('plays', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('playlists_owner').on(t.ownerId),
    index('playlists_name_trgm').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('playlists_name_fts').using('gin', sql`to_tsvector('simple', ${t.name})`),
    // Names starting with the query (search): a range scan, where trigrams of a long query are slow.
    index('playlists_name_prefix').on(sql`lower(${t.name}) text_pattern_ops`),
  ],
);

/** Playlist entries: the same track may appear twice, so an entry has its own id. */
export const playlistTracks = pgTable(
  'playlist_tracks',
  {
    id: serial('id').primaryKey(),
    playlistId: integer('playlist_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    trackId: integer('track_id')
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('playlist_tracks_order').on(t.playlistId, t.position)],
);

export const playlistCollaborators = pgTable(
  'playlist_collaborators',
  {
    playlistId: integer('playlist_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.playlistId, t.userId] })],
);
