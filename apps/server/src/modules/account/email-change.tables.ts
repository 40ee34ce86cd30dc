import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/tables';

/**
 * A pending change of a user's email address: a 6-digit code went to `new_email` and the change
 * takes effect when it comes back. Same rules as the verification code (hashed, valid 10 minutes,
 * dead after 5 wrong tries); asking again replaces the row.
 */
export const emailChangeRequests = pgTable('email_change_requests', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  newEmail: text('new_email').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
