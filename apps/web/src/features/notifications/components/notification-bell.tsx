import { Bell } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { DialogTrigger } from 'react-aria-components';
import { useAuth, useSettings } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { PopoverDialog } from '#src/ui/popover';
import { Spinner } from '#src/ui/spinner';

// The list, its actions and their calls load when the popover first opens, not with every page.
const NotificationPanel = lazy(() =>
  import('./notification-panel').then((m) => ({ default: m.NotificationPanel })),
);

/**
 * The navbar bell (SPEC §2, §4): a badge while the user has unread notifications (the count comes
 * from the bootstrap store, which live events keep current), and a popover with the list.
 */
export function NotificationBell({ className }: { className?: string }) {
  const { user } = useAuth();
  const settings = useSettings();
  const { trans } = useTrans();
  if (!user || !settings.notifications.integrated) return null;
  const unread = user.unread_notifications_count;
  const label =
    unread > 0 ? trans('Notifications, :count unread', { count: unread }) : trans('Notifications');
  return (
    <DialogTrigger>
      <Button variant="icon" size="md" aria-label={label} className={className}>
        <Bell aria-hidden="true" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            data-testid="notification-badge"
            className="absolute top-0.5 right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-danger px-1 text-[10px] font-bold leading-none text-on-danger"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </Button>
      <PopoverDialog placement="bottom end" aria-label={trans('Notifications')}>
        {({ close }) => (
          <Suspense fallback={<Spinner label={trans('Loading notifications')} className="m-6" />}>
            <NotificationPanel close={close} />
          </Suspense>
        )}
      </PopoverDialog>
    </DialogTrigger>
  );
}
