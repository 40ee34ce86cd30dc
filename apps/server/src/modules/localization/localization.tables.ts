import { jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';

export const localizations = pgTable('localizations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  language: text('language').notNull().unique(),
  lines: jsonb('lines').$type<Record<string, string>>().notNull().default({}),
});
