import { sql } from 'drizzle-orm';
import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every message the app sent or failed to send (decision 0027: the admin's mail log), whichever driver
 * delivered it. The body is kept so an admin can open it, with the secrets it carried (reset and
 * invitation links, verification codes) replaced before it is written (modules/mail/mail-log.ts).
 */
export const mailLog = pgTable(
  'mail_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    toAddress: text('to_address').notNull(),
    fromAddress: text('from_address').notNull(),
    subject: text('subject').notNull(),
    /** `sent` or `failed`. */
    status: text('status').notNull(),
    error: text('error'),
    /** `smtp` or `outbox`. */
    driver: text('driver').notNull(),
    messageId: text('message_id'),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_log_created_at').on(t.createdAt),
    index('mail_log_status_created_at').on(t.status, t.createdAt),
    index('mail_log_search').using('gin', sql`lower(${t.toAddress} || ' ' || ${t.subject}) gin_trgm_ops`),
  ],
);
