import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from '../users/tables';

/** Profile visibility of a user's library (SPEC §2 profile: "likes if public"). */
export const userProfiles = pgTable('user_profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  likesPublic: boolean('likes_public').notNull().default(false),
  bio: text('bio'),
});
