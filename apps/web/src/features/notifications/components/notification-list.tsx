import { msg, type Notification } from '@zema/contracts';
import { BellOff } from 'lucide-react';
import { useMemo } from 'react';
import { PagedList } from '#src/components/states';
import { useSettings } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { LinkButton } from '#src/ui/button';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsAsRead } from '../api/mark-as-read';
import { useNotificationActions } from '../lib/use-notification-actions';
import { NotificationItem } from './notification-item';

export const NOTIFICATIONS_EMPTY = {
  title: msg('Hang tight!'),
  description: msg('Notifications will start showing up here soon.'),
} as const;

/**
 * The user's notifications, 30 a page, the next page loading as the list scrolls (SPEC §2). Used by
 * the bell's popover and the /notifications page; `onDone` closes the popover after an action.
 */
export function NotificationList({ onDone }: { onDone?: () => void }) {
  const { trans } = useTrans();
  const query = useNotifications();
  const markRead = useMarkNotificationsAsRead();
  const actions = useNotificationActions({ onDone });
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.data) ?? [], [query.data]);

  const press = (notification: Notification) => {
    // SPEC §4: an unread one becomes read, then the list is refreshed (the mutation does both).
    if (notification.read_at === null) markRead.mutate([notification.id]);
    const main = notification.data.mainAction?.action;
    if (main) actions.run(main, notification);
  };

  return (
    <PagedList
      query={query}
      isEmpty={items.length === 0}
      skeleton={<NotificationsSkeleton />}
      empty={<NotificationsEmpty />}
    >
      <ul aria-label={trans('Notifications')} className="flex flex-col divide-y divide-divider">
        {items.map((n) => (
          <NotificationItem
            key={n.id}
            notification={n}
            onPress={press}
            onAction={actions.run}
            isBusy={actions.isPending}
          />
        ))}
      </ul>
    </PagedList>
  );
}

/** SPEC §2 empty state, with the settings link only when subscriptions are integrated. */
export function NotificationsEmpty() {
  const { trans } = useTrans();
  const settings = useSettings();
  return (
    <div className="flex flex-col items-center gap-2 px-6 py-10 text-center">
      <span className="mb-1 flex size-12 items-center justify-center rounded-full bg-bg-alt text-muted">
        <BellOff aria-hidden="true" className="size-6" />
      </span>
      <p className="text-base font-semibold">{trans(NOTIFICATIONS_EMPTY.title)}</p>
      <p className="max-w-xs text-sm text-muted">{trans(NOTIFICATIONS_EMPTY.description)}</p>
      {settings.notif.subs.integrated && (
        <LinkButton
          href={paths.notificationSettings()}
          target="_blank"
          rel="noopener"
          variant="outline"
          size="sm"
          className="mt-3"
        >
          {trans('Notification settings')}
        </LinkButton>
      )}
    </div>
  );
}

function NotificationsSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col divide-y divide-divider">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex gap-3 px-4 py-3">
          <span className="w-2" />
          <span className="size-10 shrink-0 animate-pulse rounded-full bg-hover" />
          <span className="flex flex-1 flex-col gap-2 pt-1">
            <span className="h-3.5 w-3/4 animate-pulse rounded bg-hover" />
            <span className="h-3 w-1/3 animate-pulse rounded bg-hover" />
          </span>
        </div>
      ))}
    </div>
  );
}
