import {
  formatMoney,
  type Notification,
  type NotificationAction,
  type NotificationData,
  type NotificationLine,
  type NotificationParams,
  type NotificationType,
  notificationParamsSchemas,
  slugify,
  WORKSPACE_ROLE_LABELS,
  type WorkspaceRole,
} from '@zema/contracts';
import { isNotificationType } from './notification-types';

/**
 * Every notification type rendered in one place: the list, the live event, the push message and
 * the mail all read `renderNotification`, in the reader's language. Lines are looked up by their
 * English source text in the reader's localization (like the web app does) and formatted as ICU
 * MessageFormat with the notification's values; a line without a translation stays English.
 */

import type { Translate } from '#src/lib/translate';

export type StoredNotification = {
  id: number;
  type: string;
  params: unknown;
  readAt: Date | null;
  closedAt: Date | null;
  createdAt: Date;
};

// The web app's page addresses (apps/web/src/lib/paths.ts), spelled the same way.
const path = {
  artist: (id: number, name: string) => `/pastor/${id}/${slugify(name)}`,
  album: (id: number, name: string) => `/album/${id}/${slugify(name)}`,
  track: (id: number, name: string) => `/track/${id}/${slugify(name)}`,
  user: (id: number, name: string) => `/user/${id}/${slugify(name)}`,
  playlist: (id: number, name: string) => `/playlist/${id}/${slugify(name)}`,
  backstage: () => '/backstage',
  backstageRequests: () => '/backstage/requests',
  billing: () => '/billing',
  checkout: (productId: number, priceId: number) => `/checkout/${productId}/${priceId}`,
  pricing: () => '/pricing',
  notifications: () => '/notifications',
};

const primary = (
  content: string,
  icon: string | null = null,
  action: NotificationAction | null = null,
): NotificationLine => ({ type: 'primary', content, icon, action });
const secondary = (
  content: string,
  icon: string | null = null,
  action: NotificationAction | null = null,
): NotificationLine => ({ type: 'secondary', content, icon, action });

/** A workspace role as the app names it ('Editor'), in the reader's language; an unknown one as stored. */
function roleName(t: Translate, role: string): string {
  const key = role.toLowerCase();
  return Object.hasOwn(WORKSPACE_ROLE_LABELS, key) ? t(WORKSPACE_ROLE_LABELS[key as WorkspaceRole]) : role;
}

/** How many releases a grouped new-release notification lists line by line. */
const RELEASE_LINES = 5;

type Renderers = {
  [T in NotificationType]: (p: NotificationParams<T>, t: Translate, closed: boolean) => NotificationData;
};

