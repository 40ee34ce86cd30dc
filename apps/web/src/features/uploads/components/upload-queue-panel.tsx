import type { FileEntry } from '@zema/contracts';
import { cx } from '#src/ui/cx';
import type { UploadQueue } from '../lib/upload-queue';
import type { UploadFollowUp, UploadItem, UploadMetadata, UploadPreflight } from '../lib/upload-types';
import { useOnUploaded, useUploadQueue } from '../lib/use-upload-queue';
import { UploadDropZone } from './upload-drop-zone';
import { UploadQueueList } from './upload-queue-list';

export interface UploadQueuePanelProps {
  /** What the uploads are for (e.g. `{uploadType: 'backstage-track'}`), sent with every file. */
  metadata?: UploadMetadata;
  /** Types taken on top of the admin's list: mime patterns and extensions (`audio/*`, `.flac`). */
  accept?: readonly string[];
  /** Called once per finished upload with the server's file entry. */
  onUploaded?: (fileEntry: FileEntry, item: UploadItem) => void;
  /** Asked before each file is sent (quota, permission); for the panel's own queue. */
  preflight?: UploadPreflight;
  /** Done after each transfer before the file counts as uploaded; for the panel's own queue. */
  afterUpload?: UploadFollowUp;
  /** A queue made by `useUploadQueue`, to share it with other parts of the page. */
  queue?: UploadQueue;
  allowFolders?: boolean;
  label?: string;
  hint?: string;
  className?: string;
}

/** A ready-made upload area: the drop zone, and the queue list under it. */
export function UploadQueuePanel({
  metadata,
  accept,
  onUploaded,
  preflight,
  afterUpload,
  queue: given,
  allowFolders,
  label,
  hint,
  className,
}: UploadQueuePanelProps) {
  const own = useUploadQueue({ metadata, accept, preflight, afterUpload });
  const queue = given ?? own;
  useOnUploaded(queue, onUploaded);

  return (
    <div className={cx('flex flex-col gap-4', className)}>
      <UploadDropZone
        onFiles={(files) => queue.add(files, metadata)}
        accept={accept}
        allowFolders={allowFolders}
        label={label}
        hint={hint}
      />
      <UploadQueueList queue={queue} />
    </div>
  );
}
