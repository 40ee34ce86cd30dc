import { msg } from '@zema/contracts';
import type { ContactRequest } from '@zema/contracts/contact/contact';
import type { ContactMessage, ContactMessageListQuery } from '@zema/contracts/contact/contact-admin';
import { and, eq, inArray, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client';
import type { BrowserRef } from '#src/lib/caller';
import { ConflictError, NotFoundError } from '#src/lib/errors';
import {
  type CsvColumn,
  containsPattern,
  listCsv,
  listOrder,
  listPage,
  listWindow,
} from '#src/lib/list-query';
import type { Page } from '#src/lib/pagination';
import { type Actor, audit } from '#src/modules/audit/index';
import { assertHuman } from '#src/modules/identity/index';
import type { Deps } from '#src/platform/deps';
import { contactMessages } from './contact.tables';
import { type ContactMailDeps, sendContactMails } from './contact-mail';

type Row = typeof contactMessages.$inferSelect;

/** Who wrote, as the route hands it over: the browser (for human verification), account, language. */
export type ContactSender = { browser: BrowserRef; userId: number | null; language: string };

/**
 * SPEC §7 `POST contact-page`: checks the visitor is human when the admin requires it (SPEC §5),
 * stores the message, then mails it after the answer (contact-mail.ts). The answer never waits for
 * mail and never fails because of it: a try that fails is retried by the scheduled task.
 */
export async function receiveContactMessage(
  deps: Deps,
  sender: ContactSender,
  body: ContactRequest,
): Promise<{ id: number }> {
  const { human_verification } = await deps.settings.getClientSettings();
  if (human_verification.contact) await assertHuman(deps, sender.browser, body);
  const now = new Date();
  const [row] = await deps.db
    .insert(contactMessages)
    .values({
      name: body.name.trim(),
      email: body.email.trim(),
      message: body.message.trim(),
      language: sender.language,
      userId: sender.userId,
      ip: sender.browser.ip,
      mailNextAttemptAt: now,
      createdAt: now,
    })
    .returning({ id: contactMessages.id });
  const id = row!.id;
  deps.background.run('contact-mail', () => sendContactMails(deps, id));
  return { id };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toMessage(row: Row): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    language: row.language,
    user_id: row.userId,
    ip: row.ip,
    read_at: iso(row.readAt),
    created_at: row.createdAt.toISOString(),
    mail: {
      status: row.mailStatus,
      attempts: row.mailAttempts,
      next_attempt_at: iso(row.mailNextAttemptAt),
      last_error: row.mailLastError,
      notified_to: row.notifiedTo,
      notified_at: iso(row.notifiedAt),
      copy_sent_at: iso(row.copySentAt),
    },
  };
}

const SORTS = {
  created_at: contactMessages.createdAt,
  name: sql`lower(${contactMessages.name})`,
  email: sql`lower(${contactMessages.email})`,
};

function listWhere(query: ContactMessageListQuery): SQL | undefined {
  const term = query.query ? containsPattern(query.query) : null;
  return and(
    term
      ? sql`(lower(${contactMessages.name}) like ${term} or lower(${contactMessages.email}) like ${term} or lower(${contactMessages.message}) like ${term})`
      : undefined,
    query.status === 'unread' ? isNull(contactMessages.readAt) : undefined,
    query.status === 'read' ? isNotNull(contactMessages.readAt) : undefined,
    query.mail ? eq(contactMessages.mailStatus, query.mail) : undefined,
  );
}

async function messagesPage(db: Db, query: ContactMessageListQuery): Promise<ContactMessage[]> {
  const { perPage, offset } = listWindow(query);
  const rows = await db
    .select()
    .from(contactMessages)
    .where(listWhere(query))
    .orderBy(
      ...listOrder(query, SORTS, { sort: 'created_at', order: 'desc' }, contactMessages.id, ['created_at']),
    )
    .limit(perPage)
    .offset(offset);
  return rows.map(toMessage);
}

/** The admin's list: newest first, searchable (name, email, words), by read state and mail state. */
export async function listContactMessages(
  db: Db,
  query: ContactMessageListQuery,
): Promise<Page<ContactMessage> & { unread: number }> {
  const count = (where: SQL | undefined) =>
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(contactMessages)
      .where(where)
      .then(([r]) => Number(r?.n ?? 0));
  const [rows, total, unread] = await Promise.all([
    messagesPage(db, query),
    count(listWhere(query)),
    count(isNull(contactMessages.readAt)),
  ]);
  return { ...listPage(rows, total, query), unread };
}

const CSV_COLUMNS: CsvColumn<ContactMessage>[] = [
  { header: 'id', value: (m) => m.id },
  { header: 'created_at', value: (m) => m.created_at },
  { header: 'name', value: (m) => m.name },
  { header: 'email', value: (m) => m.email },
  { header: 'message', value: (m) => m.message },
  { header: 'read_at', value: (m) => m.read_at },
  { header: 'mail_status', value: (m) => m.mail.status },
  { header: 'language', value: (m) => m.language },
];

/** Every message of the current filter as CSV lines (cells defused against spreadsheet formulas). */
export function contactMessagesCsv(db: Db, query: ContactMessageListQuery): AsyncGenerator<string> {
  return listCsv((window) => messagesPage(db, { ...query, ...window }), CSV_COLUMNS);
}

export async function getContactMessage(db: Db, id: number): Promise<ContactMessage> {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1);
  if (!row) throw new NotFoundError();
  return toMessage(row);
}

/** Marks messages read (keeping when each was first read) or unread; answers how many exist. */
export async function markContactMessages(db: Db, ids: readonly number[], read: boolean): Promise<number> {
  const rows = await db
    .update(contactMessages)
    .set({ readAt: read ? sql`coalesce(${contactMessages.readAt}, now())` : null })
    .where(inArray(contactMessages.id, [...ids]))
    .returning({ id: contactMessages.id });
  return rows.length;
}

/** Deletes messages, each in the audit log (who wrote, not what: the words go with the message). */
export async function deleteContactMessages(db: Db, actor: Actor, ids: readonly number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(contactMessages)
      .where(inArray(contactMessages.id, [...ids]))
      .returning({ id: contactMessages.id, name: contactMessages.name, email: contactMessages.email });
    for (const row of rows) {
      await audit(tx, actor, {
        action: 'contact_message.delete',
        target: { type: 'contact_message', id: row.id, label: `${row.name} <${row.email}>`.slice(0, 200) },
      });
    }
    return rows.length;
  });
}

export const CONTACT_ADMIN_MESSAGES = {
  alreadySent: msg("This message's mails were sent already."),
} as const;

/**
 * The admin's "try again": the message's mails are due now and are tried while the admin waits;
 * the answer shows how it went. Refused once both mails went out.
 */
export async function retryContactMail(deps: ContactMailDeps, id: number): Promise<ContactMessage> {
  const now = new Date();
  const [row] = await deps.db
    .update(contactMessages)
    .set({ mailNextAttemptAt: now })
    .where(and(eq(contactMessages.id, id), ne(contactMessages.mailStatus, 'sent')))
    .returning({ id: contactMessages.id });
  if (!row) {
    await getContactMessage(deps.db, id);
    throw new ConflictError(CONTACT_ADMIN_MESSAGES.alreadySent);
  }
  await sendContactMails(deps, id, now);
  return getContactMessage(deps.db, id);
}
