import type { AuditEntry, AuditListQuery } from '@zema/contracts/admin';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client';
import {
  type CsvColumn,
  containsPattern,
  dayStart,
  listCsv,
  listOrder,
  listPage,
  listWindow,
} from '#src/lib/list-query';
import type { Page } from '#src/lib/pagination';
import { auditLog } from '#src/modules/audit/tables';

function auditWhere(query: AuditListQuery): SQL | undefined {
  const where: SQL[] = [];
  if (query.actor !== undefined) where.push(eq(auditLog.actorId, query.actor));
  if (query.action) where.push(eq(auditLog.action, query.action));
  if (query.from) where.push(sql`${auditLog.createdAt} >= ${dayStart(query.from)}`);
  if (query.to) where.push(sql`${auditLog.createdAt} < ${dayStart(query.to, 1)}`);
  if (query.query)
    where.push(
      sql`lower(coalesce(${auditLog.targetLabel}, '') || ' ' || ${auditLog.action}) like ${containsPattern(query.query)}`,
    );
  return and(...where);
}

/** One page of entries (without the total): the table's page and the export's batch. */
async function auditPage(db: Db, query: AuditListQuery): Promise<AuditEntry[]> {
  const { perPage, offset } = listWindow(query);
  const rows = await db
    .select()
    .from(auditLog)
    .where(auditWhere(query))
    .orderBy(
      ...listOrder(
        query,
        { created_at: auditLog.createdAt, action: auditLog.action },
        { sort: 'created_at', order: 'desc' },
        auditLog.id,
      ),
    )
    .limit(perPage)
    .offset(offset);
  return rows.map((r) => ({
    id: r.id,
    actor:
      r.actorName !== null || r.actorId !== null
        ? { id: r.actorId ?? 0, name: r.actorName ?? 'Deleted user' }
        : null,
    action: r.action,
    target_type: r.targetType,
    target_id: r.targetId,
    target_label: r.targetLabel,
    before: r.before ?? null,
    after: r.after ?? null,
    ip: r.ip,
    created_at: r.createdAt.toISOString(),
  }));
}

/** The audit log list: filter by actor, action and days; search target and action. */
export async function listAudit(db: Db, query: AuditListQuery): Promise<Page<AuditEntry>> {
  const [rows, [count]] = await Promise.all([
    auditPage(db, query),
    db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(auditWhere(query)),
  ]);
  return listPage(rows, Number(count?.n ?? 0), query);
}

// The before and after snapshots stay out: they are nested objects, opened one entry at a time.
const AUDIT_CSV: CsvColumn<AuditEntry>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'created_at', value: (r) => r.created_at },
  { header: 'actor_id', value: (r) => r.actor?.id },
  { header: 'actor', value: (r) => r.actor?.name },
  { header: 'action', value: (r) => r.action },
  { header: 'target_type', value: (r) => r.target_type },
  { header: 'target_id', value: (r) => r.target_id },
  { header: 'target', value: (r) => r.target_label },
  { header: 'ip', value: (r) => r.ip },
];

/** Every entry of the current filter as CSV lines (lib/list-query `listCsv`). */
export function auditCsv(db: Db, query: AuditListQuery): AsyncGenerator<string> {
  return listCsv((window) => auditPage(db, { ...query, ...window }), AUDIT_CSV);
}
