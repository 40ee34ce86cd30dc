import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

export interface ConfirmDialogProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** What will happen, including what goes with it. */
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  isPending?: boolean;
  /** Destructive actions get the danger button. */
  danger?: boolean;
}

/** "Are you sure?" before an action that cannot be undone: says what goes, then asks. */
export function ConfirmDialog(props: ConfirmDialogProps) {
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
            Cancel
          </Button>
          <Button
            variant={props.danger ? 'danger' : 'primary'}
            isPending={props.isPending}
            onPress={props.onConfirm}
            autoFocus
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
