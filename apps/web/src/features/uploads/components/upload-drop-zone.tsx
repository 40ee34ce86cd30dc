import { FolderUp, Upload } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { cx } from '#src/ui/cx';
import { filesFromDataTransfer, filesFromInput } from '../lib/collect-files';
import type { QueuedFile } from '../lib/upload-queue';

export interface UploadDropZoneProps {
  onFiles: (files: QueuedFile[]) => void;
  /** Mime patterns and extensions for the file pickers (`audio/*`, `.flac`). */
  accept?: readonly string[];
  /** Offer the folder picker (default: yes); dropped folders are always walked. */
  allowFolders?: boolean;
  /** The drop zone's heading. */
  label?: string;
  hint?: string;
  isDisabled?: boolean;
  className?: string;
}

/**
 * Where files come in: drag files or folders onto it, or press one of its buttons (keyboard and
 * screen readers use those; the native pickers behind them are the real inputs, labelled).
 */
export function UploadDropZone({
  onFiles,
  accept,
  allowFolders = true,
  label,
  hint,
  isDisabled,
  className,
}: UploadDropZoneProps) {
  const { trans } = useTrans();
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const headingId = useId();

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    if (isDisabled) return;
    void filesFromDataTransfer(e.dataTransfer).then((files) => {
      if (files.length) onFiles(files);
    });
  };

  const take = (input: HTMLInputElement) => {
    const files = filesFromInput(input.files);
    // Cleared so that picking the same file again (after a failure) fires a change again.
    input.value = '';
    if (files.length) onFiles(files);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a drop target grouping its own buttons, not a fieldset of a form
    <div
      role="group"
      aria-labelledby={headingId}
      data-dragging={dragging || undefined}
      onDragEnter={(e) => {
        e.preventDefault();
        if (!isDisabled) setDragging(true);
      }}
      onDragOver={(e) => {
        e.preventDefault();
        e.dataTransfer.dropEffect = isDisabled ? 'none' : 'copy';
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={onDrop}
      className={cx(
        'flex flex-col items-center gap-3 rounded-theme border-2 border-dashed border-divider bg-bg-alt px-6 py-8 text-center transition-colors',
        dragging && 'border-primary bg-hover',
        isDisabled && 'opacity-50',
        className,
      )}
    >
      <Upload aria-hidden className="size-8 text-muted" />
      <p id={headingId} className="font-semibold text-fg">
        {label ?? trans('Drop files or folders here')}
      </p>
      {hint && <p className="text-muted text-sm">{hint}</p>}
      <div className="flex flex-wrap justify-center gap-2">
        <Button
          variant="primary"
          size="sm"
          isDisabled={isDisabled}
          startIcon={<Upload aria-hidden className="size-4" />}
          onPress={() => filesInput.current?.click()}
        >
          {trans('Choose files')}
        </Button>
        {allowFolders && (
          <Button
            variant="outline"
            size="sm"
            isDisabled={isDisabled}
            startIcon={<FolderUp aria-hidden className="size-4" />}
            onPress={() => folderInput.current?.click()}
          >
            {trans('Choose a folder')}
          </Button>
        )}
      </div>
      {/* The real pickers: out of the tab order (the buttons above open them), still labelled. */}
      <input
        ref={filesInput}
        type="file"
        multiple
        aria-label={trans('Files to upload')}
        accept={accept?.join(',') || undefined}
        disabled={isDisabled}
        tabIndex={-1}
        className="sr-only"
        onChange={(e) => take(e.currentTarget)}
      />
      {allowFolders && (
        <input
          ref={folderInput}
          type="file"
          multiple
          aria-label={trans('Folder to upload')}
          disabled={isDisabled}
          tabIndex={-1}
          className="sr-only"
          onChange={(e) => take(e.currentTarget)}
          {...{ webkitdirectory: '' }}
        />
      )}
    </div>
  );
}
