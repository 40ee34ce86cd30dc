import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';

/** key → JSON; a key may be dotted ('cookie_notice.position') and deep-merges over code defaults. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
});
