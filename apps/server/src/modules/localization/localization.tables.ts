import { jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';

/** The shared cache's key of every language with its lines (read by the bootstrap, mails, refusals). */
export const LOCALIZATIONS_CACHE_KEY = 'localizations';

export const localizations = pgTable('localizations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  language: text('language').notNull().unique(),
  lines: jsonb('lines').$type<Record<string, string>>().notNull().default({}),
});
