import { z } from 'zod';
import { TRACK_DRAFT_STATUSES } from '../backstage/track-draft-statuses';
import { msg } from '../i18n/messages';
import { idSchema, intParamSchema } from '../primitives';

/**
 * Notifications (SPEC §2, §3, §4, §7; decision 0031).
 *
 * A notification is stored as a type with parameters and rendered into `data` (SPEC §3) when it is
 * read, in the reader's language: a renamed workspace or a changed translation shows at once, and
 * nothing translated is frozen in the table.
 *
 * - GET notifications?page&perPage (perPage 30)        -> {pagination} of Notification, newest first
 * - POST notifications/mark-as-read {ids}             -> {unreadCount}
 * - POST notifications/mark-all-as-read               -> {unreadCount} (0)
 * - DELETE notifications {ids}                        -> {unreadCount}
 * - GET notifications/me/subscriptions                -> NotificationSubscriptionSettings
 * - PUT notifications/me/subscriptions {selections}   -> NotificationSubscriptionSettings
 * - GET notifications/push/key                        -> {public_key} (the install's VAPID key)
 * - GET|POST notifications/push/subscriptions, DELETE notifications/push/subscriptions/{id}
 * - GET events (text/event-stream)                    -> the signed-in user's live events
 */

/** Channels a user may pick per notification type; in-app is always on and not a column. */
export const NOTIFICATION_CHANNELS = ['email', 'browser'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * Every notification type and its stored parameters. The type id is also the `notif_id` of the
 * subscription settings (one settings item per type).
 */
export const notificationParamsSchemas = {
  /** An existing user was invited to a workspace: Join / Decline buttons, `data.inviteId`. */
  'workspace.invitation': z.object({
    inviteId: z.string(),
    workspaceId: z.number().int(),
    workspaceName: z.string(),
    inviterName: z.string(),
    role: z.string(),
  }),
  /** The reader's role in a workspace changed. */
  'workspace.role_changed': z.object({
    workspaceId: z.number().int(),
    workspaceName: z.string(),
    role: z.string(),
  }),
  /** The reader was removed from a workspace. */
  'workspace.removed': z.object({ workspaceId: z.number().int(), workspaceName: z.string() }),
  /** An admin approved or denied the reader's backstage request. */
  'backstage.request_decided': z.object({
    requestId: z.number().int(),
    artistId: z.number().int().nullable(),
    artistName: z.string(),
    approved: z.boolean(),
    reason: z.string().nullable(),
  }),
  /** New releases by artists the reader follows; several arriving close together are one item. */
  'music.new_release': z.object({
    releases: z.array(
      z.object({
        artistId: z.number().int(),
        artistName: z.string(),
        albumId: z.number().int().nullable(),
        trackId: z.number().int().nullable(),
        title: z.string(),
        image: z.string().nullable(),
      }),
    ),
  }),
  /** Someone followed the reader. */
  'user.followed': z.object({
    followerId: z.number().int(),
    followerName: z.string(),
    followerAvatar: z.string().nullable(),
  }),
  /** A playlist owner added the reader as a collaborator. */
  'playlist.collaborator_added': z.object({
    playlistId: z.number().int(),
    playlistName: z.string(),
    byUserName: z.string(),
  }),
  /** A payment went through: the plan is on, with the invoice's number. */
  'billing.payment_succeeded': z.object({
    productName: z.string(),
    amount: z.number().int(),
    currency: z.enum(['ETB', 'USD']),
    /** As printed (`ZEMA-2026-000042`); notices sent before invoice prefixes hold the bare sequence. */
    invoiceNumber: z.union([z.string(), z.number().int()]),
  }),
  /** A payment failed: nothing was granted. */
  'billing.payment_failed': z.object({
    productName: z.string(),
    amount: z.number().int(),
    currency: z.enum(['ETB', 'USD']),
    priceId: z.number().int(),
  }),
  /** A prepaid period ends soon: renew with one click. */
  'billing.renewal_reminder': z.object({
    productName: z.string(),
    endsAt: z.string(),
    priceId: z.number().int(),
    productId: z.number().int(),
  }),
  /** An administrator gave the reader a plan by hand, until `endsAt`. */
  'billing.plan_granted': z.object({ productName: z.string(), endsAt: z.string() }),
  /** A payment was refunded (`amount` of it, minor units); `full` when nothing of it is left. */
  'billing.payment_refunded': z.object({
    productName: z.string(),
    amount: z.number().int(),
    currency: z.enum(['ETB', 'USD']),
    full: z.boolean(),
  }),
  /** A subscription ended: the reader is back on the free plan. */
  'billing.subscription_ended': z.object({ productName: z.string() }),
} as const;

export type NotificationType = keyof typeof notificationParamsSchemas;
export const NOTIFICATION_TYPES = Object.keys(notificationParamsSchemas) as NotificationType[];
export type NotificationParams<T extends NotificationType> = z.infer<(typeof notificationParamsSchemas)[T]>;

/** An action is an in-site path (`/workspace/...`) or a named action the web app knows. */
export const NOTIFICATION_NAMED_ACTIONS = ['workspace.join', 'workspace.decline'] as const;

export const notificationActionSchema = z.object({ label: z.string(), action: z.string() });
export type NotificationAction = z.infer<typeof notificationActionSchema>;

export const notificationLineSchema = z.object({
  type: z.enum(['primary', 'secondary']),
  content: z.string(),
  /** A lucide icon name, or null. */
  icon: z.string().nullable().optional(),
  action: notificationActionSchema.nullable().optional(),
});
export type NotificationLine = z.infer<typeof notificationLineSchema>;

/** SPEC §3 Notification.data, rendered for the reader. */
export const notificationDataSchema = z.object({
  mainAction: notificationActionSchema.nullable().optional(),
  /** An image URL, or null to show the type's icon. */
  image: z.string().nullable().optional(),
  /** The icon (lucide name) shown when there is no image. */
  icon: z.string().nullable().optional(),
  lines: z.array(notificationLineSchema),
  buttonActions: z.array(notificationActionSchema).optional(),
  /** The workspace invitation's id (SPEC §3). */
  inviteId: z.string().optional(),
});
export type NotificationData = z.infer<typeof notificationDataSchema>;

export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  read_at: z.string().nullable(),
  created_at: z.string(),
  data: notificationDataSchema,
});
export type Notification = z.infer<typeof notificationSchema>;

