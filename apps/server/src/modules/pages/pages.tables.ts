import type { CustomPageAudience } from '@zema/contracts';
import type { CustomPageText } from '@zema/contracts/pages/pages-admin';
import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { roles } from '../users/tables';

/**
 * SPEC §3 Custom page: its address, its words in the site's language (`title`, `body` — HTML,
 * sanitised before it is stored), its SEO tags, translations by language code, and who reads it.
 */
export const customPages = pgTable('custom_pages', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  body: text('body').notNull().default(''),
  seoTitle: text('seo_title'),
  seoDescription: text('seo_description'),
  translations: jsonb('translations').$type<Record<string, CustomPageText>>().notNull().default({}),
  hidden: boolean('hidden').notNull().default(false),
  audience: text('audience').$type<CustomPageAudience>().notNull().default('everyone'),
  roleId: integer('role_id').references(() => roles.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
