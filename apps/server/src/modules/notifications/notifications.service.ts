import {
  NOTIFICATION_CHANNELS,
  NOTIFICATIONS_PER_PAGE,
  type Notification,
  type NotificationParams,
  type NotificationSubscriptionSettings,
  type NotificationType,
  notificationParamsSchemas,
} from '@zema/contracts';
import { notifications as notificationOperations } from '@zema/contracts/notifications/notifications.operations';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { invalidInput, NotFoundError } from '#src/lib/errors';
import { type Page, pageWindow, toPage } from '#src/lib/pagination';
import { type Lines, translator } from '#src/lib/translate';
import { localizations } from '#src/modules/localization/tables';
import { cachedLocalizations } from '#src/modules/site/index';
import { users } from '#src/modules/users/tables';
import type { Deps } from '#src/platform/deps';
import { effectiveChannels, NOTIFICATION_GROUPS, NOTIFICATION_TYPE_INFO } from './notification-types';
import { notificationSelections, notifications } from './notifications.tables';
import { type PushPayload, pushPayload, sendPushes } from './push';
import { renderNotification } from './render';

/**
 * The notifications store and everything that sends (decision 0031). `notify` is the one way in: it
 * stores a row per reader (a type with parameters, rendered when read), tells the reader's open
 * pages (live event), then the other channels by the reader's choices: browser push at once, off
 * the caller's path; email later, batched (sendPendingNotificationMails, a scheduled task).
 */

type NotifyDeps = Pick<Deps, 'db' | 'settings' | 'live' | 'background' | 'config' | 'log' | 'events'>;

export type NotificationInput = {
  [T in NotificationType]: { type: T; params: NotificationParams<T> };
}[NotificationType];

/** A new release joins the reader's unread new-release notification of this window. */
export const RELEASE_GROUP_WINDOW_MS = 6 * 60 * 60_000;
/** Releases a grouped notification keeps (the newest). */
const RELEASE_GROUP_MAX = 20;

export async function notificationsEnabled(deps: Pick<Deps, 'settings'>): Promise<boolean> {
  return (await deps.settings.get<boolean>('notifications.integrated')) === true;
}

async function subscriptionsEnabled(deps: Pick<Deps, 'settings'>): Promise<boolean> {
  return (await deps.settings.get<boolean>('notif.subs.integrated')) === true;
}

/** Every notifications route answers 404 while the admin has notifications turned off. */
export async function assertNotificationsEnabled(deps: Pick<Deps, 'settings'>, subscriptions = false) {
  if (!(await notificationsEnabled(deps))) throw new NotFoundError();
  if (subscriptions && !(await subscriptionsEnabled(deps))) throw new NotFoundError();
}

/** Each reader's language and its lines (users.language; English has none, the source text). */
export async function readerLines(
  db: Deps['db'],
  userIds: readonly number[],
): Promise<Map<number, { lines: Lines; language: string }>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({ id: users.id, language: localizations.language, lines: localizations.lines })
    .from(users)
    .leftJoin(localizations, eq(localizations.language, users.language))
    .where(inArray(users.id, [...userIds]));
  return new Map(rows.map((r) => [r.id, { lines: r.lines ?? {}, language: r.language ?? 'en' }]));
}

// What a reader asks for most — the badge on every page, the bell's first page — is kept per reader
// in `deps.userCache` until one of their notifications changes (`notifications.changed`).
const UNREAD_KEY = (userId: number) => `notifications:unread:${userId}`;
const FIRST_PAGE_KEY = (userId: number) => `notifications:first:${userId}`;
const READER_CACHE_TTL_MS = 60_000;

/** The unread count as the signed-in user carries it (SPEC §4), cached until it changes. */
export function cachedUnreadCount(deps: Pick<Deps, 'db' | 'userCache'>, userId: number): Promise<number> {
  return deps.userCache.get(UNREAD_KEY(userId), () => unreadCount(deps.db, userId), {
    ttlMs: READER_CACHE_TTL_MS,
  });
}

