import {
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
} from 'drizzle-orm/pg-core';
import { albums, artists, tracks } from '../catalogue/tables';
import { fileEntries } from '../uploads/tables';
import { users } from '../users/tables';

/**
 * The artists' area. A user manages an artist through `user_artists`, given by an
 * admin approving a backstage request; every backstage write checks that link, never an id the
 * client sends.
 */
export const ARTIST_ROLES = ['artist', 'manager', 'label', 'producer', 'other'] as const;

export const userArtists = pgTable(
  'user_artists',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    artistId: integer('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ARTIST_ROLES }).notNull().default('artist'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.artistId] }), index('user_artists_artist').on(t.artistId)],
);

export const BACKSTAGE_REQUEST_TYPES = ['become_artist', 'claim_artist', 'verify_artist'] as const;
export const BACKSTAGE_REQUEST_STATUSES = ['pending', 'approved', 'denied'] as const;

export const backstageRequests = pgTable(
  'backstage_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: BACKSTAGE_REQUEST_TYPES }).notNull(),
    /** The artist claimed or to verify; for "become", the artist created on approval. */
    artistId: integer('artist_id').references(() => artists.id, { onDelete: 'set null' }),
    artistName: text('artist_name').notNull(),
    role: text('role', { enum: ARTIST_ROLES }).notNull(),
    links: jsonb('links').$type<string[]>().notNull().default([]),
    message: text('message'),
    proofEntryId: integer('proof_entry_id').references(() => fileEntries.id, { onDelete: 'set null' }),
    status: text('status', { enum: BACKSTAGE_REQUEST_STATUSES }).notNull().default('pending'),
    denyReason: text('deny_reason'),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('backstage_requests_user').on(t.userId, t.createdAt),
    index('backstage_requests_status').on(t.status, t.createdAt),
  ],
);

/**
 * A release being prepared in the backstage: what a dropped folder or file becomes before it is
 * published. `publish_at` in the future = scheduled (a job publishes it then); published ones point
 * at the album (or single track) they became.
 */
export const RELEASE_DRAFT_STATUSES = ['draft', 'scheduled', 'published'] as const;

export const releaseDrafts = pgTable(
  'release_drafts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    artistId: integer('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    /** 'single' publishes its one track without an album. */
    type: text('type', { enum: ['album', 'single', 'ep', 'compilation'] })
      .notNull()
      .default('single'),
    name: text('name').notNull(),
    releaseDate: date('release_date', { mode: 'string' }),
    /** Storage URL of the cover (from the embedded art or an upload). */
    image: text('image'),
    genres: jsonb('genres').$type<string[]>().notNull().default([]),
    description: text('description'),
    /** The uploader named it: analysis no longer takes the name from the tags. */
    nameFromUser: boolean('name_from_user').notNull().default(false),
    status: text('status', { enum: RELEASE_DRAFT_STATUSES }).notNull().default('draft'),
    publishAt: timestamp('publish_at', { withTimezone: true }),
    albumId: integer('album_id').references(() => albums.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('release_drafts_user').on(t.userId, t.createdAt),
    index('release_drafts_due').on(t.status, t.publishAt),
  ],
);

/** What ingestion read from a file: tags as found, before the uploader edits them. */
export type IngestedTags = {
  title: string | null;
  artists: string[];
  album: string | null;
  albumArtist: string | null;
  trackNumber: number | null;
  discNumber: number | null;
  year: number | null;
  /** The full date a tag gave (`YYYY-MM-DD`); absent when it gave only a year (or in older rows). */
  date?: string | null;
  genres: string[];
  replayGainDb: number | null;
};

export const INGEST_STATUSES = ['queued', 'processing', 'ready', 'failed'] as const;

/** One track of a release draft, with what ingestion found and measured. */
export const trackDrafts = pgTable(
  'track_drafts',
  {
    id: serial('id').primaryKey(),
    releaseId: integer('release_id')
      .notNull()
      .references(() => releaseDrafts.id, { onDelete: 'cascade' }),
    fileEntryId: integer('file_entry_id').references(() => fileEntries.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(1),
    discNumber: integer('disc_number').notNull().default(1),
    name: text('name').notNull(),
    /** Credited artist names, in order (the release's artist is added when missing). */
    artists: jsonb('artists').$type<string[]>().notNull().default([]),
    explicit: boolean('explicit').notNull().default(false),
    /** The uploader renamed or reordered it: analysis keeps their title / order. */
    nameFromUser: boolean('name_from_user').notNull().default(false),
    orderFromUser: boolean('order_from_user').notNull().default(false),
    status: text('status', { enum: INGEST_STATUSES }).notNull().default('queued'),
    /** 0–100 while processing. */
    progress: integer('progress').notNull().default(0),
    error: text('error'),
    tags: jsonb('tags').$type<IngestedTags>(),
    format: text('format'),
    durationMs: integer('duration_ms'),
    bitrate: integer('bitrate'),
    waveform: jsonb('waveform').$type<number[]>(),
    loudnessLufs: real('loudness_lufs'),
    truePeakDb: real('true_peak_db'),
    /** A live track with the same bytes (checksum), shown as a warning. */
    duplicateOfTrackId: integer('duplicate_of_track_id').references(() => tracks.id, {
      onDelete: 'set null',
    }),
    trackId: integer('track_id').references(() => tracks.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('track_drafts_release').on(t.releaseId, t.discNumber, t.position)],
);
