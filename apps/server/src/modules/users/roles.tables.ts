import type { Restriction } from '@zema/contracts';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './users.tables';

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  /** The role whose permissions visitors get (SPEC §6 guest role). */
  guests: boolean('guests').notNull().default(false),
  /** Given to every newly registered user. */
  default: boolean('default').notNull().default(false),
  description: text('description'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const permissions = pgTable('permissions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  displayName: text('display_name').notNull(),
  group: text('group').notNull(),
  description: text('description'),
});

export const permissionRole = pgTable(
  'permission_role',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
    /** Quotas (SPEC §6): a usage at or above `value` is over quota; null = unlimited. */
    restrictions: jsonb('restrictions').$type<Restriction[]>().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

export const userRole = pgTable(
  'user_role',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  // The second index serves a role's member count and members list.
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_role_role_id').on(t.roleId, t.userId)],
);

export const userPermission = pgTable(
  'user_permission',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
    restrictions: jsonb('restrictions').$type<Restriction[]>().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permissionId] })],
);
