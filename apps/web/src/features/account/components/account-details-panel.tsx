import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_ERROR_MESSAGE, msg, updateAccountRequestSchema } from '@zema/contracts';
import { Trash2, Upload } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { UserAvatar } from '#src/components/user-avatar';
import {
  addSingleFile,
  isUploading,
  UploadQueueProgress,
  useLatestUpload,
  useOnUploaded,
  useUploadQueue,
} from '#src/features/uploads';
import { ApiError } from '#src/lib/api-error';
import { Trans, useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { cx } from '#src/ui/cx';
import { Form, FormTextField, fieldErrorClass, fieldLabelClass, TextField } from '#src/ui/field';
import { applyServerErrors } from '#src/ui/form-errors';
import { toast } from '#src/ui/toast';
import type { AccountSettingsUser } from '../api/get-account';
import { useRemoveAvatar } from '../api/remove-avatar';
import { useSetAvatarFromUpload } from '../api/set-avatar-from-upload';
import { useUpdateAccount } from '../api/update-account';
import { ACCOUNT_TEXTS } from '../lib/account-texts';
import { validateAvatarFile } from '../lib/validate-avatar';
import { ChangeEmailDialog } from './change-email-dialog';
import { SettingsPanel } from './settings-panel';

// The contract's name fields (length limits and their messages); the form always holds strings.
const { first_name, last_name } = updateAccountRequestSchema.shape;
const nameSchema = z.object({
  first_name: first_name.unwrap().unwrap(),
  last_name: last_name.unwrap().unwrap(),
});
type NameValues = z.infer<typeof nameSchema>;

/** Email (changed through a mailed code), name (PUT users/me) and profile image. */
export function AccountDetailsPanel({ user }: { user: AccountSettingsUser }) {
  return (
    <SettingsPanel
      id="account-details"
      title={msg('Account details')}
      description={msg('Your name and profile image, as others see them.')}
    >
      <div className="flex flex-col gap-8 md:flex-row-reverse md:items-start md:justify-end md:gap-12">
        <AvatarForm user={user} />
        <div className="flex w-full max-w-md flex-col gap-5">
          <EmailRow email={user.email} />
          <NameForm user={user} />
        </div>
      </div>
    </SettingsPanel>
  );
}

/** The account's email, read-only here; "Change email" opens the code dialog. */
function EmailRow({ email }: { email: string }) {
  const [isOpen, setOpen] = useState(false);
  const { trans } = useTrans();
  return (
    <div className="flex items-end gap-2">
      <TextField label={trans('Email')} value={email} isReadOnly className="min-w-0 flex-1" />
      <Button variant="outline" onPress={() => setOpen(true)}>
        <Trans message="Change email" />
      </Button>
      <ChangeEmailDialog isOpen={isOpen} onClose={() => setOpen(false)} />
    </div>
  );
}

function NameForm({ user }: { user: AccountSettingsUser }) {
  const update = useUpdateAccount();
  const { trans } = useTrans();
  const form = useForm<NameValues>({
    resolver: zodResolver(nameSchema),
    defaultValues: { first_name: user.first_name ?? '', last_name: user.last_name ?? '' },
  });

  const onSubmit = (values: NameValues) => {
    update.mutate(
      { first_name: values.first_name.trim(), last_name: values.last_name.trim() },
      {
        onSuccess: (saved) => {
          form.reset({ first_name: saved.first_name ?? '', last_name: saved.last_name ?? '' });
          toast.positive(trans(ACCOUNT_TEXTS.updatedDetails));
        },
        onError: (error) => applyServerErrors(form, error),
      },
    );
  };

  return (
    <Form form={form} onSubmit={onSubmit} aria-label={trans('Name')} className="w-full">
      <FormTextField<NameValues> name="first_name" label={trans('First name')} autoComplete="given-name" />
      <FormTextField<NameValues> name="last_name" label={trans('Last name')} autoComplete="family-name" />
      <div>
        <Button type="submit" isPending={update.isPending}>
          <Trans message="Save" />
        </Button>
      </div>
    </Form>
  );
}

const AVATAR_ACCEPT = ['image/*'];
const AVATAR_UPLOAD = { uploadType: 'avatar' };

/**
 * Profile image: a preview, a file input (image types, ≤ 2 MB, checked before anything is sent),
 * Upload and Remove. The picture goes through the upload queue (one plain request at this size,
 * with its progress, Cancel and Retry under the form), then becomes the avatar by its file entry;
 * the server re-encodes it.
 */
function AvatarForm({ user }: { user: AccountSettingsUser }) {
  const inputId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const queue = useUploadQueue({ accept: AVATAR_ACCEPT, metadata: AVATAR_UPLOAD });
  const uploading = isUploading(useLatestUpload(queue));
  const setAvatar = useSetAvatarFromUpload();
  const remove = useRemoveAvatar();
  const { trans } = useTrans();

  useOnUploaded(queue, (entry) =>
    setAvatar.mutate(
      { userId: user.id, fileEntryId: entry.id },
      {
        onSuccess: () => {
          if (input.current) input.current.value = '';
          queue.clearFinished();
          toast.positive(trans(ACCOUNT_TEXTS.uploadedAvatar));
        },
        onError: (err) => {
          queue.clearFinished();
          const message =
            err instanceof ApiError ? (err.errors?.file?.[0] ?? err.errors?.url?.[0]) : undefined;
          if (message) {
            setError(message);
            input.current?.focus();
          } else {
            toast.danger(err instanceof ApiError ? err.message : trans(DEFAULT_ERROR_MESSAGE));
          }
        },
      },
    ),
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = input.current?.files?.[0] ?? null;
    const problem = validateAvatarFile(file);
    setError(problem && trans(problem));
    if (problem || !file) {
      input.current?.focus();
      return;
    }
    addSingleFile(queue, file);
  };

  const onRemove = () => {
    remove.mutate(user.id, {
      onSuccess: () => toast.positive(trans(ACCOUNT_TEXTS.removedAvatar)),
      // SPEC §8: a generic error toast when removing the avatar fails.
      onError: () => toast.danger(trans(DEFAULT_ERROR_MESSAGE)),
    });
  };

  return (
    <form onSubmit={onSubmit} aria-label={trans('Profile image')} noValidate className="flex flex-col gap-3">
      <span className={fieldLabelClass}>{trans('Profile image')}</span>
      <div className="flex items-center gap-4">
        <UserAvatar name={user.display_name} src={user.avatar} className="size-20 shrink-0 text-2xl" />
        <div className="flex min-w-0 flex-col gap-2">
          <label htmlFor={inputId} className="text-xs text-muted">
            {trans('Choose an image (PNG, JPG, GIF or WebP, up to 2 MB)')}
          </label>
          <input
            ref={input}
            id={inputId}
            name="file"
            type="file"
            accept="image/*"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={() => setError(null)}
            className={cx(
              'w-full max-w-64 text-sm text-muted file:mr-3 file:cursor-pointer file:rounded-theme file:border file:border-divider file:bg-bg file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-fg hover:file:bg-hover',
            )}
          />
        </div>
      </div>
      {error && (
        <p id={errorId} role="alert" className={fieldErrorClass}>
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          size="sm"
          isPending={uploading || setAvatar.isPending}
          startIcon={<Upload aria-hidden="true" className="size-4" />}
        >
          {trans('Upload')}
        </Button>
        {user.avatar && (
          <Button
            variant="outline"
            size="sm"
            isPending={remove.isPending}
            onPress={onRemove}
            startIcon={<Trash2 aria-hidden="true" className="size-4" />}
          >
            {trans('Remove')}
          </Button>
        )}
      </div>
      <UploadQueueProgress queue={queue} className="max-w-md" />
    </form>
  );
}
