import { Settings } from 'lucide-react';
import { useAuth, useSettings } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { Button, LinkButton } from '#src/ui/button';
import { useMarkAllNotificationsAsRead } from '../api/mark-all-as-read';
import { NotificationList } from './notification-list';

/** 'Mark all as read', shown while the user has unread notifications (SPEC §2, §4). */
export function MarkAllAsReadButton() {
  const { user } = useAuth();
  const { trans } = useTrans();
  const markAll = useMarkAllNotificationsAsRead();
  if (!user || user.unread_notifications_count <= 0) return null;
  return (
    <Button variant="text" size="sm" isPending={markAll.isPending} onPress={() => markAll.mutate()}>
      {trans('Mark all as read')}
    </Button>
  );
}

/** The settings link, opening in a new tab (SPEC §2), when subscriptions are integrated. */
export function NotificationSettingsLink() {
  const settings = useSettings();
  const { trans } = useTrans();
  if (!settings.notif.subs.integrated) return null;
  return (
    <LinkButton
      href={paths.notificationSettings()}
      target="_blank"
      rel="noopener"
      variant="icon"
      size="sm"
      aria-label={trans('Notification settings')}
    >
      <Settings aria-hidden="true" />
    </LinkButton>
  );
}

/** The bell's popover content: a heading with the actions, the list, and the way to the page. */
export function NotificationPanel({ close }: { close: () => void }) {
  const { trans } = useTrans();
  return (
    <div className="flex max-h-[min(36rem,calc(100dvh-6rem))] w-[min(24rem,calc(100vw-1rem))] flex-col">
      <div className="flex items-center gap-2 border-b border-divider px-4 py-2">
        <h2 className="mr-auto text-base font-semibold">{trans('Notifications')}</h2>
        <MarkAllAsReadButton />
        <NotificationSettingsLink />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        <NotificationList onDone={close} />
      </div>
      <div className="border-t border-divider p-2">
        <LinkButton href={paths.notifications()} variant="text" size="sm" fullWidth onPress={close}>
          {trans('View all notifications')}
        </LinkButton>
      </div>
    </div>
  );
}
