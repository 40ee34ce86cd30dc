import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { Dialog } from '#src/ui/dialog';

/** Asks before something that cannot be undone (deleting a playlist). */
export function ConfirmDialog({
  isOpen,
  onOpenChange,
  title,
  body,
  confirmLabel,
  onConfirm,
  isPending,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  body: string;
  confirmLabel: string;
  onConfirm: () => void;
  isPending?: boolean;
}) {
  const { trans } = useTrans();
  return (
    <Dialog
      role="alertdialog"
      title={title}
      size="sm"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      footer={({ close }) => (
        <>
          <Button variant="text" onPress={close}>
            {trans('Cancel')}
          </Button>
          <Button variant="danger" onPress={onConfirm} isPending={isPending} autoFocus>
            {confirmLabel}
          </Button>
        </>
      )}
    >
      <p className="text-muted">{body}</p>
    </Dialog>
  );
}
