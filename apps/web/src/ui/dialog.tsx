import { DIALOG_WIDTHS, type DialogSize } from '@zema/contracts';
import { X } from 'lucide-react';
import type { CSSProperties, ReactNode } from 'react';
import { Heading, Modal, ModalOverlay, Dialog as RACDialog } from 'react-aria-components';
import { useTrans } from '#src/lib/i18n';
import { Button } from './button';
import { cx } from './cx';

export { DialogTrigger } from 'react-aria-components';
export type { DialogSize };

type Slot = ReactNode | ((opts: { close: () => void }) => ReactNode);

export interface DialogProps {
  /** Heading of the dialog; also its accessible name. */
  title?: ReactNode;
  /** Body content; a function receives `close`. */
  children: Slot;
  /** Buttons row at the bottom; a function receives `close`. */
  footer?: Slot;
  /** Max width from SPEC §9 (2xs 256 … fullscreen 1280). Under 768 px every dialog is full width. */
  size?: DialogSize;
  /** Controlled usage; omit inside a `DialogTrigger`. */
  isOpen?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  /** Close on a click outside (default true). Escape always closes unless keyboard dismiss is disabled. */
  isDismissable?: boolean;
  isKeyboardDismissDisabled?: boolean;
  /** Show the X button in the header (default true). */
  showCloseButton?: boolean;
  role?: 'dialog' | 'alertdialog';
  /** Needed when there is no `title`. */
  'aria-label'?: string;
  className?: string;
  bodyClassName?: string;
}

function renderSlot(slot: Slot, close: () => void): ReactNode {
  return typeof slot === 'function' ? slot({ close }) : slot;
}

/** A modal dialog with a title, a scrolling body, an optional footer and a close button. */
export function Dialog({
  title,
  children,
  footer,
  size = 'md',
  isOpen,
  defaultOpen,
  onOpenChange,
  isDismissable = true,
  isKeyboardDismissDisabled,
  showCloseButton = true,
  role,
  'aria-label': ariaLabel,
  className,
  bodyClassName,
}: DialogProps) {
  const { trans } = useTrans();
  const fullscreen = size === 'fullscreen';
  return (
    <ModalOverlay
      isOpen={isOpen}
      defaultOpen={defaultOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={isKeyboardDismissDisabled}
      className="fixed inset-0 z-50 flex h-(--visual-viewport-height) items-center justify-center bg-black/50 md:p-6 dark:bg-black/70"
    >
      <Modal
        data-size={size}
        style={{ '--dialog-width': `${DIALOG_WIDTHS[size]}px` } as CSSProperties}
        className={cx(
          'flex max-h-full w-full outline-none md:max-w-(--dialog-width)',
          fullscreen && 'h-full md:h-[calc(100dvh-3rem)]',
        )}
      >
        <RACDialog
          role={role}
          aria-label={ariaLabel}
          className={cx(
            'relative flex max-h-full w-full flex-col overflow-hidden bg-paper text-fg shadow-2xl outline-none md:rounded-theme md:border md:border-divider',
            fullscreen ? 'h-full' : 'max-md:mx-0',
            className,
          )}
        >
          {({ close }) => (
            <>
              {(title || showCloseButton) && (
                <div className="flex shrink-0 items-center gap-3 px-6 pt-5 pb-3">
                  {title && (
                    <Heading slot="title" className="min-w-0 flex-1 truncate text-lg font-semibold">
                      {title}
                    </Heading>
                  )}
                  {showCloseButton && (
                    <Button
                      variant="icon"
                      size="sm"
                      aria-label={trans('Close')}
                      onPress={close}
                      className="-mr-2 ml-auto"
                    >
                      <X aria-hidden="true" />
                    </Button>
                  )}
                </div>
              )}
              <div className={cx('min-h-0 flex-1 overflow-y-auto px-6 py-2 text-sm', bodyClassName)}>
                {renderSlot(children, close)}
              </div>
              {footer ? (
                <div className="flex shrink-0 flex-wrap items-center justify-end gap-2 px-6 pt-3 pb-5">
                  {renderSlot(footer, close)}
                </div>
              ) : (
                <div className="h-4 shrink-0" />
              )}
            </>
          )}
        </RACDialog>
      </Modal>
    </ModalOverlay>
  );
}