const renderers: Renderers = {
  'billing.payment_succeeded': (p, t) => ({
    icon: 'credit-card',
    image: null,
    mainAction: { label: t('View billing'), action: path.billing() },
    lines: [
      primary(
        t('Your payment of {amount} for {plan} went through', {
          amount: formatMoney(p.amount, p.currency),
          plan: t.stored?.(p.productName) ?? p.productName,
        }),
        'circle-check',
      ),
      secondary(t('Invoice {number}', { number: p.invoiceNumber }), 'receipt'),
    ],
    buttonActions: [],
  }),
  'billing.payment_failed': (p, t) => ({
    icon: 'credit-card',
    image: null,
    mainAction: { label: t('Try again'), action: path.pricing() },
    lines: [
      primary(
        t('Your payment of {amount} for {plan} did not go through', {
          amount: formatMoney(p.amount, p.currency),
          plan: t.stored?.(p.productName) ?? p.productName,
        }),
        'circle-x',
      ),
    ],
    buttonActions: [],
  }),
  'billing.renewal_reminder': (p, t) => ({
    icon: 'clock',
    image: null,
    mainAction: { label: t('Renew'), action: path.checkout(p.productId, p.priceId) },
    lines: [
      primary(
        t('Your {plan} plan ends on {date}', {
          plan: t.stored?.(p.productName) ?? p.productName,
          date: p.endsAt.slice(0, 10),
        }),
        'clock',
      ),
    ],
    buttonActions: [],
  }),
  'billing.plan_granted': (p, t) => ({
    icon: 'badge-check',
    image: null,
    mainAction: { label: t('View billing'), action: path.billing() },
    lines: [
      primary(
        t('You have been given {plan}', { plan: t.stored?.(p.productName) ?? p.productName }),
        'badge-check',
      ),
      secondary(t('Until {date}', { date: p.endsAt.slice(0, 10) }), 'clock'),
    ],
    buttonActions: [],
  }),
  'billing.payment_refunded': (p, t) => ({
    icon: 'receipt',
    image: null,
    mainAction: { label: t('View billing'), action: path.billing() },
    lines: [
      primary(
        t('You have been refunded {amount} for {plan}', {
          amount: formatMoney(p.amount, p.currency),
          plan: t.stored?.(p.productName) ?? p.productName,
        }),
        'receipt',
      ),
      secondary(
        p.full ? t('The whole payment was refunded') : t('Part of the payment was refunded'),
        'receipt',
      ),
    ],
    buttonActions: [],
  }),
  'billing.subscription_ended': (p, t) => ({
    icon: 'circle-alert',
    image: null,
    mainAction: { label: t('See plans'), action: path.pricing() },
    lines: [
      primary(
        t('Your {plan} plan ended', { plan: t.stored?.(p.productName) ?? p.productName }),
        'circle-alert',
      ),
    ],
    buttonActions: [],
  }),
  'workspace.invitation': (p, t, closed) => ({
    icon: 'users',
    image: null,
    mainAction: null,
    inviteId: p.inviteId,
    lines: [
      primary(
        t('{inviter} invited you to join {workspace}', {
          inviter: p.inviterName,
          workspace: p.workspaceName,
        }),
        'users',
      ),
      secondary(t('Role: {role}', { role: roleName(t, p.role) })),
    ],
    buttonActions: closed
      ? []
      : [
          { label: t('Join'), action: 'workspace.join' },
          { label: t('Decline'), action: 'workspace.decline' },
        ],
  }),
  'workspace.role_changed': (p, t) => ({
    icon: 'user-cog',
    image: null,
    mainAction: { label: t('Open backstage'), action: path.backstage() },
    lines: [
      primary(
        t('Your role in {workspace} is now {role}', {
          workspace: p.workspaceName,
          role: roleName(t, p.role),
        }),
        'user-cog',
      ),
    ],
    buttonActions: [],
  }),
  'workspace.removed': (p, t) => ({
    icon: 'user-minus',
    image: null,
    mainAction: null,
    lines: [primary(t('You were removed from {workspace}', { workspace: p.workspaceName }), 'user-minus')],
    buttonActions: [],
  }),
  'backstage.request_decided': (p, t) => {
    const lines = [
      p.approved
        ? primary(
            t('Your backstage request for {artist} was approved', { artist: p.artistName }),
            'badge-check',
          )
        : primary(t('Your backstage request for {artist} was denied', { artist: p.artistName }), 'badge-x'),
    ];
    if (!p.approved && p.reason) lines.push(secondary(t('Reason: {reason}', { reason: p.reason })));
    return {
      icon: p.approved ? 'badge-check' : 'badge-x',
      image: null,
      mainAction: p.approved
        ? { label: t('Open backstage'), action: path.backstage() }
        : { label: t('View request'), action: path.backstageRequests() },
      lines,
      buttonActions: [],
    };
  },
  'music.new_release': (p, t) => {
    const releaseAction = (r: (typeof p.releases)[number]): NotificationAction => ({
      label: t('Listen'),
      action:
        r.albumId !== null
          ? path.album(r.albumId, r.title)
          : r.trackId !== null
            ? path.track(r.trackId, r.title)
            : path.artist(r.artistId, r.artistName),
    });
    const first = p.releases[0];
    if (!first) return { icon: 'disc-3', image: null, mainAction: null, lines: [], buttonActions: [] };
    if (p.releases.length === 1) {
      return {
        icon: 'disc-3',
        image: first.image,
        mainAction: releaseAction(first),
        lines: [
          primary(t('{artist} released {title}', { artist: first.artistName, title: first.title }), 'disc-3'),
          secondary(t('New release by an artist you follow')),
        ],
        buttonActions: [],
      };
    }
    const shown = p.releases.slice(0, RELEASE_LINES);
    const lines: NotificationLine[] = [
      primary(t('{count} new releases by artists you follow', { count: p.releases.length }), 'disc-3'),
      ...shown.map((r) =>
        secondary(t('{artist}: {title}', { artist: r.artistName, title: r.title }), null, releaseAction(r)),
      ),
    ];
    if (p.releases.length > shown.length) {
      lines.push(secondary(t('and {count} more', { count: p.releases.length - shown.length })));
    }
    return { icon: 'disc-3', image: first.image, mainAction: releaseAction(first), lines, buttonActions: [] };
  },
  'user.followed': (p, t) => ({
    icon: 'user-plus',
    image: p.followerAvatar,
    mainAction: { label: t('View profile'), action: path.user(p.followerId, p.followerName) },
    lines: [primary(t('{name} followed you', { name: p.followerName }), 'user-plus')],
    buttonActions: [],
  }),
  'playlist.collaborator_added': (p, t) => ({
    icon: 'list-music',
    image: null,
    mainAction: { label: t('Open playlist'), action: path.playlist(p.playlistId, p.playlistName) },
    lines: [
      primary(
        t('{name} added you as a collaborator on {playlist}', {
          name: p.byUserName,
          playlist: p.playlistName,
        }),
        'list-music',
      ),
    ],
    buttonActions: [],
  }),
};

/** SPEC §3 `data` of a stored notification, in the reader's language. */
export function renderData(type: string, params: unknown, t: Translate, closed = false): NotificationData {
  if (!isNotificationType(type)) return { lines: [], buttonActions: [] };
  const parsed = notificationParamsSchemas[type].safeParse(params);
  // A row written by an older version whose parameters no longer parse still lists, as a bare row.
  if (!parsed.success) return { lines: [], buttonActions: [] };
  const render = renderers[type] as (p: unknown, t: Translate, closed: boolean) => NotificationData;
  return render(parsed.data, t, closed);
}

export function renderNotification(row: StoredNotification, t: Translate): Notification {
  return {
    id: row.id,
    type: row.type,
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    data: renderData(row.type, row.params, t, row.closedAt !== null),
  };
}

/** A notification as plain text: its lines, one a line (mail, push body). */
export const plainLines = (data: NotificationData) => data.lines.map((l) => l.content);

/** An in-site action as an absolute URL; a named action (`workspace.join`) opens the list. */
export function actionUrl(baseUrl: string, action: string | undefined | null): string {
  const base = baseUrl.replace(/\/+$/, '');
  if (action?.startsWith('/')) return `${base}${action}`;
  return `${base}${path.notifications()}`;
}
