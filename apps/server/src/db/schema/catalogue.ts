import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The music catalogue (issue 5). Names are the truth and slugs are derived from them for URLs; the
 * id is what counts, so a rename never breaks a link. Search uses expression indexes (full text
 * over `simple` config plus pg_trgm) that work the same on PGlite and PostgreSQL.
 */

export type ArtistLink = { url: string; label: string };

export const genres = pgTable(
  'genres',
  {
    id: serial('id').primaryKey(),
    /** Lower-case key used in URLs: /genre/{name}. */
    name: text('name').notNull(),
    displayName: text('display_name').notNull(),
    image: text('image'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('genres_name_unique').on(t.name)],
);

export const artists = pgTable(
  'artists',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    verified: boolean('verified').notNull().default(false),
    imageSmall: text('image_small'),
    imageLarge: text('image_large'),
    bio: text('bio'),
    links: jsonb('links').$type<ArtistLink[]>().notNull().default([]),
    /** All-time plays of the artist's tracks; kept in step with `plays` rows for ranking. */
    plays: bigint('plays', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('artists_name_trgm').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('artists_name_fts').using('gin', sql`to_tsvector('simple', ${t.name})`),
    // Names starting with the query (search): a range scan, where trigrams of a long query are slow.
    index('artists_name_prefix').on(sql`lower(${t.name}) text_pattern_ops`),
    index('artists_plays').on(t.plays),
  ],
);

export const artistGenre = pgTable(
  'artist_genre',
  {
    artistId: integer('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    genreId: integer('genre_id')
      .notNull()
      .references(() => genres.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.artistId, t.genreId] }), index('artist_genre_genre').on(t.genreId)],
);

export const ALBUM_TYPES = ['album', 'single', 'ep', 'compilation'] as const;

export const albums = pgTable(
  'albums',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    image: text('image'),
    releaseDate: date('release_date', { mode: 'string' }),
    type: text('type', { enum: ALBUM_TYPES }).notNull().default('album'),
    description: text('description'),
    plays: bigint('plays', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('albums_name_trgm').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('albums_name_fts').using('gin', sql`to_tsvector('simple', ${t.name})`),
    // Names starting with the query (search): a range scan, where trigrams of a long query are slow.
    index('albums_name_prefix').on(sql`lower(${t.name}) text_pattern_ops`),
    index('albums_release_date').on(t.releaseDate),
    index('albums_plays').on(t.plays),
  ],
);

/** Album credits, in order: the first is the main artist. */
export const albumArtist = pgTable(
  'album_artist',
  {
    albumId: integer('album_id')
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    artistId: integer('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.albumId, t.artistId] }), index('album_artist_artist').on(t.artistId)],
);

export const tracks = pgTable(
  'tracks',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    albumId: integer('album_id').references(() => albums.id, { onDelete: 'set null' }),
    /** Position on the album, from 1. */
    number: integer('number'),
    durationMs: integer('duration_ms').notNull().default(0),
    /** Storage key of the audio file (under DATA_DIR/storage or S3); null = not playable. */
    src: text('src'),
    fileSize: bigint('file_size', { mode: 'number' }),
    /** Audio container/codec, e.g. `mp3`, `ogg`, `flac`: decides the Content-Type. */
    format: text('format'),
    /** Kilobits per second. */
    bitrate: integer('bitrate'),
    explicit: boolean('explicit').notNull().default(false),
    /** Own artwork; null = the album's cover. */
    image: text('image'),
    plays: bigint('plays', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tracks_album').on(t.albumId, t.number),
    index('tracks_name_trgm').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('tracks_name_fts').using('gin', sql`to_tsvector('simple', ${t.name})`),
    // Names starting with the query (search): a range scan, where trigrams of a long query are slow.
    index('tracks_name_prefix').on(sql`lower(${t.name}) text_pattern_ops`),
    index('tracks_plays').on(t.plays),
    index('tracks_created_at').on(t.createdAt),
  ],
);

/** Track credits, in order: every artist links to its page. */
export const trackArtist = pgTable(
  'track_artist',
  {
    trackId: integer('track_id')
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    artistId: integer('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.trackId, t.artistId] }), index('track_artist_artist').on(t.artistId)],
);

export const trackGenre = pgTable(
  'track_genre',
  {
    trackId: integer('track_id')
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    genreId: integer('genre_id')
      .notNull()
      .references(() => genres.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.trackId, t.genreId] }), index('track_genre_genre').on(t.genreId)],
);

export const CHANNEL_CONTENT_TYPES = ['track', 'album', 'artist', 'genre', 'channel'] as const;
export const CHANNEL_RULES = [
  'manual',
  'popular_week',
  'popular_all_time',
  'newest',
  'alphabetical',
] as const;
export const CHANNEL_LAYOUTS = ['grid', 'carousel', 'track_table'] as const;

export type ChannelConfig = {
  contentType: (typeof CHANNEL_CONTENT_TYPES)[number];
  /** `manual` = the chosen list in channel_items; anything else fills the channel by a rule. */
  rule: (typeof CHANNEL_RULES)[number];
  layout: (typeof CHANNEL_LAYOUTS)[number];
  /** How many items a rule yields (a manual list shows all of its items, paginated). */
  limit: number;
};

/** An admin-defined, ordered list of content blocks; the home page is the channel slug `discover`. */
export const channels = pgTable(
  'channels',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description'),
    config: jsonb('config').$type<ChannelConfig>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('channels_slug_unique').on(t.slug)],
);

export const channelItems = pgTable(
  'channel_items',
  {
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    itemType: text('item_type', { enum: CHANNEL_CONTENT_TYPES }).notNull(),
    itemId: integer('item_id').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.channelId, t.itemType, t.itemId] }),
    index('channel_items_order').on(t.channelId, t.position),
  ],
);

/** One row per counted listen (issue 5: after 30 s, or the whole track if shorter). */
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
  },
  (t) => [
    uniqueIndex('plays_listener_listen').on(t.listener, t.listenId),
    index('plays_played_at_track').on(t.playedAt, t.trackId),
    index('plays_track_played_at').on(t.trackId, t.playedAt),
    index('plays_user_played_at').on(t.userId, t.playedAt),
  ],
);

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

/** Profile visibility of a user's library (issue 5: "likes if public"). */
export const userProfiles = pgTable('user_profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  likesPublic: boolean('likes_public').notNull().default(false),
  bio: text('bio'),
});

/**
 * Every word of every searchable name (artists, albums, tracks, playlists, users' public names),
 * as the `simple` text search config splits them. Typo tolerance looks up the words of a query
 * here (a few thousand rows, not 100 000 names) and searches the full-text indexes with the
 * nearby words it finds. Filled by triggers of migration 0004_search_words; words of deleted or
 * renamed rows stay, which only costs a correction that matches nothing.
 */
export const searchWords = pgTable(
  'search_words',
  { word: text('word').primaryKey() },
  // fastupdate off: new words go straight into the index. A pending list (PGlite has no autovacuum
  // to flush it) is scanned in full by every lookup and made the planner prefer a table scan.
  (t) => [index('search_words_trgm').using('gin', sql`${t.word} gin_trgm_ops`).with({ fastupdate: false })],
);
