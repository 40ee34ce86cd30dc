import type { DebugErrorPayload } from '@zema/contracts';
import { lazy, Suspense, useSyncExternalStore } from 'react';

// The dialog and the trace view load when an error is shown: no page's first load carries them.
const ErrorDialogView = lazy(() => import('./error-dialog-view'));

let current: DebugErrorPayload | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const fn of listeners) fn();
}

/** Opens the full-screen error dialog for a debug payload (replaces one already shown). */
export function showErrorDialog(payload: DebugErrorPayload): void {
  current = payload;
  emit();
}

export function closeErrorDialog(): void {
  current = null;
  emit();
}

function subscribe(fn: () => void) {
  listeners.add(fn);
  return () => {
    listeners.delete(fn);
  };
}

/** Render once near the root; shows whatever `showErrorDialog` was given. */
export function ErrorDialogHost() {
  const payload = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  if (!payload) return null;
  return (
    <Suspense fallback={null}>
      <ErrorDialogView payload={payload} onClose={closeErrorDialog} />
    </Suspense>
  );
}
