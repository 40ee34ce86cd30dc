import type { MenuItem, Theme } from '@zema/contracts';
import type { AppearanceValues } from '@zema/contracts/appearance/appearance-admin';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/tables';

export const menus = pgTable('menus', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  positions: jsonb('positions').$type<string[]>().notNull().default([]),
  items: jsonb('items').$type<MenuItem[]>().notNull().default([]),
  sort: integer('sort').notNull().default(0),
});

export const themes = pgTable('themes', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  values: jsonb('values').$type<Record<string, string>>().notNull(),
  isDark: boolean('is_dark').notNull().default(false),
  defaultLight: boolean('default_light').notNull().default(false),
  defaultDark: boolean('default_dark').notNull().default(false),
  font: jsonb('font').$type<NonNullable<Theme['font']>>(),
});

/**
 * An admin's unpublished changes to the appearance (one draft per admin): the whole editor value,
 * and the version it started from. Visitors never read this table.
 */
export const appearanceDrafts = pgTable('appearance_drafts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  values: jsonb('values').$type<AppearanceValues>().notNull(),
  baseVersionId: integer('base_version_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every published appearance, whole (the history the editor rolls back to). The newest row's
 * custom code is the one served; the rest of the newest row is what settings, themes and menus
 * hold.
 */
export const appearanceVersions = pgTable(
  'appearance_versions',
  {
    id: serial('id').primaryKey(),
    values: jsonb('values').$type<AppearanceValues>().notNull(),
    publishedBy: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    /** The version a rollback published again. */
    restoredFrom: integer('restored_from'),
  },
  (t) => [index('appearance_versions_published_at_idx').on(t.publishedAt)],
);
