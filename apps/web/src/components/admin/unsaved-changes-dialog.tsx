import type { Blocker } from 'react-router';
import { ConfirmDialog } from '#src/ui/confirm-dialog';

/** The question a blocked navigation asks (lib/unsaved-changes). */
export function UnsavedChangesDialog({ blocker }: { blocker: Blocker }) {
  return (
    <ConfirmDialog
      isOpen={blocker.state === 'blocked'}
      onOpenChange={(open) => !open && blocker.reset?.()}
      title="Leave without saving?"
      confirmLabel="Leave"
      danger
      onConfirm={() => blocker.proceed?.()}
    >
      Your changes on this page are not saved yet. If you leave now, they are lost.
    </ConfirmDialog>
  );
}
