import type { MenuItem, Theme } from '@zema/contracts';
import { boolean, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';

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
