import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The music catalogue (SPEC §3). Names are the truth and slugs are derived from them for URLs; the
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
    /** Whether listeners with `music.download` may download the artist's tracks and albums. */
    allowDownloads: boolean('allow_downloads').notNull().default(false),
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
    // Admin list sorts (`key, id`: the list's tie-break, so a page is an index walk either way).
    index('artists_plays').on(t.plays, t.id),
    index('artists_name_sort').on(sql`lower(${t.name})`, t.id),
    index('artists_created_at').on(t.createdAt, t.id),
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
    // Admin list sorts (`key, id`: the list's tie-break, so a page is an index walk either way).
    index('albums_plays').on(t.plays, t.id),
    index('albums_name_sort').on(sql`lower(${t.name})`, t.id),
    index('albums_created_at').on(t.createdAt, t.id),
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

/** The contracts' TRACK_AUDIO_STATUSES (a data face imports no contracts). */
export const TRACK_AUDIO_STATUSES = ['ready', 'processing', 'failed'] as const;

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
    /** Peaks for the seek bar (0–255, a fixed count), computed once at ingestion. */
    waveform: jsonb('waveform').$type<number[]>(),
    /** EBU R128 integrated loudness (LUFS) and true peak (dBTP): the player's volume levelling. */
    loudnessLufs: real('loudness_lufs'),
    truePeakDb: real('true_peak_db'),
    /** SHA-256 of the audio file, hex: identical uploads are found by it. */
    checksum: text('checksum'),
    /**
     * `processing` while a new audio file is analysed (job `track-audio`): `src` and the columns
     * above stay those of the previous file until it passes, so playback never reaches unread
     * bytes; `failed` when it was not audio (`audio_error` says why).
     */
    audioStatus: text('audio_status', { enum: TRACK_AUDIO_STATUSES }).notNull().default('ready'),
    audioError: text('audio_error'),
    /** Storage key of the new audio file waiting for its analysis; it becomes `src` when it passes. */
    pendingSrc: text('pending_src'),
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
    // Admin list sorts (`key, id`: the list's tie-break, so a page of 100 000 tracks is an index
    // walk either way, even where many rows share a value, as a bulk import's created_at does).
    index('tracks_plays').on(t.plays, t.id),
    index('tracks_created_at').on(t.createdAt, t.id),
    index('tracks_name_sort').on(sql`lower(${t.name})`, t.id),
    index('tracks_duration').on(t.durationMs, t.id),
    index('tracks_checksum').on(t.checksum),
    // The analyses a stopped process left: sent again at start without reading every track.
    index('tracks_pending_audio').on(t.id).where(sql`${t.pendingSrc} is not null`),
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