/** Drops the readers' cached count and first page on every instance when their notifications change. */
export function forgetReadersOnChange(events: Deps['events'], cache: Deps['userCache']) {
  events.on('notifications.changed', ({ userIds }) =>
    cache.invalidate(...userIds.flatMap((id) => [UNREAD_KEY(id), FIRST_PAGE_KEY(id)])),
  );
}

const changed = (deps: Pick<Deps, 'events'>, userIds: Iterable<number>) =>
  deps.events.emit('notifications.changed', { userIds: [...new Set(userIds)] });

export async function unreadCount(db: Deps['db'], userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

async function unreadCounts(db: Deps['db'], userIds: readonly number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ userId: notifications.userId, n: count() })
    .from(notifications)
    .where(and(inArray(notifications.userId, [...userIds]), isNull(notifications.readAt)))
    .groupBy(notifications.userId);
  return new Map(rows.map((r) => [r.userId, r.n]));
}

/** Publishing never fails the write that caused it (the reader's next load shows it anyway). */
async function publishSafely(deps: Pick<Deps, 'live' | 'log'>, publish: () => Promise<void>) {
  try {
    await publish();
  } catch (err) {
    deps.log.warn({ err }, 'a live event could not be published');
  }
}

/** After a reader's notifications changed: caches dropped, then their open pages get the count. */
export async function publishCount(deps: Pick<Deps, 'db' | 'live' | 'log' | 'events'>, userId: number) {
  await changed(deps, [userId]);
  const unread = await unreadCount(deps.db, userId);
  await publishSafely(deps, () => deps.live.publish(userId, 'notification.count', { unreadCount: unread }));
  return unread;
}

type Written = {
  id: number;
  userId: number;
  type: string;
  params: unknown;
  readAt: Date | null;
  closedAt: Date | null;
  createdAt: Date;
};

/**
 * Notifies each of `userIds` (duplicates and unknown ids ignored). Returns the notifications
 * written (or grouped into), one per reader. Nothing is stored while notifications are off.
 */
