import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from '../users/tables';

/**
 * Notifications (decision 0031, modules/notifications). A row is a type with its parameters, rendered
 * in the reader's language when read: nothing translated is stored.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A key of `notificationParamsSchemas` (contracts). */
    type: text('type').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    /** What the row is about, to find it again: the invitation id of `workspace.invitation`. */
    ref: text('ref'),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Its buttons no longer apply (an invitation accepted, declined or revoked). */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Set while the reader's email channel still owes this row a mail (batched, see notify). */
    emailPendingSince: timestamp('email_pending_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list: a user's rows newest first (id breaks ties of one burst).
    index('notifications_user_created').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // The unread count reads only the unread rows.
    index('notifications_user_unread').on(t.userId).where(sql`${t.readAt} is null`),
    // The mail batcher scans only what is still owed a mail.
    index('notifications_email_pending')
      .on(t.emailPendingSince)
      .where(sql`${t.emailPendingSince} is not null`),
    index('notifications_ref').on(t.type, t.ref).where(sql`${t.ref} is not null`),
  ],
);

/**
 * A user's channel choices per notification type (SPEC §3 `user_selections`); a type without a row
 * uses its defaults (modules/notifications/notification-types.ts).
 */
export const notificationSelections = pgTable(
  'notification_selections',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    channels: jsonb('channels').$type<Record<string, boolean>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);

/** A browser that receives push notifications (one row per device; the endpoint is its id). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** "Chrome on Linux", from the user agent that subscribed. */
    device: text('device').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** The push service answered 429: nothing is sent to it before this time. */
    backoffUntil: timestamp('backoff_until', { withTimezone: true }),
  },
  (t) => [index('push_subscriptions_user').on(t.userId)],
);

/** The install's VAPID key pair, generated once (one row) unless VAPID_* env vars are set. */
export const pushVapidKeys = pgTable(
  'push_vapid_keys',
  {
    id: integer('id').primaryKey().default(1),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('push_vapid_keys_single', sql`${t.id} = 1`)],
);
