import { lt, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { REDACTED, scrubText } from '#src/lib/redact';
import { mailLog } from './mail.tables';
import type { MailContent } from './mail.templates';

/**
 * The mail log's writes (decision 0027: the admin's outgoing mail log). A message is stored as sent,
 * minus its secrets: whoever can read the log (an admin, a database backup) must not be able to
 * reset someone's password or pass their verification with what it holds.
 */

const ERROR_MAX = 1_000;
/** Days a message stays in the log: enough to answer "did my mail go out?", not a mail archive. */
export const MAIL_LOG_DAYS = 90;

/**
 * Every form a secret takes in a message: as is, URL-encoded (inside a link) and HTML-escaped
 * (in the markup, where `&` of a query string becomes `&amp;`).
 */
function secretForms(secret: string): string[] {
  const html = (s: string) =>
    s
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&#39;');
  const encoded = encodeURIComponent(secret);
  return [...new Set([secret, encoded, html(secret), html(encoded)])];
}

/** The message with each secret replaced by `[redacted]`, in subject, text and HTML alike. */
export function redactMail(content: MailContent, secrets: readonly string[]): MailContent {
  const forms = secrets
    .filter((s) => s.length > 0)
    .flatMap(secretForms)
    // Longest first, so a secret inside another's encoded form is not cut in half.
    .sort((a, b) => b.length - a.length);
  const cut = (text: string) => forms.reduce((out, form) => out.split(form).join(REDACTED), text);
  return { subject: cut(content.subject), text: cut(content.text), html: cut(content.html) };
}

export type MailLogWrite = {
  to: string;
  from: string;
  content: MailContent;
  secrets: readonly string[];
  driver: string;
} & ({ status: 'sent'; messageId: string | null } | { status: 'failed'; error: unknown });

export async function recordMail(db: Database, mail: MailLogWrite): Promise<void> {
  const content = redactMail(mail.content, mail.secrets);
  const error =
    mail.status === 'failed'
      ? scrubText(mail.error instanceof Error ? mail.error.message : String(mail.error), {
          values: mail.secrets,
        }).slice(0, ERROR_MAX)
      : null;
  await db.insert(mailLog).values({
    toAddress: mail.to,
    fromAddress: mail.from,
    subject: content.subject,
    status: mail.status,
    error,
    driver: mail.driver,
    messageId: mail.status === 'sent' ? mail.messageId : null,
    text: content.text,
    html: content.html,
  });
  // Mail is a few messages per user action: dropping what aged out at each write costs one probe
  // of the created_at index and needs no job.
  await db.delete(mailLog).where(lt(mailLog.createdAt, sql`now() - make_interval(days => ${MAIL_LOG_DAYS})`));
}
