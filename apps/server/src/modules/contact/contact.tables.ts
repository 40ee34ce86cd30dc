import type { ContactMailStatus } from '@zema/contracts/contact/contact-admin';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/tables';

/**
 * SPEC §3 Contact message: what a visitor wrote on the contact page, stored before any mail is
 * tried, so nothing is lost when mail fails. The mail columns are the delivery's state: the site's
 * copy (`notified_*`) and the sender's copy (`copy_sent_at`) are each sent once; a failed try
 * counts in `mail_attempts` and waits until `mail_next_attempt_at` (null = nothing left to try).
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    /** The sender's language code: their copy is written in it. */
    language: text('language').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ip: text('ip'),
    readAt: timestamp('read_at', { withTimezone: true }),
    mailStatus: text('mail_status').$type<ContactMailStatus>().notNull().default('pending'),
    mailAttempts: integer('mail_attempts').notNull().default(0),
    mailNextAttemptAt: timestamp('mail_next_attempt_at', { withTimezone: true }).defaultNow(),
    mailLastError: text('mail_last_error'),
    notifiedTo: text('notified_to'),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    copySentAt: timestamp('copy_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The admin's list, newest first, and its unread count.
    index('contact_messages_created_at').on(t.createdAt, t.id),
    index('contact_messages_unread').on(t.createdAt).where(sql`${t.readAt} is null`),
    // The retry task's question: which mails are due (few rows: only those still owed a mail).
    index('contact_messages_mail_due').on(t.mailNextAttemptAt).where(sql`${t.mailNextAttemptAt} is not null`),
  ],
);
