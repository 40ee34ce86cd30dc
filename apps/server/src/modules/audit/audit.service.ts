import type { AuditAction } from '@zema/contracts/admin';
import type { Db } from '#src/db/client';
import type { Caller } from '#src/lib/caller';
import { auditLog } from './audit.tables';

/** Who acted and from where, as a route hands it to a service (plain values, decision 0019). */
export type Actor = { user: Pick<Caller['user'], 'id' | 'display_name'>; ip: string | null };

export type AuditRecord = {
  action: AuditAction;
  target?: { type: string; id: string | number; label?: string | null };
  before?: unknown;
  after?: unknown;
};

/** Keys never written to the audit log, wherever they appear in a snapshot. */
const SECRET_KEYS = /pass(word)?|secret|token|hash|recovery|key$/i;

/** A snapshot without secrets: values under secret-looking keys become "[set]" or null. */
export function redactSnapshot(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSnapshot);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value))
      out[k] = SECRET_KEYS.test(k)
        ? v === null || v === undefined || v === ''
          ? null
          : '[set]'
        : redactSnapshot(v);
    return out;
  }
  return value;
}

/**
 * Records one admin action. Written with the change it describes (pass the transaction as `db`),
 * so an action is never audited without having happened, nor the other way round.
 */
export async function audit(db: Db, actor: Actor, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.user.id,
    actorName: actor.user.display_name,
    action: record.action,
    targetType: record.target?.type ?? null,
    targetId: record.target ? String(record.target.id) : null,
    targetLabel: record.target?.label ?? null,
    before: record.before === undefined ? null : redactSnapshot(record.before),
    after: record.after === undefined ? null : redactSnapshot(record.after),
    ip: actor.ip,
  });
}
