import { Upload } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { useTrans } from '#src/lib/i18n';
import { Button, type ButtonProps } from '#src/ui/button';
import { cx } from '#src/ui/cx';
import type { UploadQueue } from '../lib/upload-queue';
import type { UploadItem } from '../lib/upload-types';
import { useUploadItems } from '../lib/use-upload-queue';
import { UploadRow } from './upload-queue-list';

/** The queue's latest file, or null. A single-file queue shows only this one. */
export function useLatestUpload(queue: UploadQueue): UploadItem | null {
  return useUploadItems(queue).at(-1) ?? null;
}

/** Whether the queue has a file waiting or going up. */
export const isUploading = (item: UploadItem | null) =>
  item?.status === 'pending' || item?.status === 'inProgress';

/**
 * Sends one file through the queue: the finished ones go first, so the queue (and the progress
 * under the button) only ever holds the file being sent.
 */
export function addSingleFile(queue: UploadQueue, file: File): UploadItem | undefined {
  queue.clearFinished();
  return queue.add([file])[0];
}

/**
 * The compact progress of a single-file queue: the latest file's row (name, size, progress bar,
 * speed, time left, status, Cancel/Retry), the same row as in `UploadQueueList`.
 */
export function UploadQueueProgress({ queue, className }: { queue: UploadQueue; className?: string }) {
  const { trans } = useTrans();
  const item = useLatestUpload(queue);
  if (!item) return null;
  return (
    <ul
      aria-label={trans('Upload')}
      className={cx('rounded-theme border border-divider bg-paper', className)}
    >
      <UploadRow item={item} queue={queue} />
    </ul>
  );
}

export interface UploadQueueButtonProps {
  queue: UploadQueue;
  children: ReactNode;
  /** The label of the (hidden, still labelled) file picker behind the button. */
  inputLabel: string;
  /** Mime patterns and extensions for the picker (`audio/*`, `.flac`). */
  accept?: readonly string[];
  isDisabled?: boolean;
  variant?: ButtonProps['variant'];
  className?: string;
}

/**
 * The compact variant of the upload queue: one button that picks one file and queues it (tus,
 * plain or direct, as the queue chooses), with its progress under it. The button waits while a
 * file is going up; the row has its Cancel, and Retry when it failed. The page listens with
 * `useOnUploaded(queue, …)` for the file entry.
 */
export function UploadQueueButton({
  queue,
  children,
  inputLabel,
  accept,
  isDisabled,
  variant = 'outline',
  className,
}: UploadQueueButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  const busy = isUploading(useLatestUpload(queue));
  return (
    <div className={cx('flex flex-col gap-3', className)}>
      <div>
        <Button
          variant={variant}
          startIcon={<Upload aria-hidden />}
          isDisabled={isDisabled || busy}
          onPress={() => input.current?.click()}
        >
          {children}
        </Button>
        {/* The real picker: out of the tab order (the button opens it), still labelled. */}
        <input
          ref={input}
          type="file"
          accept={accept?.join(',') || undefined}
          aria-label={inputLabel}
          disabled={isDisabled || busy}
          tabIndex={-1}
          className="sr-only"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            // Cleared so that picking the same file again (after a failure) fires a change again.
            e.currentTarget.value = '';
            if (file) addSingleFile(queue, file);
          }}
        />
      </div>
      <UploadQueueProgress queue={queue} />
    </div>
  );
}
