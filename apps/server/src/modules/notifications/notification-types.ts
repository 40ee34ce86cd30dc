import {
  msg,
  NOTIFICATION_CHANNELS,
  type NotificationChannel,
  type NotificationType,
  notificationParamsSchemas,
} from '@zema/contracts';

/**
 * What the subscription settings offer (SPEC §3): groups of items, one per notification type, and
 * each type's channels and their defaults. In-app is always on and is not a column.
 */
export type TypeInfo = {
  /** The settings item's label (English source; the web app translates it). */
  name: string;
  group: string;
  /** Channels a user may choose for this type, with the default of each. */
  channels: Partial<Record<NotificationChannel, boolean>>;
};

export const NOTIFICATION_TYPE_INFO: Record<NotificationType, TypeInfo> = {
  // No email column: the workspaces feature always mails an invitation itself (it must reach
  // people without an account too), so a second, notification mail would only repeat it.
  'workspace.invitation': {
    name: msg('Invitations to a workspace'),
    group: 'Workspaces',
    channels: { browser: true },
  },
  'workspace.role_changed': {
    name: msg('Your role in a workspace changed'),
    group: 'Workspaces',
    channels: { email: true, browser: true },
  },
  'workspace.removed': {
    name: msg('You were removed from a workspace'),
    group: 'Workspaces',
    channels: { email: true, browser: true },
  },
  // No email column: the backstage sends its decision mail at once, whatever the settings say
  // (the requester is waiting for it, and it carries the reason of a denial).
  'backstage.request_decided': {
    name: msg('Your backstage request was approved or denied'),
    group: 'Backstage',
    channels: { browser: true },
  },
  'music.new_release': {
    name: msg('New releases by artists you follow'),
    group: 'Music',
    channels: { email: false, browser: true },
  },
  'user.followed': {
    name: msg('Someone followed you'),
    group: 'Social',
    channels: { email: false, browser: true },
  },
  'playlist.collaborator_added': {
    name: msg('You were added to a playlist as a collaborator'),
    group: 'Social',
    channels: { email: true, browser: true },
  },
  'billing.payment_succeeded': {
    name: msg('A payment went through'),
    group: 'Billing',
    channels: { email: true, browser: false },
  },
  'billing.payment_failed': {
    name: msg('A payment failed'),
    group: 'Billing',
    channels: { email: true, browser: true },
  },
  'billing.renewal_reminder': {
    name: msg('Your plan ends soon'),
    group: 'Billing',
    channels: { email: true, browser: true },
  },
  'billing.plan_granted': {
    name: msg('You were given a plan'),
    group: 'Billing',
    channels: { email: true, browser: true },
  },
  'billing.payment_refunded': {
    name: msg('A payment was refunded'),
    group: 'Billing',
    channels: { email: true, browser: true },
  },
  'billing.subscription_ended': {
    name: msg('Your plan ended'),
    group: 'Billing',
    channels: { email: true, browser: true },
  },
};

export const NOTIFICATION_GROUPS = [
  msg('Workspaces'),
  msg('Backstage'),
  msg('Music'),
  msg('Social'),
  msg('Billing'),
] as const;

export const isNotificationType = (type: string): type is NotificationType =>
  Object.hasOwn(notificationParamsSchemas, type);

/** The channels in effect for a type: the stored choice where the type offers it, else the default. */
export function effectiveChannels(
  type: NotificationType,
  stored: Record<string, boolean> | undefined,
): Record<NotificationChannel, boolean> {
  const offered = NOTIFICATION_TYPE_INFO[type].channels;
  const out = {} as Record<NotificationChannel, boolean>;
  for (const channel of NOTIFICATION_CHANNELS) {
    const def = offered[channel];
    out[channel] = def === undefined ? false : typeof stored?.[channel] === 'boolean' ? stored[channel] : def;
  }
  return out;
}
