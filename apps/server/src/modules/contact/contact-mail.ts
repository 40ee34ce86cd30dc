import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Config } from '#src/config';
import type { Db } from '#src/db/client';
import { scrubText } from '#src/lib/redact';
import { type Lines, translator } from '#src/lib/translate';
import { localizations } from '#src/modules/localization/tables';
import type { Deps } from '#src/platform/deps';
import { firstAdminEmail } from './contact.reads';
import { contactMessages } from './contact.tables';

/**
 * The mails of a contact message (decision: stored first, mailed after). The row is the truth: a
 * message is owed its mails while `mail_next_attempt_at` is set, and whoever sends them first
 * claims the row with one atomic UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED) RETURNING,
 * which counts the try and pushes the next one a lease away. So the request that stored it and the
 * retry task of every instance never mail the same row at once, and a process that dies mid-send
 * leaves the row to be tried again once the lease ends. Each of the two mails (the site's copy to
 * the contact address, Reply-To the sender; the sender's copy) is marked as it goes out, so a retry
 * sends only what is still owed.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const CONTACT_MAIL_RETRY = {
  /** Tries in all (the first included); then the row waits for the admin's "try again". */
  maxAttempts: 10,
  /** After the n-th failed try the next waits firstDelayMs · 2^(n-1), at most maxDelayMs. */
  firstDelayMs: MINUTE,
  maxDelayMs: 6 * HOUR,
  /** A claimed row is left alone this long (longer than nodemailer's 10-minute socket timeout). */
  leaseMs: 15 * MINUTE,
  /** Rows one run of the task claims at a time. */
  batch: 20,
  /** Batches one run works through at most (the rest wait for the next run, a minute later). */
  batchesPerRun: 5,
} as const;

export function retryDelayMs(failedTries: number): number {
  const { firstDelayMs, maxDelayMs } = CONTACT_MAIL_RETRY;
  return Math.min(firstDelayMs * 2 ** Math.max(0, failedTries - 1), maxDelayMs);
}

type Row = typeof contactMessages.$inferSelect;
export type ContactMailDeps = Pick<Deps, 'db' | 'mail' | 'settings' | 'config' | 'log'>;

/** Where contact messages go: the address the admin set, else the first admin's email. */
export async function contactAddress(deps: Pick<Deps, 'db' | 'settings' | 'config'>): Promise<string> {
  return (await deps.settings.contactAddress()) ?? (await firstAdminEmail(deps.db)) ?? deps.config.adminEmail;
}

/** Claims the rows due at `now` (one when `id` is given): their try counted, the lease taken. */
async function claim(db: Db, now: Date, opts: { id?: number; limit: number }): Promise<Row[]> {
  const due = db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(
      and(
        lte(contactMessages.mailNextAttemptAt, now),
        opts.id === undefined ? undefined : eq(contactMessages.id, opts.id),
      ),
    )
    .orderBy(asc(contactMessages.mailNextAttemptAt), asc(contactMessages.id))
    .limit(opts.limit)
    .for('update', { skipLocked: true });
  return db
    .update(contactMessages)
    .set({
      mailAttempts: sql`${contactMessages.mailAttempts} + 1`,
      mailNextAttemptAt: new Date(now.getTime() + CONTACT_MAIL_RETRY.leaseMs),
    })
    .where(inArray(contactMessages.id, due))
    .returning();
}

async function linesOf(db: Db, language: string): Promise<Lines> {
  const [row] = await db
    .select({ lines: localizations.lines })
    .from(localizations)
    .where(eq(localizations.language, language))
    .limit(1);
  return row?.lines ?? {};
}

/** MAIL_URL's user and password, to cut out of an error a transport may have echoed them in. */
function transportSecrets(config: Config): string[] {
  if (!config.mailUrl) return [];
  try {
    const url = new URL(config.mailUrl);
    return [url.username, url.password, decodeURIComponent(url.password)].filter((v) => v.length >= 3);
  } catch {
    return [];
  }
}

/** Why a try failed, fit for the admin's eyes: no credentials, no secret-shaped text, short. */
export function mailErrorText(err: unknown, config: Config): string {
  const text = err instanceof Error ? err.message : String(err);
  const withoutUserInfo = text.replace(/\/\/[^\s/@]+@/g, '//[redacted]@');
  return scrubText(withoutUserInfo, { values: transportSecrets(config) }).slice(0, 500);
}

/** One try of a claimed row: what is still owed goes out; the row says how it went. */
async function attempt(deps: ContactMailDeps, row: Row, now: Date): Promise<boolean> {
  const { db } = deps;
  const details = { name: row.name, email: row.email, message: row.message, sentAt: row.createdAt };
  try {
    if (!row.notifiedAt) {
      const to = await contactAddress(deps);
      const { i18n } = await deps.settings.getClientSettings();
      const language = i18n.default_locale;
      const t = translator(await linesOf(db, language), language);
      await deps.mail.sendContactMessage(to, details, { language, t });
      await db
        .update(contactMessages)
        .set({ notifiedTo: to, notifiedAt: new Date() })
        .where(eq(contactMessages.id, row.id));
    }
    if (!row.copySentAt) {
      const t = translator(await linesOf(db, row.language), row.language);
      await deps.mail.sendContactCopy(details, { language: row.language, t });
    }
    await db
      .update(contactMessages)
      .set({
        copySentAt: row.copySentAt ?? new Date(),
        mailStatus: 'sent',
        mailNextAttemptAt: null,
        mailLastError: null,
      })
      .where(eq(contactMessages.id, row.id));
    return true;
  } catch (err) {
    const giveUp = row.mailAttempts >= CONTACT_MAIL_RETRY.maxAttempts;
    await db
      .update(contactMessages)
      .set({
        mailStatus: 'failed',
        mailNextAttemptAt: giveUp ? null : new Date(now.getTime() + retryDelayMs(row.mailAttempts)),
        mailLastError: mailErrorText(err, deps.config),
      })
      .where(eq(contactMessages.id, row.id));
    deps.log.warn(
      { contactMessageId: row.id, attempts: row.mailAttempts, gaveUp: giveUp },
      'contact message mail failed',
    );
    return false;
  }
}

/**
 * Sends message `id`'s mails now, if no one else is (the request that stored it, an admin's
 * "try again"). Answers whether this call sent them; false also when another instance holds it.
 */
export async function sendContactMails(
  deps: ContactMailDeps,
  id: number,
  now = new Date(),
): Promise<boolean> {
  const [row] = await claim(deps.db, now, { id, limit: 1 });
  return row ? attempt(deps, row, now) : false;
}

/**
 * The scheduled task: every message whose mails are due at `now` (a failed try's backoff ended,
 * or a lease ran out), a batch at a time. Safe on several instances at once (see above). Answers
 * how many were sent.
 */
export async function retryContactMails(deps: ContactMailDeps, now = new Date()): Promise<number> {
  let sent = 0;
  for (let batch = 0; batch < CONTACT_MAIL_RETRY.batchesPerRun; batch++) {
    const rows = await claim(deps.db, now, { limit: CONTACT_MAIL_RETRY.batch });
    for (const row of rows) if (await attempt(deps, row, now)) sent++;
    if (rows.length < CONTACT_MAIL_RETRY.batch) break;
  }
  return sent;
}