export const NOTIFICATIONS_PER_PAGE = 30;

export const notificationListQuerySchema = z.object({
  page: intParamSchema(1, 10_000).optional(),
  perPage: intParamSchema(1, 100).optional(),
});

export const notificationIdsRequestSchema = z.object({
  ids: z.array(idSchema).min(1, msg('Choose at least one notification.')).max(500),
});

export const unreadCountResponseSchema = z.object({ unreadCount: z.number().int() });

/** SPEC §3 Notification subscription settings. */
export const notificationSubscriptionSettingsSchema = z.object({
  available_channels: z.array(z.string()),
  subscriptions: z.array(
    z.object({
      group_name: z.string(),
      items: z.array(z.object({ notif_id: z.string(), name: z.string() })),
    }),
  ),
  user_selections: z.array(z.object({ notif_id: z.string(), channels: z.record(z.string(), z.boolean()) })),
});
export type NotificationSubscriptionSettings = z.infer<typeof notificationSubscriptionSettingsSchema>;

export const updateNotificationSubscriptionsRequestSchema = z.object({
  selections: z
    .array(
      z.object({
        notif_id: z.enum(NOTIFICATION_TYPES as [NotificationType, ...NotificationType[]]),
        channels: z.partialRecord(z.enum(NOTIFICATION_CHANNELS), z.boolean()),
      }),
    )
    .max(100),
});

/** A browser's push subscription as `PushSubscription.toJSON()` gives it (PROTOCOLS.md). */
export const pushSubscriptionRequestSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2000),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});

export const pushSubscriptionSchema = z.object({
  id: z.number().int(),
  /** "Chrome on Linux", from the user agent that subscribed. */
  device: z.string(),
  /** The push service's host (fcm.googleapis.com, updates.push.services.mozilla.com). */
  service: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** Whether it is the subscription of the browser asking (matched by endpoint). */
  current: z.boolean().optional(),
});
export type PushSubscriptionInfo = z.infer<typeof pushSubscriptionSchema>;

/**
 * Live events on `GET api/v1/events` (server-sent events, PROTOCOLS.md): the event name and what
 * its `data:` line holds. Later features add theirs here.
 */
export const liveEventSchemas = {
  /** A new notification for the reader, and the unread count after it. */
  'notification.created': z.object({ notification: notificationSchema, unreadCount: z.number().int() }),
  /** Read state or deletions changed elsewhere (another tab or device). */
  'notification.count': z.object({ unreadCount: z.number().int() }),
  /** A track of the uploader's release draft moved on in its analysis (backstage release editor). */
  'release.track_progress': z.object({
    releaseId: z.number().int(),
    trackId: z.number().int(),
    status: z.enum(TRACK_DRAFT_STATUSES),
    progress: z.number().int(),
  }),
} as const;
export type LiveEventName = keyof typeof liveEventSchemas;
export type LiveEvent<N extends LiveEventName> = z.infer<(typeof liveEventSchemas)[N]>;
