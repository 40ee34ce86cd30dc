import {
  BadgeCheck,
  BadgeX,
  Bell,
  Building2,
  Check,
  CircleAlert,
  CircleCheck,
  CircleX,
  Clock,
  CreditCard,
  Disc3,
  Info,
  ListMusic,
  type LucideIcon,
  Mail,
  Mic,
  Music,
  Receipt,
  ShieldCheck,
  ShieldX,
  UserCog,
  UserMinus,
  UserPlus,
  UserRound,
  Users,
  X,
} from 'lucide-react';

/**
 * The lucide icons a notification may name (SPEC §3 `data.icon` and each line's `icon`), by their
 * lucide names. A fixed set rather than the whole library (over a thousand icons, hundreds of kB):
 * a name the server sends that is not here shows the type's icon, then the bell.
 */
const ICONS: Record<string, LucideIcon> = {
  'badge-check': BadgeCheck,
  'badge-x': BadgeX,
  bell: Bell,
  'building-2': Building2,
  check: Check,
  'circle-alert': CircleAlert,
  'circle-check': CircleCheck,
  'circle-x': CircleX,
  clock: Clock,
  'credit-card': CreditCard,
  'disc-3': Disc3,
  disc: Disc3,
  info: Info,
  'list-music': ListMusic,
  mail: Mail,
  mic: Mic,
  music: Music,
  receipt: Receipt,
  'shield-check': ShieldCheck,
  'shield-x': ShieldX,
  'user-cog': UserCog,
  'user-minus': UserMinus,
  'user-plus': UserPlus,
  'user-round': UserRound,
  user: UserRound,
  users: Users,
  x: X,
};

/** Each notification type's own icon, for an item that names none. */
const TYPE_ICONS: Record<string, LucideIcon> = {
  'workspace.invitation': Users,
  'workspace.role_changed': UserCog,
  'workspace.removed': UserMinus,
  'backstage.request_decided': BadgeCheck,
  'music.new_release': Disc3,
  'user.followed': UserPlus,
  'playlist.collaborator_added': ListMusic,
  'billing.payment_succeeded': CreditCard,
  'billing.payment_failed': CreditCard,
  'billing.renewal_reminder': Clock,
  'billing.plan_granted': BadgeCheck,
  'billing.payment_refunded': Receipt,
  'billing.subscription_ended': CircleAlert,
};

/** A lucide icon by name (kebab-case or PascalCase), or null when it is not in the set. */
export function iconByName(name: string | null | undefined): LucideIcon | null {
  if (!name) return null;
  const kebab = name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([a-z])([0-9])/g, '$1-$2')
    .replace(/_/g, '-')
    .toLowerCase();
  return ICONS[kebab] ?? null;
}

export function notificationTypeIcon(type: string, name?: string | null): LucideIcon {
  return iconByName(name) ?? TYPE_ICONS[type] ?? Bell;
}
