import type { ReactNode } from 'react';
import { Modal, ModalOverlay, type PopoverProps } from 'react-aria-components';
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
  className?: string;
}

/** A bottom sheet for small screens (SPEC §9: at most 375 px wide). */
export function Tray({ children, isOpen, onOpenChange, isDismissable = true, className }: TrayProps) {
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
        {children}
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
}: ResponsiveOverlayProps) {
  const isMobile = useIsMobile();
  if (isMobile) return <Tray className={trayClassName}>{children}</Tray>;
  return (
    <Popover placement={placement} className={popoverClassName}>
      {children}
    </Popover>
  );
}

export { ResponsiveOverlay as Overlay };