export async function notify(
  deps: NotifyDeps,
  userIds: readonly number[],
  input: NotificationInput,
  opts: { ref?: string } = {},
): Promise<{ id: number; userId: number }[]> {
  if (!userIds.length || !(await notificationsEnabled(deps))) return [];
  // Only accounts that exist (one deleted meanwhile is skipped, not a failed batch).
  const lines = await readerLines(deps.db, [...new Set(userIds)]);
  const recipients = [...lines.keys()];
  if (!recipients.length) return [];
  const type = input.type;
  const params = notificationParamsSchemas[type].parse(input.params) as Record<string, unknown>;
  const withChannels = await subscriptionsEnabled(deps);
  const stored = withChannels
    ? await deps.db
        .select({ userId: notificationSelections.userId, channels: notificationSelections.channels })
        .from(notificationSelections)
        .where(and(inArray(notificationSelections.userId, recipients), eq(notificationSelections.type, type)))
    : [];
  const storedBy = new Map(stored.map((s) => [s.userId, s.channels]));
  // Without subscription settings a user cannot turn a channel off: only in-app then.
  const channelsOf = (userId: number) =>
    withChannels ? effectiveChannels(type, storedBy.get(userId)) : { email: false, browser: false };

  const now = new Date();
  const written: Written[] = [];
  let grouped = new Set<number>();
  if (type === 'music.new_release') {
    const result = await groupReleases(
      deps,
      recipients,
      params as NotificationParams<'music.new_release'>,
      now,
      channelsOf,
    );
    written.push(...result.rows);
    grouped = new Set(result.rows.map((r) => r.userId));
  }
  const fresh = recipients.filter((id) => !grouped.has(id));
  if (fresh.length) {
    const rows = await deps.db
      .insert(notifications)
      .values(
        fresh.map((userId) => ({
          userId,
          type,
          params,
          ref: opts.ref ?? null,
          emailPendingSince: channelsOf(userId).email ? now : null,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning();
    written.push(...rows);
  }
  if (!written.length) return [];
  await changed(
    deps,
    written.map((r) => r.userId),
  );

  const counts = await unreadCounts(deps.db, recipients);
  const site = await siteForPush(deps);
  const pushes = new Map<number, PushPayload>();
  // Published together, not one after another: with Redis the publishes of one tick are one
  // script call per thousand readers instead of a round trip each (decision 0037).
  const published: Promise<void>[] = [];
  for (const row of written) {
    const reader = lines.get(row.userId);
    const t = translator(reader?.lines, reader?.language);
    const notification = renderNotification(row, t);
    published.push(
      publishSafely(deps, () =>
        deps.live.publish(row.userId, 'notification.created', {
          notification,
          unreadCount: counts.get(row.userId) ?? 0,
        }),
      ),
    );
    if (channelsOf(row.userId).browser) pushes.set(row.userId, pushPayload(row.id, notification.data, site));
  }
  await Promise.all(published);
  if (pushes.size) deps.background.run('notification-push', () => sendPushes(deps, pushes));
  return written.map((r) => ({ id: r.id, userId: r.userId }));
}

async function siteForPush(deps: Pick<Deps, 'settings'>) {
  const s = await deps.settings.getClientSettings();
  const base = s.base_url.replace(/\/+$/, '');
  const logo = s.branding.logo_dark;
  return { name: s.site_name, baseUrl: base, icon: logo ? new URL(logo, `${base}/`).toString() : null };
}

/**
 * Several releases arriving close together are one notification: a reader's unread new-release
 * row of the last hours gets the release appended (newest first) and moves to the top.
 */
async function groupReleases(
  deps: Pick<Deps, 'db'>,
  recipients: number[],
  params: NotificationParams<'music.new_release'>,
  now: Date,
  channelsOf: (userId: number) => { email: boolean },
): Promise<{ rows: Written[] }> {
  const since = new Date(now.getTime() - RELEASE_GROUP_WINDOW_MS);
  return deps.db.transaction(async (tx) => {
    const open = await tx
      .select()
      .from(notifications)
      .where(
        and(
          inArray(notifications.userId, recipients),
          eq(notifications.type, 'music.new_release'),
          isNull(notifications.readAt),
          sql`${notifications.createdAt} >= ${since}`,
        ),
      )
      .orderBy(desc(notifications.createdAt))
      .for('update');
    const latest = new Map<number, (typeof open)[number]>();
    for (const row of open) if (!latest.has(row.userId)) latest.set(row.userId, row);
    const rows: Written[] = [];
    for (const row of latest.values()) {
      const before = notificationParamsSchemas['music.new_release'].safeParse(row.params);
      const kept = (before.success ? before.data.releases : []).filter(
        (r) => !params.releases.some((n) => n.albumId === r.albumId && n.trackId === r.trackId),
      );
      const releases = [...params.releases, ...kept].slice(0, RELEASE_GROUP_MAX);
      const [updated] = await tx
        .update(notifications)
        .set({
          params: { releases },
          createdAt: now,
          updatedAt: now,
          emailPendingSince: channelsOf(row.userId).email ? (row.emailPendingSince ?? now) : null,
        })
        .where(eq(notifications.id, row.id))
        .returning();
      rows.push(updated!);
    }
    return { rows };
  });
}

type ListedRow = {
  id: number;
  type: string;
  params: unknown;
  readAt: Date | null;
  closedAt: Date | null;
  createdAt: Date;
};
/**
 * A reader's first page as stored, and its answer's bytes as last rendered, with the language and
 * the localization lines they were rendered with (new lines are a new object: they render again).
 */
type FirstPage = {
  rows: ListedRow[];
  total: number;
  rendered?: { language: string | null; lines: unknown; body: Buffer };
};
type ListDeps = Pick<Deps, 'db' | 'cache' | 'userCache'>;
type Reader = { id: number; language: string | null };

async function readPage(deps: ListDeps, userId: number, perPage: number, offset: number) {
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({
        id: notifications.id,
        type: notifications.type,
        params: notifications.params,
        readAt: notifications.readAt,
        closedAt: notifications.closedAt,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(perPage)
      .offset(offset),
    deps.db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId)),
  ]);
  return { rows: rows as ListedRow[], total: total?.n ?? 0 };
}

/** The reader's localization lines (English, the source text, has none). */
async function readerLinesOf(deps: ListDeps, reader: Reader) {
  return (await cachedLocalizations(deps)).find((l) => l.language === reader.language)?.lines;
}

const renderPage = (
  rows: ListedRow[],
  total: number,
  page: number,
  perPage: number,
  lines: Lines | undefined,
  language: string,
) => {
  const t = translator(lines, language);
  return toPage(
    rows.map((r) => renderNotification(r, t)),
    total,
    page,
    perPage,
  );
};

/** Any page of the reader's notifications, newest first, rendered in their language. */
export async function listNotifications(
  deps: ListDeps,
  reader: Reader,
  query: { page?: number; perPage?: number },
): Promise<Page<Notification>> {
  const { page, perPage, offset } = pageWindow(query, NOTIFICATIONS_PER_PAGE);
  const [{ rows, total }, lines] = await Promise.all([
    readPage(deps, reader.id, perPage, offset),
    readerLinesOf(deps, reader),
  ]);
  return renderPage(rows, total, page, perPage, lines, reader.language ?? 'en');
}

/** Whether a list query asks for the first page the bell and the page open with. */
export const isFirstPage = (query: { page?: number; perPage?: number }) =>
  (query.page ?? 1) === 1 && (query.perPage ?? NOTIFICATIONS_PER_PAGE) === NOTIFICATIONS_PER_PAGE;

/**
 * The first page's answer as JSON bytes (SPEC §7 `{ pagination }`), kept per reader until one of
 * their notifications changes: what nearly every list request asks for, answered without reading
 * the database, rendering or serialising again. Checked against the response schema when made.
 */
export async function firstNotificationsPage(deps: ListDeps, reader: Reader): Promise<Buffer> {
  const [first, lines] = await Promise.all([
    deps.userCache.get<FirstPage>(
      FIRST_PAGE_KEY(reader.id),
      () => readPage(deps, reader.id, NOTIFICATIONS_PER_PAGE, 0),
      { ttlMs: READER_CACHE_TTL_MS },
    ),
    readerLinesOf(deps, reader),
  ]);
  const done = first.rendered;
  if (done && done.language === reader.language && done.lines === lines) return done.body;
  const pagination = renderPage(
    first.rows,
    first.total,
    1,
    NOTIFICATIONS_PER_PAGE,
    lines,
    reader.language ?? 'en',
  );
  const body = Buffer.from(JSON.stringify(z.encode(notificationOperations.list.response, { pagination })));
  first.rendered = { language: reader.language, lines, body };
  return body;
}

type CountDeps = Pick<Deps, 'db' | 'live' | 'log' | 'events'>;

/** Marks the caller's own notifications among `ids` read; ids of others are ignored. */
export async function markAsRead(deps: CountDeps, userId: number, ids: readonly number[]) {
  await deps.db
    .update(notifications)
    // Read before its mail went out: the reader has seen it, the mail would only repeat it.
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())`, emailPendingSince: null })
    .where(and(eq(notifications.userId, userId), inArray(notifications.id, [...ids])));
  return publishCount(deps, userId);
}

export async function markAllAsRead(deps: CountDeps, userId: number) {
  await deps.db
    .update(notifications)
    .set({ readAt: sql`now()`, emailPendingSince: null })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return publishCount(deps, userId);
}

export async function deleteNotifications(deps: CountDeps, userId: number, ids: readonly number[]) {
  await deps.db
    .delete(notifications)
    .where(and(eq(notifications.userId, userId), inArray(notifications.id, [...ids])));
  return publishCount(deps, userId);
}

/**
 * An invitation accepted, declined or revoked: its notification keeps its text but loses the
 * Join and Decline buttons, counts as read, and the reader's pages get the new count.
 */
export async function closeInvitationNotifications(deps: CountDeps, inviteId: string) {
  const closed = await deps.db
    .update(notifications)
    .set({
      closedAt: sql`now()`,
      readAt: sql`coalesce(${notifications.readAt}, now())`,
      emailPendingSince: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(notifications.type, 'workspace.invitation'),
        eq(notifications.ref, inviteId),
        isNull(notifications.closedAt),
      ),
    )
    .returning({ userId: notifications.userId });
  for (const userId of new Set(closed.map((r) => r.userId))) await publishCount(deps, userId);
}

// ---- Subscription settings (SPEC §3) ----

export async function getSubscriptionSettings(
  deps: Pick<Deps, 'db' | 'settings'>,
  userId: number,
): Promise<NotificationSubscriptionSettings> {
  const stored = await deps.db
    .select({ type: notificationSelections.type, channels: notificationSelections.channels })
    .from(notificationSelections)
    .where(eq(notificationSelections.userId, userId));
  const storedBy = new Map(stored.map((s) => [s.type, s.channels]));
  // Billing's items only while billing is on (nothing else would send them).
  const billing = (await deps.settings.getClientSettings()).billing.enable;
  const groups = NOTIFICATION_GROUPS.filter((group) => billing || group !== 'Billing');
  const types = (Object.keys(NOTIFICATION_TYPE_INFO) as NotificationType[]).filter((type) =>
    groups.includes(NOTIFICATION_TYPE_INFO[type].group as (typeof groups)[number]),
  );
  return {
    available_channels: [...NOTIFICATION_CHANNELS],
    subscriptions: groups.map((group) => ({
      group_name: group,
      items: types
        .filter((type) => NOTIFICATION_TYPE_INFO[type].group === group)
        .map((type) => ({ notif_id: type, name: NOTIFICATION_TYPE_INFO[type].name })),
    })),
    user_selections: types.map((type) => {
      const effective = effectiveChannels(type, storedBy.get(type));
      // Only the channels the type offers are columns of its row.
      const channels: Record<string, boolean> = {};
      for (const channel of NOTIFICATION_CHANNELS) {
        if (NOTIFICATION_TYPE_INFO[type].channels[channel] !== undefined)
          channels[channel] = effective[channel];
      }
      return { notif_id: type, channels };
    }),
  };
}

export async function updateSubscriptionSettings(
  deps: Pick<Deps, 'db' | 'settings'>,
  userId: number,
  selections: readonly { notif_id: NotificationType; channels: Partial<Record<string, boolean>> }[],
): Promise<NotificationSubscriptionSettings> {
  const errors: Record<string, string[]> = {};
  selections.forEach((s, i) => {
    for (const channel of Object.keys(s.channels)) {
      if (NOTIFICATION_TYPE_INFO[s.notif_id].channels[channel as 'email'] === undefined) {
        errors[`selections.${i}.channels.${channel}`] = [
          `"${NOTIFICATION_TYPE_INFO[s.notif_id].name}" cannot be sent by ${channel}.`,
        ];
      }
    }
  });
  if (Object.keys(errors).length) throw invalidInput(errors);
  if (selections.length) {
    await deps.db.transaction(async (tx) => {
      const current = await tx
        .select()
        .from(notificationSelections)
        .where(eq(notificationSelections.userId, userId));
      const merged = new Map(current.map((c) => [c.type, { ...c.channels }]));
      for (const s of selections) {
        const next = { ...(merged.get(s.notif_id) ?? {}) };
        for (const [channel, on] of Object.entries(s.channels))
          if (typeof on === 'boolean') next[channel] = on;
        merged.set(s.notif_id, next);
      }
      for (const s of new Set(selections.map((x) => x.notif_id))) {
        const channels = merged.get(s)!;
        await tx
          .insert(notificationSelections)
          .values({ userId, type: s, channels })
          .onConflictDoUpdate({
            target: [notificationSelections.userId, notificationSelections.type],
            set: { channels },
          });
      }
    });
  }
  return getSubscriptionSettings(deps, userId);
}
