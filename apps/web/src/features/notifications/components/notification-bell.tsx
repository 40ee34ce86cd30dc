import { Bell } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useAuth, useSettings } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';

// The popover, the list, its actions and their calls load when the bell is first pointed at,
// focused or pressed, not with every page.
const loadPopover = () => import('./notification-popover');
const NotificationPopover = lazy(loadPopover);
const preload = () => void loadPopover().catch(() => undefined);

/**
 * The navbar bell (SPEC §2, §4): a badge while the user has unread notifications (the count comes
 * from the bootstrap store, which live events keep current), and a popover with the list.
 */
export function NotificationBell({ className }: { className?: string }) {
  const { user } = useAuth();
  const settings = useSettings();
  const { trans } = useTrans();
  const [isOpen, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  if (!user || !settings.notifications.integrated) return null;
  const unread = user.unread_notifications_count;
  const label =
    unread > 0 ? trans('Notifications, {count} unread', { count: unread }) : trans('Notifications');
  return (
    <>
      <Button
        ref={triggerRef}
        variant="icon"
        size="md"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        className={className}
        onHoverStart={preload}
        onFocus={preload}
        onPress={() => setOpen((open) => !open)}
      >
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
      {isOpen && (
        <Suspense fallback={null}>
          <NotificationPopover triggerRef={triggerRef} isOpen onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
