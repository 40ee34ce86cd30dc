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
} from 'drizzle-orm/pg-core';
import { users } from '../users/tables';

/**
 * Every stored upload (decision 0028, SPEC §3 file entry). The client's file name is only a label
 * (`name`); the bytes live under a generated storage key (`path`, whose last segment is
 * `file_name`) on the driver named by `disk`. A folder is an entry with type 'folder' and no bytes.
 * Trashed entries keep their bytes until deleted forever.
 */
export const FILE_ENTRY_TYPES = ['file', 'folder'] as const;
export const STORAGE_DISKS = ['local', 's3'] as const;

export const fileEntries = pgTable(
  'file_entries',
  {
    id: serial('id').primaryKey(),
    type: text('type', { enum: FILE_ENTRY_TYPES }).notNull().default('file'),
    /** The client's name for it (display only; never reaches the file system). */
    name: text('name').notNull(),
    /** Last segment of the storage key. */
    fileName: text('file_name').notNull(),
    mime: text('mime').notNull().default('application/octet-stream'),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    extension: text('extension'),
    disk: text('disk', { enum: STORAGE_DISKS }).notNull().default('local'),
    /** Storage key; unique among live entries. */
    path: text('path').notNull(),
    parentId: integer('parent_id'),
    /** The client's relative path inside a dropped folder (`Album/01 Intro.mp3`), for display. */
    relativePath: text('relative_path'),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    /** SPEC §3: the default workspace is 0. */
    workspaceId: integer('workspace_id').notNull().default(0),
    public: boolean('public').notNull().default(false),
    /** SHA-256 of the bytes, hex: identical uploads are found by it. */
    checksum: text('checksum'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('file_entries_owner').on(t.ownerId, t.createdAt),
    index('file_entries_parent').on(t.parentId),
    index('file_entries_checksum').on(t.checksum),
    index('file_entries_path').on(t.path),
    index('file_entries_deleted').on(t.deletedAt).where(sql`${t.deletedAt} is not null`),
  ],
);

/**
 * An upload that has started but has no file entry yet: a tus upload, a presigned PUT or an S3
 * multipart upload. It ties the storage key to the user who may finish it (the key a client
 * sends back is checked against it, never trusted), counts toward the quota while in flight, and
 * lets the cleanup job abort what was abandoned after `expires_at`.
 */
export const UPLOAD_KINDS = ['tus', 'presign', 'multipart'] as const;

export const pendingUploads = pgTable(
  'pending_uploads',
  {
    /** The tus upload id, or the S3 key of a presigned or multipart upload. */
    key: text('key').primaryKey(),
    kind: text('kind', { enum: UPLOAD_KINDS }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** S3's UploadId of a multipart upload. */
    uploadId: text('upload_id'),
    size: bigint('size', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    extension: text('extension'),
    /** What the client sent along (parentId, relativePath, disk…), checked when the entry is made. */
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('pending_uploads_user').on(t.userId), index('pending_uploads_expires').on(t.expiresAt)],
);
