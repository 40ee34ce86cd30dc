import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '#src/ui/button';
import { Dialog } from '#src/ui/dialog';
import { Form, FormTextField } from '#src/ui/field';
import { applyServerErrors } from '#src/ui/form-errors';
import { useConfirmPassword } from './confirm-password';

export const CONFIRM_PASSWORD_TEXTS = {
  title: 'Confirm password',
  description: 'For your security, please confirm your password to continue.',
  required: 'The password field is required.',
} as const;

interface Values {
  password: string;
}

export interface ConfirmPasswordDialogProps {
  isOpen: boolean;
  onConfirmed: () => void;
  onCancel: () => void;
}

/** Asks for the current password and confirms it with the server (SPEC §4 Password confirmation). */
export function ConfirmPasswordDialog({ isOpen, onConfirmed, onCancel }: ConfirmPasswordDialogProps) {
  const confirm = useConfirmPassword();
  const form = useForm<Values>({ defaultValues: { password: '' } });
  const { reset } = form;

  useEffect(() => {
    if (isOpen) reset({ password: '' });
  }, [isOpen, reset]);

  const onSubmit = (values: Values) => {
    confirm.mutate(values.password, {
      onSuccess: () => onConfirmed(),
      onError: (error) => applyServerErrors(form, error),
    });
  };

  return (
    <Dialog
      title={CONFIRM_PASSWORD_TEXTS.title}
      size="sm"
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
    >
      <Form form={form} onSubmit={onSubmit} aria-label={CONFIRM_PASSWORD_TEXTS.title}>
        <p className="text-sm text-muted">{CONFIRM_PASSWORD_TEXTS.description}</p>
        <FormTextField<Values>
          name="password"
          type="password"
          label="Password"
          autoComplete="current-password"
          autoFocus
          rules={{ required: CONFIRM_PASSWORD_TEXTS.required }}
        />
        <div className="flex justify-end gap-2">
          <Button variant="text" onPress={onCancel}>
            Cancel
          </Button>
          <Button type="submit" isPending={confirm.isPending}>
            Confirm
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
