import type { DebugErrorPayload } from '@zema/contracts';
import { Download } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { buttonClass } from './button';
import { Dialog } from './dialog';
import { ErrorDetails } from './error-frames';

/** SPEC §7: the newest error log. */
export const ERROR_LOG_DOWNLOAD_URL = '/api/v1/logs/error/download-latest';
export const ERROR_DIALOG_TITLE = 'An error occured';

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
    <Dialog
      isOpen
      onOpenChange={(open) => !open && closeErrorDialog()}
      size="fullscreen"
      title={ERROR_DIALOG_TITLE}
      bodyClassName="flex flex-col gap-4 px-0 md:px-6"
      footer={
        <a href={ERROR_LOG_DOWNLOAD_URL} download className={buttonClass({ variant: 'outline' })}>
          <Download aria-hidden="true" className="size-4" />
          Download log
        </a>
      }
    >
      {/* A new payload remounts the view so the selection starts from its first app frame. */}
      <ErrorDetails key={payloadKey(payload)} payload={payload} />
    </Dialog>
  );
}

function payloadKey(p: DebugErrorPayload): string {
  return `${p.exception}:${p.message}:${p.trace.length}`;
}
