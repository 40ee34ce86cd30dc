import { type ReactNode, useEffect, useRef, useState } from 'react';
import {
  Dialog as RACDialog,
  Popover as RACPopover,
  type PopoverProps as RACPopoverProps,
} from 'react-aria-components';
import { cx } from './cx';

/** SPEC §9: a popover opened by hover closes 150 ms after the pointer leaves. */
export const HOVER_POPOVER_CLOSE_DELAY_MS = 150;

export const popoverClass =
  'overflow-auto rounded-theme border border-divider bg-paper text-fg shadow-xl shadow-black/10 outline-none dark:shadow-black/40';

export interface PopoverProps extends Omit<RACPopoverProps, 'className'> {
  className?: string;
}

/** A positioned overlay; inside a `DialogTrigger` or `MenuTrigger` it attaches to the trigger. */
export function Popover({ className, offset = 8, ...props }: PopoverProps) {
  return <RACPopover offset={offset} {...props} className={cx(popoverClass, className)} />;
}

export interface PopoverDialogProps extends Omit<PopoverProps, 'children'> {
  /** Accessible name when the content has no `Heading slot="title"`. */
  'aria-label'?: string;
  children: ReactNode | ((opts: { close: () => void }) => ReactNode);
}

/** A popover holding non-menu content (e.g. the notifications panel) as an accessible dialog. */
export function PopoverDialog({ children, 'aria-label': ariaLabel, ...props }: PopoverDialogProps) {
  return (
    <Popover {...props}>
      <RACDialog aria-label={ariaLabel} className="outline-none">
        {({ close }) => (typeof children === 'function' ? children({ close }) : children)}
      </RACDialog>
    </Popover>
  );
}

export interface HoverPopoverProps {
  /** The element hovered or focused to open the popover (should be focusable). */
  trigger: ReactNode;
  children: ReactNode;
  placement?: RACPopoverProps['placement'];
  /** Defaults to SPEC's 150 ms. */
  closeDelay?: number;
  className?: string;
  'aria-label'?: string;
}

/**
 * A non-modal popover opened by hovering or focusing its trigger (profile cards, previews). Moving
 * the pointer from the trigger to the popover keeps it open; leaving both closes it after the delay.
 */
export function HoverPopover({
  trigger,
  children,
  placement = 'bottom',
  closeDelay = HOVER_POPOVER_CLOSE_DELAY_MS,
  className,
  'aria-label': ariaLabel,
}: HoverPopoverProps) {
  const [isOpen, setOpen] = useState(false);
  const triggerRef = useRef<HTMLSpanElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const cancelClose = () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = null;
  };
  const open = () => {
    cancelClose();
    setOpen(true);
  };
  const scheduleClose = () => {
    cancelClose();
    closeTimer.current = setTimeout(() => setOpen(false), closeDelay);
  };
  const handlers = useRef({ open, scheduleClose });
  handlers.current = { open, scheduleClose };
  // Native listeners: the wrapper only observes hover/focus of the trigger inside it.
  useEffect(() => {
    const el = triggerRef.current;
    if (!el) return;
    const onEnter = () => handlers.current.open();
    const onLeave = () => handlers.current.scheduleClose();
    el.addEventListener('mouseenter', onEnter);
    el.addEventListener('mouseleave', onLeave);
    el.addEventListener('focusin', onEnter);
    el.addEventListener('focusout', onLeave);
    return () => {
      el.removeEventListener('mouseenter', onEnter);
      el.removeEventListener('mouseleave', onLeave);
      el.removeEventListener('focusin', onEnter);
      el.removeEventListener('focusout', onLeave);
      if (closeTimer.current) clearTimeout(closeTimer.current);
    };
  }, []);

  return (
    <>
      <span ref={triggerRef} className="inline-flex">
        {trigger}
      </span>
      <RACPopover
        triggerRef={triggerRef}
        isOpen={isOpen}
        onOpenChange={setOpen}
        isNonModal
        placement={placement}
        offset={8}
        className={cx(popoverClass, className)}
      >
        <div role="dialog" aria-label={ariaLabel} onMouseEnter={open} onMouseLeave={scheduleClose}>
          {children}
        </div>
      </RACPopover>
    </>
  );
}
