import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.tables';

/**
 * The current email verification code of a user (6 digits, hashed, valid 10 minutes, dead after
 * 5 wrong tries). A resend replaces the row.
 */
export const emailVerificationCodes = pgTable('email_verification_codes', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
