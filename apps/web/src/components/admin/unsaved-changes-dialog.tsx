import type { Blocker } from 'react-router';
import { useTrans } from '#src/lib/i18n';
import { ConfirmDialog } from '#src/ui/confirm-dialog';

/** The question a blocked navigation asks (lib/unsaved-changes). */
export function UnsavedChangesDialog({ blocker }: { blocker: Blocker }) {
  const { trans } = useTrans();
  return (
    <ConfirmDialog
      isOpen={blocker.state === 'blocked'}
      onOpenChange={(open) => !open && blocker.reset?.()}
      title={trans('Leave without saving?')}
      confirmLabel={trans('Leave')}
      danger
      onConfirm={() => blocker.proceed?.()}
    >
      {trans('Your changes on this page are not saved yet. If you leave now, they are lost.')}
    </ConfirmDialog>
  );
}
