import type { AppearanceImagePurpose } from '@zema/contracts/appearance/appearance-admin';
import { ImageIcon, Trash2 } from 'lucide-react';
import {
  isUploading,
  UploadQueueButton,
  useLatestUpload,
  useOnUploaded,
  useUploadQueue,
} from '#src/features/uploads';
import { ApiError } from '#src/lib/api-error';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { cx } from '#src/ui/cx';
import { TextField } from '#src/ui/field';
import { toast } from '#src/ui/toast';
import { useUploadAppearanceImage } from '../../api/appearance-editor';

const ACCEPT = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/svg+xml', '.svg'];
const METADATA = { uploadType: 'appearance' };

/**
 * An image of the appearance: upload one through the upload queue (the server makes the logo,
 * picture or favicon set from it) or type its address; preview and remove it.
 */
export function AppearanceImageField({
  label,
  description,
  value,
  purpose,
  backdrop = 'light',
  error,
  onChange,
}: {
  label: string;
  description?: string;
  value: string | null;
  purpose: AppearanceImagePurpose;
  /** The background the image is drawn on: a light logo needs a dark one to be seen. */
  backdrop?: 'light' | 'dark';
  error?: string;
  onChange: (url: string | null) => void;
}) {
  const { trans } = useTrans();
  const queue = useUploadQueue({ accept: ACCEPT, metadata: METADATA });
  const busy = isUploading(useLatestUpload(queue));
  const make = useUploadAppearanceImage();
  useOnUploaded(queue, (entry) =>
    make.mutate(
      { file_entry_id: entry.id, purpose },
      {
        onSuccess: ({ url }) => {
          queue.clearFinished();
          onChange(url);
        },
        onError: (err) => {
          queue.clearFinished();
          toast.danger(
            err instanceof ApiError
              ? (err.errors?.file_entry_id?.[0] ?? err.message)
              : trans('The image could not be used.'),
          );
        },
      },
    ),
  );
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-end gap-3">
        <TextField
          className="min-w-0 flex-1"
          label={label}
          description={description}
          placeholder={trans('/images/… or https://…')}
          value={value ?? ''}
          errorMessage={error}
          onChange={(text) => onChange(text.trim() || null)}
        />
        <span
          className={cx(
            'mb-6 flex h-10 w-16 shrink-0 items-center justify-center rounded-theme border border-divider p-1',
            backdrop === 'dark' ? 'bg-neutral-900' : 'bg-white',
          )}
        >
          {value ? (
            <img src={value} alt="" className="max-h-full max-w-full object-contain" />
          ) : (
            <ImageIcon aria-hidden="true" className="size-4 text-neutral-500" />
          )}
        </span>
      </div>
      <div className="flex flex-wrap items-start gap-2">
        <UploadQueueButton
          queue={queue}
          inputLabel={trans('{label}: choose an image', { label })}
          accept={ACCEPT}
          isDisabled={make.isPending || busy}
          className="min-w-0 flex-1"
        >
          {trans('Upload')}
        </UploadQueueButton>
        {value && (
          <Button variant="text" onPress={() => onChange(null)}>
            <Trash2 aria-hidden="true" className="size-4" />
            {trans('Remove')}
          </Button>
        )}
      </div>
    </div>
  );
}
