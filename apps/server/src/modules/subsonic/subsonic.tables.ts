import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '#src/modules/users/tables';

/**
 * App passwords (issue 34): what Subsonic apps sign in to `/rest` with. Token sign-in
 * (`t = md5(password + s)`) needs the secret in the clear on the server, so it is stored sealed
 * under the install's key (platform/secret-box.ts), never as the account password is.
 */
export const appPasswords = pgTable(
  'app_passwords',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The password sealed with AES-256-GCM under a key derived from the install's key. */
    secretSealed: text('secret_sealed').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('app_passwords_user_id_idx').on(t.userId)],
);
