import type { ReactNode } from 'react';
import { useTrans } from '#src/lib/i18n';
import { Button } from './button';
import { Dialog } from './dialog';

export interface ConfirmDialogProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** What will happen, including what goes with it (and any field the question needs). */
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  /** The button that backs out (default "Cancel"): a question about cancelling says "Keep …". */
  cancelLabel?: string;
  isPending?: boolean;
  /** Holds the confirm button until the body's own condition is met (a typed word). */
  isConfirmDisabled?: boolean;
  /** Destructive actions get the danger button. */
  danger?: boolean;
}

/**
 * "Are you sure?" before an action that cannot be undone: says what goes, then asks. The one
 * confirmation of the app, so every such question looks, reads and answers the keyboard alike.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { trans } = useTrans();
  return (
    <Dialog
      role="alertdialog"
      title={props.title}
      size="sm"
      isOpen={props.isOpen}
      onOpenChange={props.onOpenChange}
      footer={({ close }) => (
        <>
          <Button variant="text" onPress={close}>
            {props.cancelLabel ?? trans('Cancel')}
          </Button>
          <Button
            variant={props.danger ? 'danger' : 'primary'}
            isPending={props.isPending}
            isDisabled={props.isConfirmDisabled}
            onPress={props.onConfirm}
            // A held button cannot take the focus: the body's field has it then.
            autoFocus={!props.isConfirmDisabled}
          >
            {props.confirmLabel}
          </Button>
        </>
      )}
    >
      <div className="text-sm text-fg">{props.children}</div>
    </Dialog>
  );
}
