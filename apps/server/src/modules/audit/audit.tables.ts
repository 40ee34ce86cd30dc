import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/tables';

/**
 * Admin actions: who did what to which target, the values before and after (never a
 * secret: services pass redacted snapshots), when and from which address. Kept when the actor is
 * deleted (actor_id set null, actor_name stays).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_at').on(t.createdAt),
    index('audit_log_actor_created_at').on(t.actorId, t.createdAt),
    index('audit_log_action_created_at').on(t.action, t.createdAt),
    index('audit_log_target').on(t.targetType, t.targetId),
    index('audit_log_search').using(
      'gin',
      sql`lower(coalesce(${t.targetLabel}, '') || ' ' || ${t.action}) gin_trgm_ops`,
    ),
  ],
);
