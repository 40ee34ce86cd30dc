import type { MailLogEntry, MailLogListQuery, MailLogMessage } from '@zema/contracts/admin';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client';
import {
  type CsvColumn,
  containsPattern,
  listCsv,
  listOrder,
  listPage,
  listWindow,
} from '#src/lib/list-query';
import type { Page } from '#src/lib/pagination';
import { mailLog } from '#src/modules/mail/tables';

/** The outgoing mail log (decision 0027): search recipient and subject, filter by status. */

const listColumns = {
  id: mailLog.id,
  toAddress: mailLog.toAddress,
  subject: mailLog.subject,
  status: mailLog.status,
  error: mailLog.error,
  driver: mailLog.driver,
  messageId: mailLog.messageId,
  createdAt: mailLog.createdAt,
};

type Row = { [K in keyof typeof listColumns]: (typeof mailLog.$inferSelect)[K] };

function toEntry(r: Row): MailLogEntry {
  return {
    id: r.id,
    to: r.toAddress,
    subject: r.subject,
    status: r.status === 'failed' ? 'failed' : 'sent',
    error: r.error,
    driver: r.driver,
    message_id: r.messageId,
    created_at: r.createdAt.toISOString(),
  };
}

function mailLogWhere(query: MailLogListQuery): SQL | undefined {
  const where: SQL[] = [];
  if (query.status) where.push(eq(mailLog.status, query.status));
  if (query.query)
    where.push(
      sql`lower(${mailLog.toAddress} || ' ' || ${mailLog.subject}) like ${containsPattern(query.query)}`,
    );
  return and(...where);
}

/** One page of entries (without the total): the table's page and the export's batch. */
async function mailLogPage(db: Db, query: MailLogListQuery): Promise<MailLogEntry[]> {
  const { perPage, offset } = listWindow(query);
  // The bodies stay in the table until a message is opened: a page of them would be heavy.
  const rows = await db
    .select(listColumns)
    .from(mailLog)
    .where(mailLogWhere(query))
    .orderBy(
      ...listOrder(
        query,
        { created_at: mailLog.createdAt, to: mailLog.toAddress, subject: mailLog.subject },
        { sort: 'created_at', order: 'desc' },
        mailLog.id,
      ),
    )
    .limit(perPage)
    .offset(offset);
  return rows.map(toEntry);
}

export async function listMailLog(db: Db, query: MailLogListQuery): Promise<Page<MailLogEntry>> {
  const [rows, [count]] = await Promise.all([
    mailLogPage(db, query),
    db.select({ n: sql<number>`count(*)::int` }).from(mailLog).where(mailLogWhere(query)),
  ]);
  return listPage(rows, Number(count?.n ?? 0), query);
}

export async function mailLogMessage(db: Db, id: number): Promise<MailLogMessage | null> {
  const [row] = await db.select().from(mailLog).where(eq(mailLog.id, id));
  if (!row) return null;
  return { ...toEntry(row), from: row.fromAddress, text: row.text, html: row.html };
}

// The list's own columns: a message's body never leaves the table through an export.
const MAIL_CSV: CsvColumn<MailLogEntry>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'created_at', value: (r) => r.created_at },
  { header: 'to', value: (r) => r.to },
  { header: 'subject', value: (r) => r.subject },
  { header: 'status', value: (r) => r.status },
  { header: 'error', value: (r) => r.error },
  { header: 'driver', value: (r) => r.driver },
  { header: 'message_id', value: (r) => r.message_id },
];

/** Every entry of the current filter as CSV lines (lib/list-query `listCsv`). */
export function mailLogCsv(db: Db, query: MailLogListQuery): AsyncGenerator<string> {
  return listCsv((window) => mailLogPage(db, { ...query, ...window }), MAIL_CSV);
}
