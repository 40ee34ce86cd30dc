import { zodResolver } from '@hookform/resolvers/zod';
import { ACCESS_TOKEN_NAME_MAX_LENGTH, createAccessTokenRequestSchema, msg } from '@zema/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { Dialog } from '#src/ui/dialog';
import { Form, FormTextField } from '#src/ui/field';
import { applyServerErrors } from '#src/ui/form-errors';
import { OneTimeSecret } from '#src/ui/one-time-secret';
import { useCreateAccessToken } from '../api/create-access-token';

export const TOKEN_TEXTS = {
  create: msg('Create token'),
  warning: msg("Make sure to copy your new token now. You won't be able to see it again."),
  created: msg('Token created'),
} as const;

interface Values {
  tokenName: string;
}

/** SPEC §4 access token dialog: the name form, then the plain token once with a copy button. */
export function CreateTokenDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { trans } = useTrans();
  const create = useCreateAccessToken();
  const [plainToken, setPlainToken] = useState<string | null>(null);
  // Checked with the contract's schema (required after trimming, at most the name length).
  const form = useForm<Values>({
    resolver: zodResolver(createAccessTokenRequestSchema),
    defaultValues: { tokenName: '' },
  });

  const close = () => {
    // The token is forgotten when the dialog closes: it cannot be viewed again.
    setPlainToken(null);
    form.reset({ tokenName: '' });
    create.reset();
    onClose();
  };

  const onSubmit = (values: Values) => {
    create.mutate(values.tokenName.trim(), {
      onSuccess: (answer) => setPlainToken(answer.plainTextToken),
      onError: (error) => applyServerErrors(form, error),
    });
  };

  return (
    <Dialog
      title={trans(plainToken ? TOKEN_TEXTS.created : TOKEN_TEXTS.create)}
      size="md"
      isOpen={isOpen}
      isDismissable={!plainToken}
      onOpenChange={(open) => {
        if (!open) close();
      }}
    >
      {plainToken ? (
        <OneTimeSecret
          value={plainToken}
          label={trans('Your new token')}
          copyLabel={trans('Copy token')}
          warning={trans(TOKEN_TEXTS.warning)}
          onDone={close}
        />
      ) : (
        <Form form={form} onSubmit={onSubmit} aria-label={trans(TOKEN_TEXTS.create)} className="pb-2">
          <FormTextField<Values>
            name="tokenName"
            label={trans('Token name')}
            description={trans('What will this token be used for?')}
            autoFocus
            maxLength={ACCESS_TOKEN_NAME_MAX_LENGTH}
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
