import { zodResolver } from '@hookform/resolvers/zod';
import {
  APP_PASSWORD_NAME_MAX_LENGTH,
  type CreateAppPasswordResponse,
  createAppPasswordRequestSchema,
  msg,
} from '@zema/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { CopyField } from '#src/ui/copy-field';
import { Dialog } from '#src/ui/dialog';
import { Form, FormTextField } from '#src/ui/field';
import { applyServerErrors } from '#src/ui/form-errors';
import { OneTimeSecret } from '#src/ui/one-time-secret';
import { useCreateAppPassword } from '../api/create-app-password';

export const APP_PASSWORD_TEXTS = {
  create: msg('Create app password'),
  created: msg('App password created'),
  warning: msg('Copy it now: you will not see it again.'),
  signIn: msg('In your app, sign in with the server address, your username and this password.'),
  serverAddress: msg('Server address'),
  username: msg('Username'),
} as const;

interface Values {
  name: string;
}

/**
 * Connected apps' create dialog: the name form, then the generated password once, beside the
 * server address and username the app asks for, each with a copy button.
 */
export function CreateAppPasswordDialog({
  isOpen,
  onClose,
  serverAddress,
}: {
  isOpen: boolean;
  onClose: () => void;
  serverAddress: string;
}) {
  const { trans } = useTrans();
  const create = useCreateAppPassword();
  const [created, setCreated] = useState<CreateAppPasswordResponse | null>(null);
  // Checked with the contract's schema (required after trimming, at most the name length).
  const form = useForm<Values>({
    resolver: zodResolver(createAppPasswordRequestSchema),
    defaultValues: { name: '' },
  });

  const close = () => {
    // The password is forgotten when the dialog closes: the server never answers it again.
    setCreated(null);
    form.reset({ name: '' });
    create.reset();
    onClose();
  };

  const onSubmit = (values: Values) => {
    create.mutate(values.name.trim(), {
      onSuccess: setCreated,
      onError: (error) => applyServerErrors(form, error),
    });
  };

  return (
    <Dialog
      title={trans(created ? APP_PASSWORD_TEXTS.created : APP_PASSWORD_TEXTS.create)}
      size="md"
      isOpen={isOpen}
      isDismissable={!created}
      onOpenChange={(open) => {
        if (!open) close();
      }}
    >
      {created ? (
        <OneTimeSecret
          value={created.password}
          label={trans('App password')}
          copyLabel={trans('Copy app password')}
          warning={trans(APP_PASSWORD_TEXTS.warning)}
          onDone={close}
        >
          <p className="text-sm text-muted">{trans(APP_PASSWORD_TEXTS.signIn)}</p>
          <CopyField
            label={trans(APP_PASSWORD_TEXTS.serverAddress)}
            value={serverAddress}
            copyLabel={trans('Copy server address')}
          />
          <CopyField
            label={trans(APP_PASSWORD_TEXTS.username)}
            value={created.username}
            copyLabel={trans('Copy username')}
          />
        </OneTimeSecret>
      ) : (
        <Form form={form} onSubmit={onSubmit} aria-label={trans(APP_PASSWORD_TEXTS.create)} className="pb-2">
          <FormTextField<Values>
            name="name"
            label={trans('Name')}
            description={trans('Which app or device is it for? You will see this name in the list.')}
            placeholder={trans('My phone')}
            autoFocus
            maxLength={APP_PASSWORD_NAME_MAX_LENGTH}
          />
          <div className="flex justify-end gap-2">
            <Button variant="text" onPress={close}>
              {trans('Cancel')}
            </Button>
            <Button type="submit" isPending={create.isPending}>
              {trans('Create')}
            </Button>
          </div>
        </Form>
      )}
    </Dialog>
  );
}
