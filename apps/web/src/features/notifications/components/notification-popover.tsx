import type { RefObject } from 'react';
import { useTrans } from '#src/lib/i18n';
import { PopoverDialog } from '#src/ui/popover';
import { NotificationPanel } from './notification-panel';

/**
 * The bell's popover and its list. Loaded the first time the bell is pointed at, focused or
 * pressed: React Aria's popover and dialog are not part of any page's first load.
 */
export default function NotificationPopover({
  triggerRef,
  isOpen,
  onOpenChange,
}: {
  triggerRef: RefObject<HTMLButtonElement | null>;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { trans } = useTrans();
  return (
    <PopoverDialog
      triggerRef={triggerRef}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      placement="bottom end"
      aria-label={trans('Notifications')}
    >
      {/* Outside a DialogTrigger, React Aria's dialog has no close of its own to give. */}
      <NotificationPanel close={() => onOpenChange(false)} />
    </PopoverDialog>
  );
}
