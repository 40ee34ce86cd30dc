import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { artists } from '../catalogue/tables';
import { users } from '../users/tables';

/**
 * Workspaces (decision 0034): teams that share a backstage. The personal workspace (id 0) has no
 * row: it is every user's own space (their `user_artists`), so serial ids start at 1.
 */
export const WORKSPACE_ROLE_VALUES = ['owner', 'admin', 'editor', 'viewer'] as const;

export const workspaces = pgTable(
  'workspaces',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Also a member with the role `owner` (kept together by transfer). */
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('workspaces_owner').on(t.ownerId)],
);

export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: WORKSPACE_ROLE_VALUES }).notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] }), index('workspace_members_user').on(t.userId)],
);

/**
 * A pending invitation. Its id is the random token the mail link carries (never a serial a client
 * could count through); it is deleted when joined, declined, revoked or replaced, so "used" and
 * "unknown" are the same answer. One per workspace and email: a second invite replaces the first.
 */
export const workspaceInvites = pgTable(
  'workspace_invites',
  {
    id: text('id').primaryKey(),
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Lower-cased: joining compares it with the account's email. */
    email: text('email').notNull(),
    role: text('role', { enum: WORKSPACE_ROLE_VALUES }).notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('workspace_invites_workspace_email').on(t.workspaceId, t.email),
    index('workspace_invites_email').on(t.email),
  ],
);

/**
 * Artists shared with a workspace: its members work on them by their workspace role. The artist
 * stays with its personal managers (`user_artists`); unsharing or deleting the workspace only
 * removes this link.
 */
export const workspaceArtists = pgTable(
  'workspace_artists',
  {
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    artistId: integer('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.artistId] }),
    index('workspace_artists_artist').on(t.artistId),
  ],
);
