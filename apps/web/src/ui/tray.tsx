import type { ReactNode } from 'react';
import {
  Modal,
  ModalOverlay,
  PopoverContext,
  type PopoverProps,
  useSlottedContext,
} from 'react-aria-components';
import { cx } from './cx';
import { Popover } from './popover';
import { useIsMobile } from './use-media-query';

export interface TrayProps {
  /** A `Dialog` or `Menu` from react-aria-components (or this kit's `Menu` content). */
  children: ReactNode;
  /** Controlled usage; omit inside a `DialogTrigger`/`MenuTrigger`. */
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  /** Tap on the backdrop closes it (default true). */
  isDismissable?: boolean;
  /**
   * The sheet itself is the dialog, for content that is not one (a menu), named by its trigger. A
   * popover does the same for a menu (React Aria gives it the dialog role); without it a menu in a
   * sheet is content outside any landmark (axe's 'region').
   */
  isDialog?: boolean;
  className?: string;
}

/** A bottom sheet for small screens (SPEC §9: at most 375 px wide). */
export function Tray({
  children,
  isOpen,
  onOpenChange,
  isDismissable = true,
  isDialog = false,
  className,
}: TrayProps) {
  // Inside a MenuTrigger: the trigger's id, which names the menu's popover the same way.
  const trigger = useSlottedContext(PopoverContext);
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      className="fixed inset-0 z-50 flex h-(--visual-viewport-height) items-end justify-center bg-black/50 dark:bg-black/70"
    >
      <Modal
        className={cx(
          'relative max-h-[85%] w-full max-w-[375px] overflow-y-auto rounded-t-2xl bg-paper pt-5 pb-[max(0.5rem,env(safe-area-inset-bottom))] text-fg shadow-2xl outline-none',
          className,
        )}
      >
        <span
          aria-hidden="true"
          className="absolute top-2 left-1/2 h-1 w-10 -translate-x-1/2 rounded-full bg-divider"
        />
        {isDialog ? (
          <div role="dialog" aria-labelledby={trigger?.['aria-labelledby']}>
            {children}
          </div>
        ) : (
          children
        )}
      </Modal>
    </ModalOverlay>
  );
}

export interface ResponsiveOverlayProps {
  children: ReactNode;
  /** Popover placement on large screens. */
  placement?: PopoverProps['placement'];
  popoverClassName?: string;
  trayClassName?: string;
  /** The content is not a dialog of its own (a menu): the tray is one, as the popover is. */
  trayIsDialog?: boolean;
}

/**
 * Inside a `DialogTrigger` or `MenuTrigger`: a popover attached to the trigger on screens of 768 px
 * and wider, a tray below that.
 */
export function ResponsiveOverlay({
  children,
  placement,
  popoverClassName,
  trayClassName,
  trayIsDialog,
}: ResponsiveOverlayProps) {
  const isMobile = useIsMobile();
  if (isMobile)
    return (
      <Tray className={trayClassName} isDialog={trayIsDialog}>
        {children}
      </Tray>
    );
  return (
    <Popover placement={placement} className={popoverClassName}>
      {children}
    </Popover>
  );
}

export { ResponsiveOverlay as Overlay };
