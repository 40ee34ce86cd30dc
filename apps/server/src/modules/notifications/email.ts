import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { translator } from '#src/lib/translate';
import { notificationsMail } from '#src/modules/mail/index';
import { users } from '#src/modules/users/tables';
import type { Deps } from '#src/platform/deps';
import { readerLines } from './notifications.service';
import { notifications } from './notifications.tables';
import { actionUrl, plainLines, renderNotification } from './render';

/**
 * The email channel, batched: `notify` marks a row as owed a mail (`email_pending_since`); this
 * task mails each user what they are owed once the oldest of it is EMAIL_BATCH_DELAY_MS old, all
 * in one mail, so a burst (ten followers in a minute, a grouped release) is one message. The state
 * is in the table: a restart loses nothing. Rows are claimed with `for update skip locked`, so
 * several instances running the task never mail a row twice; a mail that fails gives its rows
 * back for the next run. A row read in the meantime is not mailed (the reader has seen it).
 */

export const EMAIL_BATCH_DELAY_MS = 2 * 60_000;
/** Users mailed per run (the rest wait for the next run, a minute later). */
const USERS_PER_RUN = 200;
/** Notifications listed in one mail; the rest are counted and linked. */
const ITEMS_PER_MAIL = 20;

type MailDeps = Pick<Deps, 'db' | 'mail' | 'settings' | 'log'>;

export async function sendPendingNotificationMails(deps: MailDeps, now = new Date()): Promise<number> {
  const due = await deps.db
    .selectDistinct({ userId: notifications.userId })
    .from(notifications)
    .where(
      and(
        isNotNull(notifications.emailPendingSince),
        lte(notifications.emailPendingSince, new Date(now.getTime() - EMAIL_BATCH_DELAY_MS)),
      ),
    )
    .limit(USERS_PER_RUN);
  let mailed = 0;
  for (const { userId } of due) {
    try {
      if (await mailUser(deps, userId)) mailed++;
    } catch (err) {
      deps.log.error({ err, userId }, 'notification mail could not be sent');
    }
  }
  return mailed;
}

async function mailUser(deps: MailDeps, userId: number): Promise<boolean> {
  const claimed = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNotNull(notifications.emailPendingSince)))
      .orderBy(asc(notifications.createdAt), asc(notifications.id))
      .for('update', { skipLocked: true });
    if (!rows.length) return [];
    await tx
      .update(notifications)
      .set({ emailPendingSince: null })
      .where(
        inArray(
          notifications.id,
          rows.map((r) => r.id),
        ),
      );
    return rows.filter((r) => r.readAt === null);
  });
  if (!claimed.length) return false;
  const [user] = await deps.db
    .select({ email: users.email, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || user.suspendedAt) return false;
  const reader = (await readerLines(deps.db, [userId])).get(userId);
  const language = reader?.language ?? 'en';
  const t = translator(reader?.lines, language);
  const { base_url: baseUrl } = await deps.settings.getClientSettings();
  const newestFirst = [...claimed].reverse();
  const rendered = newestFirst.map((row) => renderNotification(row, t));
  const shown = rendered.slice(0, ITEMS_PER_MAIL);
  const first = shown[0]!;
  const subject =
    rendered.length === 1
      ? (plainLines(first.data)[0] ?? t('New notification'))
      : t('{count} new notifications', { count: rendered.length });
  try {
    await deps.mail.deliver(
      user.email,
      (brand) =>
        notificationsMail(brand, {
          subject,
          heading:
            rendered.length === 1
              ? t('New notification')
              : t('{count} new notifications', { count: rendered.length }),
          items: shown.map((n) => ({
            lines: plainLines(n.data),
            link: n.data.mainAction
              ? { text: n.data.mainAction.label, href: actionUrl(baseUrl, n.data.mainAction.action) }
              : null,
          })),
          footer: {
            text:
              rendered.length > shown.length
                ? t(
                    'And {count} more. Choose which notifications you get by email in your notification settings.',
                    {
                      count: rendered.length - shown.length,
                    },
                  )
                : t('Choose which notifications you get by email in your notification settings.'),
            link: { text: t('See all notifications'), href: actionUrl(baseUrl, '/notifications') },
          },
        }),
      [],
      { locale: { language, t } },
    );
  } catch (err) {
    // Give the rows back: the next run tries again (still unread ones only).
    await deps.db
      .update(notifications)
      .set({ emailPendingSince: sql`now()` })
      .where(
        and(
          inArray(
            notifications.id,
            claimed.map((r) => r.id),
          ),
          isNull(notifications.readAt),
        ),
      );
    throw err;
  }
  return true;
}
