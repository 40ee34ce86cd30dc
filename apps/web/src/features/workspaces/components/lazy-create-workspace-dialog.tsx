import { lazy, Suspense } from 'react';

const CreateWorkspaceDialog = lazy(() =>
  import('./create-workspace-dialog').then((m) => ({ default: m.CreateWorkspaceDialog })),
);

/**
 * The "Create workspace" dialog, its code (and the form's) loaded when first opened: the account
 * menu's trigger is on every page's first paint and must not carry it.
 */
export function LazyCreateWorkspaceDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  if (!isOpen) return null;
  return (
    <Suspense fallback={null}>
      <CreateWorkspaceDialog isOpen={isOpen} onOpenChange={onOpenChange} />
    </Suspense>
  );
}
